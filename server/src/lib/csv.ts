/**
 * The one CSV writer of the server: every file it hands out (the audit log, the newsletter
 * subscribers in the back office and on the command line) is written here, so every export is
 * safe in the same way.
 *
 * CSV for Excel as German offices open it: UTF-8 with a byte order mark (without it Excel reads
 * the file as Windows-1252 and breaks umlauts), `;` between cells (German Excel's list separator;
 * a `,` file opens as one column), CRLF line ends, cells quoted when they hold `;`, `"` or a line
 * break (quotes doubled). A cell that starts with `=`, `+`, `-`, `@`, a tab or a line break gets a
 * leading `'`, so a spreadsheet shows it as text and never runs it as a formula (CSV injection:
 * reasons, slogans and e-mail addresses come from people).
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<CsvValue>): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** The start of a file: the byte order mark and the header line (a file written in pieces goes on with `csvLine`). */
export function csvHead(header: ReadonlyArray<string>): string {
  return CSV_BOM + csvLine(header);
}

/** A whole file: byte order mark, header line, one line per row. */
export function csvFile(header: ReadonlyArray<string>, rows: Iterable<ReadonlyArray<CsvValue>>): string {
  let text = csvHead(header);
  for (const row of rows) text += csvLine(row);
  return text;
}
