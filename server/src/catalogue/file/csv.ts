// CSV as RFC 4180 writes it (comma, double quotes, CRLF), read with each record's line number for the import's
// messages. A spreadsheet opens what we write: UTF-8 with a byte-order mark (Excel needs it to read Arabic), and a
// cell that would start a formula (=, +, -, @, tab, CR) carries a leading apostrophe, which reading takes off again;
// an apostrophe of the value's own comes back as it was.

/** A record of a read file: its cells, and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The cells that get the guard: a formula start (=, +, -, @, tab, CR), or apostrophes before one. Guarding the second kind too is what lets
 * reading take off exactly one apostrophe, and only one it can tell was ours: a value of the user's that begins with
 * an apostrophe ('quoted, '-5 mm) comes back as it was.
 */
const GUARDED = /^'*[=+\-@\t\r]/;

/** One cell as written: the apostrophe guard, then quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvCell(value: string): string {
  const guarded = GUARDED.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A whole file: a byte-order mark, the header, then each row; CRLF line ends. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Takes off the guard csvCell put on a cell: its first apostrophe, only when what follows is a cell csvCell guards. */
export const unguardCell = (value: string): string => (value.startsWith("'") && GUARDED.test(value.slice(1)) ? value.slice(1) : value);

export class CsvSyntaxError extends Error {}

/** Thrown when a text passes readCsv's limits: the message says which, in words. */
export class CsvLimitError extends Error {}

/**
 * Every record of a CSV text, the header first; fully blank lines are skipped. Throws CsvSyntaxError with the line.
 * With `limits`, more than `records` records, or a cell holding something past the `cells`th of its record, throw
 * CsvLimitError (empty cells past it are dropped: a row of commas holds nothing).
 */
export function readCsv(text: string, limits?: { records: number; cells: number }): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellStarted = false;
  // the column of the cell being read, counted on past the cells dropped
  let column = 1;
  const endCell = () => {
    column += 1;
    if (limits !== undefined && cells.length >= limits.cells) {
      if (cell.trim() !== '') throw new CsvLimitError(`Line ${recordLine} has something in column ${column - 1}: an import reads ${limits.cells} columns at most (the catalogue has 13).`);
      cell = '';
      cellStarted = false;
      return;
    }
    cells.push(unguardCell(cell));
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) {
      if (limits !== undefined && records.length >= limits.records) {
        throw new CsvLimitError(`The file has more than ${(limits.records - 1).toLocaleString('en')} product rows: an import takes ${(limits.records - 1).toLocaleString('en')} at most. Split it into several files.`);
      }
      records.push({ line: recordLine, cells });
    }
    cells = [];
    column = 1;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      if (cellStarted) throw new CsvSyntaxError(`line ${line}: a quote in the middle of an unquoted cell (write it as "" inside a quoted cell)`);
      quoted = true;
      cellStarted = true;
    } else if (char === ',') {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvSyntaxError(`line ${recordLine}: a quoted cell is never closed`);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
