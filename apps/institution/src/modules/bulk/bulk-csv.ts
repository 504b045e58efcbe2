/**
 * The columns of a bulk import's header row, found case-insensitively (extra columns are
 * ignored). The service looks at the header only, to refuse a file without an email column at
 * once; the worker's job reads the rows.
 */
export const BULK_COLUMNS = ['email', 'name', 'role'] as const;

/** how far into the file the header is looked for: an uploaded file is read this far and no further */
export const CSV_HEADER_BYTES = 4096;

/** the first line of the file, as far as a header can reach (a header with a quoted line break is not expected) */
export function headerColumns(csv: Buffer): string[] {
  const end = csv.indexOf(0x0a);
  const line = csv.subarray(0, end === -1 ? Math.min(csv.length, CSV_HEADER_BYTES) : Math.min(end, CSV_HEADER_BYTES)).toString('utf8');
  return line
    .replace(/^\uFEFF/, '')
    .replace(/\r$/, '')
    .split(',')
    .map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
        .toLowerCase(),
    );
}

/** why the file cannot be imported, or null; `csv` may be the whole file or its first CSV_HEADER_BYTES */
export function csvProblem(csv: Buffer): string | null {
  if (!csv.length || !csv.toString('utf8', 0, Math.min(csv.length, CSV_HEADER_BYTES)).trim()) return 'The file is empty';
  if (!headerColumns(csv).includes('email')) return 'The first row must name the columns: email, name, role (email is required)';
  return null;
}
