/**
 * Writing CSV that a spreadsheet opens safely. Text that people typed (a bulk import's names,
 * a member's notes) may begin with a formula: `=HYPERLINK("http://evil","click")` runs when
 * Excel or LibreOffice opens the file. OWASP's CSV-injection rule: a cell that begins with
 * =, +, -, @, a tab or a carriage return gets a leading apostrophe, which spreadsheets show
 * as text and do not evaluate; then the cell is quoted as RFC 4180 says. Numbers we write
 * ourselves (a count, -3) stay numbers. Imports keep what they read as text: nothing here
 * or in the importer ever evaluates or strips a cell.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell, neutralised and quoted when it needs to be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header row, then the rows, CRLF line ends (what spreadsheets expect). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
