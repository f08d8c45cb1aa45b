// The catalogue file on disk: CSV (csv.ts) or an Excel workbook (.xlsx, exceljs: the first sheet, the header in row 1).
// A workbook's formula cells are read as their formula's text, never as a result it computed; every cell is written as
// text, so a spreadsheet program shows exactly what the catalogue holds and reads it back unchanged.
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { CATALOGUE_COLUMNS, rowsFromRecords, type CatalogueFileRow, type NumberedRow } from './columns.js';
import { CsvSyntaxError, readCsv, writeCsv } from './csv.js';

/** The most characters an Excel cell holds (a longer one is cut when the workbook is opened). */
const EXCEL_CELL_MAX = 32_767;

/** The largest file an import reads. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export type CatalogueFileFormat = 'csv' | 'xlsx';

export function fileFormat(file: string): CatalogueFileFormat | undefined {
  const extension = path.extname(file).toLowerCase();
  return extension === '.csv' ? 'csv' : extension === '.xlsx' ? 'xlsx' : undefined;
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A workbook cell as the text it holds. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return `=${formula}`;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

async function readWorkbook(file: string): Promise<{ line: number; cells: string[] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return [];
  const records: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    // row.values is 1-based: index 0 is empty
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value));
    if (cells.some((cell) => cell.trim() !== '')) records.push({ line, cells });
  });
  return records;
}

/** The rows of a file, or the problems that stop it being read at all (too big, unknown type, bad CSV, bad header). */
export async function readCatalogueFile(file: string): Promise<{ rows: NumberedRow[] } | { problems: string[] }> {
  const format = fileFormat(file);
  if (format === undefined) return { problems: [`${file}: the file must end in .csv or .xlsx`] };
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    return { problems: [`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`] };
  }
  if (size > MAX_IMPORT_BYTES) return { problems: [`${file} is ${megabytes(size)}: an import takes files of ${megabytes(MAX_IMPORT_BYTES)} at most`] };
  try {
    const records = format === 'csv' ? readCsv(await readFile(file, 'utf8')) : await readWorkbook(file);
    return rowsFromRecords(records);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { problems: [`${file}: ${error.message}`] };
    return { problems: [`${file} could not be read as ${format === 'csv' ? 'CSV' : 'an Excel workbook'}: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

export async function writeCatalogueFile(file: string, rows: readonly CatalogueFileRow[]): Promise<void> {
  const cells = rows.map((row) => CATALOGUE_COLUMNS.map((column) => row[column]));
  if (fileFormat(file) === 'csv') {
    await writeFile(file, writeCsv(CATALOGUE_COLUMNS, cells));
    return;
  }
  const tooLong = rows.find((row) => CATALOGUE_COLUMNS.some((column) => row[column].length > EXCEL_CELL_MAX));
  if (tooLong !== undefined) {
    throw new Error(`Product ${tooLong.id} has a cell longer than Excel's ${EXCEL_CELL_MAX.toLocaleString('en')} characters: export to .csv instead`);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow([...CATALOGUE_COLUMNS]);
  for (const row of cells) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  await workbook.xlsx.writeFile(file);
}
