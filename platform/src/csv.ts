/** One CSV column: its header and its value for a row. */
export type CsvColumn<R> = [name: string, value: (row: R) => unknown];

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is prefixed with an apostrophe. */
const csvCell = (v: unknown) => {
  let s = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A header line and a line per row, each ended by CRLF (RFC 4180). */
export function toCsv<R>(columns: CsvColumn<R>[], rows: Iterable<R>): string {
  const lines = [columns.map(([name]) => name).join(',')];
  for (const row of rows) lines.push(columns.map(([, value]) => csvCell(value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
