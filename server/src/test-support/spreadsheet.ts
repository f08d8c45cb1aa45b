// What a spreadsheet program makes of a file the site writes, as far as formulas go: the tests of every export (the
// inbox's CSV, the catalogue's CSV and workbook) ask whether any cell would open as a formula instead of as text.
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InflateBudget, inflatedEntry, zipEntries } from '../platform/spreadsheet/zip.js';

/** A text starting with each of what a spreadsheet runs as a formula, or splits a cell at before one. */
export const FORMULA_LIKE_TEXTS: readonly string[] = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  ';=1+1',
  '=HYPERLINK("http://evil.example","Click")',
  'semi;=1+1',
  'tab\t+1+1',
  'line\n@SUM(A1)',
];

/** The separators a spreadsheet may split a CSV file on, by locale, and a line break inside a cell it does not see quoted. */
const SEPARATORS = [',', ';', '\t', '\n'] as const;

/**
 * The fields a spreadsheet splitting `line` on `separator` makes: a field quoted from its start is read to its closing
 * quote; any other runs to the next separator (or line end), quotes and all. Trimmed, as a spreadsheet reads a value.
 */
export function localeFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    let field = '';
    if (line[i] === '"') {
      i += 1;
      while (i < line.length && !(line[i] === '"' && line[i + 1] !== '"')) {
        field += line[i];
        i += line[i] === '"' ? 2 : 1;
      }
      i += 1;
    }
    while (i < line.length && line[i] !== separator && !(separator !== '\n' && (line[i] === '\r' || line[i] === '\n')))
      field += line[i++];
    fields.push(field.trim());
    i += 1;
  }
  return fields;
}

/** Every field a spreadsheet would run as a formula, whichever locale's separator it splits `csv` on (none: all text). */
export function formulasOpened(csv: string): string[] {
  return SEPARATORS.flatMap((separator) =>
    localeFields(csv, separator)
      .filter((field) => /^[=+\-@]/.test(field))
      .map((field) => `${JSON.stringify(separator)}: ${field}`),
  );
}

/** A workbook cell as written: its reference, its type attribute, whether it holds a formula, and its text. */
export interface WorkbookCell {
  ref: string;
  type: string | undefined;
  formula: boolean;
  text: string;
}

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, name: string) =>
    name === 'lt'
      ? '<'
      : name === 'gt'
        ? '>'
        : name === 'quot'
          ? '"'
          : name === 'apos'
            ? "'"
            : name === 'amp'
              ? '&'
              : String.fromCodePoint(Number(name[1] === 'x' ? `0${name.slice(1)}` : name.slice(1))),
  );

/** The cells of a workbook's first sheet (xl/worksheets/sheet1.xml) as written, inline and plain texts alike. */
export async function workbookCells(xlsx: Buffer): Promise<WorkbookCell[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'workbook-cells-'));
  try {
    const file = path.join(folder, 'book.xlsx');
    await writeFile(file, xlsx);
    const handle = await open(file);
    try {
      const entries = await zipEntries(handle, xlsx.length);
      const sheet = entries.get('xl/worksheets/sheet1.xml');
      if (sheet === undefined) throw new Error('the workbook has no xl/worksheets/sheet1.xml');
      const chunks: Buffer[] = [];
      for await (const chunk of inflatedEntry(
        handle,
        file,
        sheet,
        new InflateBudget(512 * 1024 * 1024, () => 'the sheet is too big'),
      ))
        chunks.push(chunk);
      const xml = Buffer.concat(chunks).toString('utf8');
      return [...xml.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attributes = '', body = '']) => ({
        ref: /\br="([^"]*)"/.exec(attributes)?.[1] ?? '',
        type: /\bt="([^"]*)"/.exec(attributes)?.[1],
        formula: /<f[\s>/]/.test(body),
        text: decodeXml(
          [...body.matchAll(/<(?:v|t)(?: [^>]*)?>([\s\S]*?)<\/(?:v|t)>/g)].map((match) => match[1]).join(''),
        ),
      }));
    } finally {
      await handle.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
