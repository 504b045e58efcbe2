/**
 * The columns of a bulk import's header row, found case-insensitively (extra columns are
 * ignored). The service looks at the header only, to refuse a file without an email column at
 * once; the worker's job reads the rows.
 */
export const BULK_COLUMNS = ['email', 'name', 'role'] as const;

/** the first line of the file, as far as a header can reach (a header with a quoted line break is not expected) */
export function headerColumns(csv: Buffer): string[] {
  const end = csv.indexOf(0x0a);
  const line = csv.subarray(0, end === -1 ? Math.min(csv.length, 4096) : Math.min(end, 4096)).toString('utf8');
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

/** why the file cannot be imported, or null */
export function csvProblem(csv: Buffer): string | null {
  if (!csv.length || !csv.toString('utf8', 0, Math.min(csv.length, 4096)).trim()) return 'The file is empty';
  if (!headerColumns(csv).includes('email')) return 'The first row must name the columns: email, name, role (email is required)';
  return null;
}
