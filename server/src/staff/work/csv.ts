// CSV for spreadsheets (RFC 4180 quoting, CRLF rows, a UTF-8 byte-order mark so Excel reads Arabic right), safe
// against formula injection: a cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's rule).
export const CSV_BOM = '\uFEFF';

/** Starts a spreadsheet treats as a formula (or as the start of one: tab and CR before it). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
