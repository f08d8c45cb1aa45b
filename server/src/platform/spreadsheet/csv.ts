// CSV as RFC 4180 writes it (comma, double quotes, CRLF), for every CSV the site writes and reads (the catalogue's
// file, the staff inbox's export): csv-stringify writes it, csv-parse reads it. A spreadsheet opens what we write: UTF-8
// with a byte-order mark (Excel needs it to read Arabic), each cell through the formula guard (formulaGuard.ts), quoted
// where a separator of any locale, a quote, a line break or edge spaces would otherwise change what it reads. Reading
// gives each record with the line it starts on (for the import's messages) and takes the guard off again.
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { guardFormula, unguardFormula } from './formulaGuard.js';

export const CSV_BOM = '\uFEFF';

/**
 * What makes a cell need quotes: a quote or line break, the field separator of any locale a spreadsheet may split the
 * file on (comma; semicolon where the comma is the decimal mark; tab), and spaces at an edge (which some readers trim).
 */
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** A cell as the writers give it: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

/** The rows as CSV, each ending in CRLF, every cell guarded (no byte-order mark: see writeCsv). */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  const guarded = rows.map((row) => row.map((value) => guardFormula(value === null ? '' : String(value))));
  return stringify(guarded, { record_delimiter: '\r\n', quoted_match: NEEDS_QUOTES });
}

/** A whole file: the byte-order mark, the header, then each row. */
export const writeCsv = (header: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  CSV_BOM + csvRows([header, ...rows]);

/** A record of a read file: its cells, and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {}

/** Thrown when a text passes readCsv's limits: the message says which, in words. */
export class CsvLimitError extends Error {}

/** csv-parse's refusals, in the words the import shows (`line`: where the record starts; `at`: where it stopped). */
function syntaxError(error: CsvError, line: number): CsvSyntaxError {
  const at = (error as CsvError & { lines?: number }).lines ?? line;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new CsvSyntaxError(`line ${line}: a quoted cell is never closed`);
  if (error.code === 'INVALID_OPENING_QUOTE')
    return new CsvSyntaxError(
      `line ${at}: a quote in the middle of an unquoted cell (write it as "" inside a quoted cell)`,
    );
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE')
    return new CsvSyntaxError(
      `line ${at}: text after a quoted cell's closing quote (write a quote inside a quoted cell as "")`,
    );
  return new CsvSyntaxError(`line ${at}: ${error.message}`);
}

/**
 * Every record of a CSV text, the header first; fully blank lines are skipped. Throws CsvSyntaxError with the line.
 * With `limits`, more than `records` records, or a cell holding something past the `cells`th of its record, throw
 * CsvLimitError (empty cells past it are dropped: a row of commas holds nothing). Any line end is a record's end (a
 * file edited on several systems mixes them).
 */
export function readCsv(
  text: string,
  limits?: { records: number; cells: number },
  /** The field separator: a comma, or where a spreadsheet saved another (a semicolon, a tab), that one. */
  delimiter = ',',
): CsvRecord[] {
  // the line the record being read starts on: the one after the last record's end (a blank line is a record to
  // csv-parse, left out below, so that every line is counted)
  let start = 1;
  // kept here, not returned by csv-parse (whose records are its cells): each with its line, the guard off
  const records: CsvRecord[] = [];
  try {
    parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (cells, { lines }) => {
        const line = start;
        start = lines + 1;
        if (cells.length === 1 && cells[0] === '') return null;
        if (limits !== undefined) {
          if (records.length >= limits.records) {
            throw new CsvLimitError(
              `The file has more than ${(limits.records - 1).toLocaleString('en')} product rows: an import takes ${(limits.records - 1).toLocaleString('en')} at most. Split it into several files.`,
            );
          }
          const past = cells.findIndex((cell, index) => index >= limits.cells && cell.trim() !== '');
          if (past >= 0)
            throw new CsvLimitError(
              `Line ${line} has something in column ${past + 1}: an import reads ${limits.cells} columns at most (the catalogue has 13).`,
            );
          cells.length = Math.min(cells.length, limits.cells);
        }
        records.push({ line, cells: cells.map(unguardFormula) });
        return null;
      },
    });
    return records;
  } catch (error) {
    if (error instanceof CsvError) throw syntaxError(error, start);
    throw error;
  }
}
