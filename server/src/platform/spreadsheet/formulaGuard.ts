// The one rule for text the site writes into a file a spreadsheet opens (the inbox's CSV, the catalogue's CSV and
// workbook, the staff's orders): a cell a spreadsheet would run as a formula opens as text instead (formula
// injection, OWASP's rule).
//
// A formula starts with =, + , - or @; tab, CR and ';' may come before one (a ';' is the field separator where the
// comma is the decimal mark, so a cell starting with it splits there). In CSV the guard is a leading apostrophe, which a
// spreadsheet shows as "this is text" and does not display. A formula start after a separator of any locale or a line
// break inside the cell gets one too: a spreadsheet splitting on ';' or tab sees our quotes only at the start of a
// field, so in `Aisha,"semi;=1+1"` its second field would be `=1+1"`. A workbook's cells are text cells (csv.ts has
// the CSV; workbookCells.ts the workbook).
//
// Reading takes the guard off again (unguardFormula): apostrophes of the value's own before a guarded start get one
// more, so exactly the one written is taken off and a value such as `'-5 mm` comes back as it was.

/** A cell's start a spreadsheet runs, or reads as the start of, a formula (after any apostrophes of its own). */
const GUARDED_START = /^'*[=+\-@\t\r;]/;

/** A formula start after a separator of any locale (comma, semicolon, tab) or a line break, spaces between. */
const GUARDED_INSIDE = /([,;\t\r\n] *)(?='*[=+\-@])/g;

/** The guard's apostrophes written by guardFormula inside a cell, each found where guardFormula put it. */
const GUARD_INSIDE = /([,;\t\r\n] *)'(?='*[=+\-@])/g;

/** Whether a spreadsheet would take a cell's text, as it stands, for a formula (or split it where one starts). */
export const startsFormula = (text: string): boolean => /^[=+\-@\t\r;]/.test(text);

/** The text as written to a CSV cell: an apostrophe before each formula start, at the start or after a separator. */
export function guardFormula(text: string): string {
  const started = GUARDED_START.test(text) ? `'${text}` : text;
  return started.replace(GUARDED_INSIDE, "$1'");
}

/** The value guardFormula was given: each apostrophe it put is taken off, and nothing else. */
export function unguardFormula(cell: string): string {
  // no apostrophe, no guard (most cells: a feed of a million reads this per cell)
  if (!cell.includes("'")) return cell;
  const inside = cell.replace(GUARD_INSIDE, '$1');
  return inside.startsWith("'") && GUARDED_START.test(inside.slice(1)) ? inside.slice(1) : inside;
}
