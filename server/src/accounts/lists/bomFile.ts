// A bill of materials as a buyer uploads it, CSV or an Excel workbook: each line's part (our code or the maker's part
// number) and quantity. Read within limits before anything is matched: the file's bytes, a workbook's unpacked bytes
// (a zip bomb stops at that limit, platform/spreadsheet/zip.ts), the lines a list holds (a request's most) and a
// cell's characters. A cell is text only: a formula is its text (never run), and the invisible characters that
// reorder or hide text (bidi controls, zero-width ones) are taken out before a reference is matched or shown.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QUOTE_LIMITS } from '@site/content/validation';
import { visibleLine } from '@site/contracts/text-field';
import { CsvLimitError, CsvSyntaxError, readCsv } from '../../platform/spreadsheet/csv.js';
import { readWorkbookRecords, WorkbookFormatError, WorkbookLimitError } from '../../platform/spreadsheet/workbook.js';

export const BOM_LIMITS = {
  /** The uploaded file. */
  bytes: 2 * 1024 * 1024,
  /** What a workbook's parts may unpack to, together. */
  unzippedBytes: 20 * 1024 * 1024,
  /** Part lines (below a header): a list becomes one request, which holds this many. */
  lines: QUOTE_LIMITS.maxLines,
  /** The last column read. */
  columns: 26,
  /** Characters of one cell. */
  cellCharacters: 200,
} as const;

/**
 * Rows read from a file at most, blank lines and a header among them: a list's lines with room around them, so a file
 * that spaces its lines out is read while one of 50,000 lines is refused before it is parsed.
 */
const ROWS_READ_MAX = BOM_LIMITS.lines * 4 + 16;

export interface BomLine {
  /** The file's line (CSV) or row (workbook). */
  line: number;
  /** Our code or the maker's part number, as the file gave it (cleaned). */
  reference: string;
  /** As the file gave it; '' when the line has none. */
  quantity: string;
}

export type BomRead =
  | { ok: true; lines: BomLine[] }
  | { ok: false; problem: 'empty' | 'unreadable' | 'tooBig' | 'notUtf8'; detail?: string };

/** A cell's text as the list keeps it: invisible characters (bidi controls, zero-width, BOM) out, spaces collapsed. */
const cleanCell = (text: string): string => visibleLine(text, BOM_LIMITS.cellCharacters);

/** Header words of the part's column and the quantity's, in either language. */
const REFERENCE_HEADER = /code|part|mpn|sku|item|ref|رمز|رقم|الصنف|القطعة/i;
const QUANTITY_HEADER = /qty|quant|كمية|الكمية|عدد/i;

/** The part's and quantity's columns: from a header row where the first row is one, else the first two. */
function columnsOf(first: readonly string[]): { header: boolean; reference: number; quantity: number } {
  const quantity = first.findIndex((cell) => QUANTITY_HEADER.test(cell));
  const reference = first.findIndex((cell, index) => index !== quantity && REFERENCE_HEADER.test(cell));
  if (quantity >= 0 && reference >= 0) return { header: true, reference, quantity };
  return { header: false, reference: 0, quantity: 1 };
}

function linesOf(records: readonly { line: number; cells: string[] }[]): BomRead {
  const rows = records
    .map((record) => ({ line: record.line, cells: record.cells.map(cleanCell) }))
    .filter((record) => record.cells.some((cell) => cell !== ''));
  const first = rows[0];
  if (first === undefined) return { ok: false, problem: 'empty' };
  const columns = columnsOf(first.cells);
  const lines = (columns.header ? rows.slice(1) : rows)
    .map((row) => ({
      line: row.line,
      reference: row.cells[columns.reference] ?? '',
      quantity: row.cells[columns.quantity] ?? '',
    }))
    .filter((line) => line.reference !== '');
  if (lines.length === 0) return { ok: false, problem: 'empty' };
  if (lines.length > BOM_LIMITS.lines) return { ok: false, problem: 'tooBig' };
  return { ok: true, lines };
}

/** The separator a spreadsheet saved the file with: a comma unless the first line has none and has a ; or a tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes('\t')) return '\t';
  return firstLine.includes(';') ? ';' : ',';
}

function readCsvBom(bytes: Buffer): BomRead {
  let text: string;
  try {
    // Excel's "Unicode text" is UTF-16 with its byte-order mark; everything else must be UTF-8
    text =
      bytes[0] === 0xff && bytes[1] === 0xfe
        ? new TextDecoder('utf-16le').decode(bytes)
        : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: 'notUtf8' };
  }
  // more lines than a list holds (a header and blank lines aside) are refused before any is parsed
  let lineEnds = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineEnds += 1;
  if (lineEnds > ROWS_READ_MAX) return { ok: false, problem: 'tooBig' };
  try {
    const records = readCsv(text, { records: ROWS_READ_MAX, cells: BOM_LIMITS.columns }, delimiterOf(text));
    if (records.some((record) => record.cells.some((cell) => cell.length > BOM_LIMITS.cellCharacters * 4)))
      return { ok: false, problem: 'tooBig' };
    return linesOf(records);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, problem: 'unreadable', detail: error.message };
    if (error instanceof CsvLimitError) return { ok: false, problem: 'tooBig' };
    throw error;
  }
}

async function readWorkbookBom(bytes: Buffer): Promise<BomRead> {
  // the workbook reader reads a file (its zip's directory is at the end): the upload goes to a private folder first
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bom-'));
  try {
    const file = path.join(folder, 'list.xlsx');
    await writeFile(file, bytes, { mode: 0o600 });
    const records = await readWorkbookRecords(file, {
      unzippedBytes: BOM_LIMITS.unzippedBytes,
      rows: ROWS_READ_MAX,
      columns: BOM_LIMITS.columns,
      cellCharacters: BOM_LIMITS.cellCharacters * 4,
    });
    return linesOf(records);
  } catch (error) {
    if (error instanceof WorkbookLimitError) return { ok: false, problem: 'tooBig' };
    if (error instanceof WorkbookFormatError) return { ok: false, problem: 'unreadable', detail: error.message };
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The list's lines from an uploaded file: a workbook by its zip signature (whatever its name), else CSV text. */
export function readBomFile(bytes: Buffer): Promise<BomRead> {
  if (bytes.length === 0) return Promise.resolve({ ok: false, problem: 'empty' });
  if (bytes.length > BOM_LIMITS.bytes) return Promise.resolve({ ok: false, problem: 'tooBig' });
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return zip ? readWorkbookBom(bytes) : Promise.resolve(readCsvBom(bytes));
}
