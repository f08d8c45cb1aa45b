// CSV for spreadsheets (RFC 4180 quoting, CRLF rows, a UTF-8 byte-order mark so Excel reads Arabic right), safe
// against formula injection: a cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's rule).
export const CSV_BOM = '\uFEFF';

/** Starts a spreadsheet treats as a formula (or as the start of one: tab and CR before it). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * What makes a cell need quotes: a quote or line break, and the field separator of *any* locale a spreadsheet may
 * use to split the file (comma; semicolon where the comma is the decimal mark; tab). Unquoted, `semi;=1+1` opened
 * with `;` as separator becomes two cells, the second a formula the leading-character guard never saw.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;
/**
 * A formula start right after a separator of another locale or a line break. Quotes alone do not hold there: a
 * spreadsheet splitting on `;` sees our `"` only at the start of a field, so in `Aisha,"semi;=1+1"` its second field
 * is `=1+1"`. Such a start gets the apostrophe too (`semi;'=1+1`): text in every locale.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][ ]*)(?=[=+\-@])/g;

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
