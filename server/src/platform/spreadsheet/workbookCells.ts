// Text as an Excel workbook's cell, for every workbook the site writes (the catalogue's file, the staff's orders):
// every cell text, so a spreadsheet shows exactly what the site holds, and a text a spreadsheet would take for a
// formula opens as text (formulaGuard.ts's rule, here as the cell's type rather than an apostrophe).
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { startsFormula } from './formulaGuard.js';

/** The most characters an Excel cell holds (a longer one is cut when the workbook is opened). */
export const EXCEL_CELL_MAX = 32_767;

/**
 * A cell for ExcelJS's streaming writer. Its plain text cells (`t="str"`) are read back by ExcelJS with their entities
 * decoded twice (`&amp;gt;` written for `&gt;` comes back as `>`): a text holding `&` goes as an inline rich text of
 * one run instead, which is read back as written (the import joins a rich text's runs). So does a text a spreadsheet
 * would take for a formula (startsFormula): `t="str"` is, to the format, a formula's result, where an inline string
 * is text and nothing else, whatever it starts with.
 */
export const workbookCell = (text: string): string | ExcelJS.CellRichTextValue =>
  text.includes('&') || startsFormula(text) ? { richText: [{ text }] } : text;

/**
 * A small workbook (one sheet: a bold, frozen header, then the rows, every cell text) in memory. For files of a few
 * thousand rows; a larger export streams to disk as the catalogue's does. A cell past Excel's limit is cut to it.
 */
export async function workbookBuffer(
  sheetName: string,
  header: readonly string[],
  rows: Iterable<readonly string[]>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.once('end', resolve);
    out.once('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const head = sheet.addRow([...header]);
  head.font = { bold: true };
  head.commit();
  for (const row of rows) sheet.addRow(row.map((text) => workbookCell(text.slice(0, EXCEL_CELL_MAX)))).commit();
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
