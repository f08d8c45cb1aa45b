// The catalogue file on disk: CSV (spreadsheet/csv.ts) or an Excel workbook (.xlsx: the first sheet, the header in row
// 1; read as a stream within IMPORT_LIMITS by workbook.ts, written by ExcelJS's streaming writer). A workbook's formula
// cells are read as their formula's text, never as a result it computed; every cell is written as text, so a
// spreadsheet program shows exactly what the catalogue holds and reads it back unchanged (the formula guard's rule
// for a workbook: spreadsheet/formulaGuard.ts).
import { createWriteStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, type CatalogueFileFormat } from '@site/contracts/staff-catalogue-api';
import { CATALOGUE_COLUMNS, rowsFromRecords, type CatalogueFileRow, type NumberedRow } from './columns.js';
import { CsvLimitError, CsvSyntaxError, readCsv, writeCsv } from '../../platform/spreadsheet/csv.js';
import { EXCEL_CELL_MAX, workbookCell } from '../../platform/spreadsheet/workbookCells.js';
import { readWorkbookRecords, WorkbookFormatError, WorkbookLimitError } from '../../platform/spreadsheet/workbook.js';

/** The largest file an import reads (the staff app's upload stops there too). */
export const MAX_IMPORT_BYTES = IMPORT_MAX_BYTES;

export type { CatalogueFileFormat };

export function fileFormat(file: string): CatalogueFileFormat | undefined {
  const extension = path.extname(file).toLowerCase();
  return extension === '.csv' ? 'csv' : extension === '.xlsx' ? 'xlsx' : undefined;
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * What an import reads at most, whatever the file (docs/catalogue.md, "The import's limits"): a file past one is
 * refused with a sentence saying which (the staff app answers 413), before it can take the server's memory.
 */
export const IMPORT_LIMITS = {
  /** Product rows below the header: the 100,000-product catalogue's own export imports back, with room to grow. */
  rows: 150_000,
  /** The last column a cell holding something may be in: the catalogue's 13, and room for notes beside them. */
  columns: 64,
  /** Characters of a workbook's cell: Excel's own limit (a CSV cell may be longer, within the file's 50 MB). */
  cellCharacters: EXCEL_CELL_MAX,
  /**
   * What a workbook's parts may expand to once unzipped, together: the export of 100,000 products is 16 MB zipped
   * and 165 MB unzipped. (A CSV file is its own size: MAX_IMPORT_BYTES.)
   */
  unzippedBytes: 256 * 1024 * 1024,
} as const;

/** A file's rows, or why it cannot be read: `limit` when it passes one of IMPORT_LIMITS (or MAX_IMPORT_BYTES). */
export type CatalogueFileRead = { rows: NumberedRow[] } | { problems: string[]; limit?: true };

/** The rows of a file, or the problems that stop it being read at all (too big, unknown type, bad CSV, bad header). */
export async function readCatalogueFile(file: string): Promise<CatalogueFileRead> {
  const format = fileFormat(file);
  if (format === undefined) return { problems: [`${file}: the file must end in .csv or .xlsx`] };
  return readCatalogueFileAs(file, format);
}

/** readCatalogueFile of a file whose format is known otherwise (the staff app's upload: by its content). */
export async function readCatalogueFileAs(file: string, format: CatalogueFileFormat): Promise<CatalogueFileRead> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    return {
      problems: [`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`],
    };
  }
  if (size > MAX_IMPORT_BYTES)
    return {
      problems: [`${file} is ${megabytes(size)}: an import takes files of ${megabytes(MAX_IMPORT_BYTES)} at most`],
      limit: true,
    };
  try {
    const records =
      format === 'csv'
        ? readCsv(await readFile(file, 'utf8'), { records: IMPORT_LIMITS.rows + 1, cells: IMPORT_LIMITS.columns })
        : await readWorkbookRecords(file, IMPORT_LIMITS);
    return rowsFromRecords(records);
  } catch (error) {
    if (error instanceof CsvLimitError || error instanceof WorkbookLimitError)
      return { problems: [`${file}: ${error.message}`], limit: true };
    if (error instanceof CsvSyntaxError || error instanceof WorkbookFormatError)
      return { problems: [`${file}: ${error.message}`] };
    return {
      problems: [
        `${file} could not be read as ${format === 'csv' ? 'CSV' : 'an Excel workbook'}: ${error instanceof Error ? error.message : String(error)}`,
      ],
    };
  }
}

export async function writeCatalogueFile(file: string, rows: readonly CatalogueFileRow[]): Promise<void> {
  const format = fileFormat(file);
  if (format === undefined) throw new Error(`${file}: the file must end in .csv or .xlsx`);
  await writeCatalogueFileFrom(file, format, [rows]);
}

/** Thrown when a row cannot be written to a workbook (a cell over Excel's limit). */
export class CatalogueFileWriteError extends Error {}

/**
 * Writes the rows as they come, a batch at a time, so that the whole catalogue is never in memory (the export of
 * 100,000 products): CSV line by line, a workbook through ExcelJS's streaming writer (inline strings, every cell text).
 * Resolves to the number of rows written.
 */
export async function writeCatalogueFileFrom(
  file: string,
  format: CatalogueFileFormat,
  batches: AsyncIterable<readonly CatalogueFileRow[]> | Iterable<readonly CatalogueFileRow[]>,
): Promise<number> {
  let written = 0;
  if (format === 'csv') {
    const out = createWriteStream(file);
    const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
    const write = async (text: string) => {
      if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
    };
    try {
      // the same bytes as writeCsv makes of the whole: a byte-order mark, then every record ending in CRLF
      await write(writeCsv(CATALOGUE_COLUMNS, []));
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        await write(
          writeCsv(
            CATALOGUE_COLUMNS,
            batch.map((row) => CATALOGUE_COLUMNS.map((column) => row[column])),
          ).slice(CSV_HEAD.length),
        );
        written += batch.length;
      }
    } finally {
      out.end();
      await Promise.race([once(out, 'close'), failed]);
    }
    return written;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow([...CATALOGUE_COLUMNS]);
  header.font = { bold: true };
  header.commit();
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        if (CATALOGUE_COLUMNS.some((column) => row[column].length > EXCEL_CELL_MAX)) {
          throw new CatalogueFileWriteError(
            `Product ${row.id} has a cell longer than Excel's ${EXCEL_CELL_MAX.toLocaleString('en')} characters: export to .csv instead`,
          );
        }
        sheet.addRow(CATALOGUE_COLUMNS.map((column) => workbookCell(row[column]))).commit();
      }
      written += batch.length;
    }
  } finally {
    sheet.commit();
    await workbook.commit();
  }
  return written;
}

/** What writeCsv puts before the first row: the byte-order mark and the header's line. */
const CSV_HEAD = writeCsv(CATALOGUE_COLUMNS, []);

/**
 * The format of an uploaded file by its content, never its name: an Excel workbook is a zip (`PK\x03\x04`) holding
 * `xl/workbook.xml`; CSV is UTF-8 text without NUL or other control characters (tab, CR and LF aside) that does not
 * start like markup. Anything else is a sentence saying why it is refused.
 */
export async function catalogueFileTypeOf(
  file: string,
): Promise<{ format: CatalogueFileFormat } | { refused: string }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 4));
    await handle.read(head, 0, head.length, 0);
    if (head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
      // a zip's central directory (at its end) names its entries: a workbook has xl/workbook.xml
      const tailLength = Math.min(size, 4 * 1024 * 1024);
      const tail = Buffer.alloc(tailLength);
      await handle.read(tail, 0, tailLength, size - tailLength);
      if (tail.includes('xl/workbook.xml') && tail.includes('[Content_Types].xml')) return { format: 'xlsx' };
      return {
        refused:
          'The file is a zip archive but not an Excel workbook (.xlsx): save the catalogue from Excel as an .xlsx workbook, or as CSV.',
      };
    }
  } finally {
    await handle.close();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file));
  } catch {
    return {
      refused:
        'The file is neither an Excel workbook (.xlsx) nor CSV text in UTF-8: save it from your spreadsheet as .xlsx or as "CSV UTF-8".',
    };
  }
  // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text))
    return {
      refused:
        'The file is not CSV text: it holds control characters (is it a binary file?). Send a .csv or .xlsx catalogue file.',
    };
  if (/^\uFEFF?\s*</.test(text))
    return { refused: 'The file is not CSV: it looks like HTML or XML. Send a .csv or .xlsx catalogue file.' };
  return { format: 'csv' };
}
