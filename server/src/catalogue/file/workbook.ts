// An Excel workbook (.xlsx) read as a stream, within limits: the first sheet's rows, each cell as the text it holds,
// without ever holding more than the rows themselves. ExcelJS's reader builds the whole workbook as objects first (a
// 19 MB file of 200,000 rows took the process past 4 GB), and its streaming one writes a sheet met before the shared
// strings to a temp file whatever its size, so the workbook is read here: its zip through zip.ts (every inflated byte
// counted against WORKBOOK_LIMITS.unzippedBytes), its XML through saxes (the parser ExcelJS uses), fed only after a
// byte-level guard made sure no text, tag, comment or DTD could grow a string past a megabyte before the parser
// hands it over. Rows, columns and each cell's length are counted as they come; the first limit passed stops the
// read with a WorkbookLimitError saying which, in words.
//
// The cells read as ExcelJS's reader read them (catalogueFiles.test.ts compares the two): text as written (a shared
// string, an inline string or a rich text's runs joined), a formula as its text with `=` (never its result), a
// number as JavaScript writes it, a number in a date format as its date (YYYY-MM-DD), TRUE / FALSE, an error as its
// code. Entities are decoded once (ExcelJS decodes a `t="str"` cell's twice).
import { open } from 'node:fs/promises';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { InflateBudget, inflatedEntry, measureEntry, ZipBudgetError, zipEntries, ZipFormatError, type ZipEntry } from './zip.js';

export interface WorkbookLimits {
  /** What every entry read may inflate to, together. */
  unzippedBytes: number;
  /** Rows holding something below the header (the header is one more). */
  rows: number;
  /** The last column a cell with something in it may be in (1 is A). */
  columns: number;
  /** Characters of one cell. */
  cellCharacters: number;
}

/** Thrown when a workbook passes one of its limits: the message says which, for the person who sent it. */
export class WorkbookLimitError extends Error {}

/** Thrown when a workbook cannot be read (not a zip, no sheet, broken XML): the message says why. */
export class WorkbookFormatError extends Error {}

/**
 * The most bytes without a `<` in a sheet's XML: a cell of 32,767 characters written as entities (`&quot;` is six
 * bytes for one) is at most 330 KB, and the markup between two tags is short.
 */
const MAX_RUN_BYTES = 1024 * 1024;
/** A sheet's XML nests a few levels (worksheet, sheetData, row, c, is, r, t). */
const MAX_DEPTH = 32;

const megabytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
const count = (n: number): string => n.toLocaleString('en');

/** The element's name without a namespace prefix (`x:row` is `row`). */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** An attribute of a tag (SpreadsheetML's are unprefixed, but the relationship id a sheet names: relationshipId). */
const attribute = (tag: SaxesTagPlain, name: string): string | undefined => tag.attributes[name];

/** The `r:id` of a workbook's <sheet>, whatever prefix its namespace has. */
function relationshipId(tag: SaxesTagPlain): string {
  for (const [key, value] of Object.entries(tag.attributes)) if (key.endsWith(':id')) return value;
  return '';
}

interface XmlHandlers {
  open?(tag: SaxesTagPlain, name: string): void;
  text?(text: string): void;
  close?(tag: SaxesTagPlain, name: string): void;
}

/**
 * Parses an entry's XML as it inflates. Before each chunk goes to the parser the guard reads its bytes: no more than
 * MAX_RUN_BYTES between two `<` (a text or a tag longer would be gathered whole by the parser), no `<!` (a comment,
 * CDATA or a DTD, whose contents may hold `<`: spreadsheet programs write none), no `<?` but the XML declaration.
 */
async function parseEntry(chunks: AsyncIterable<Buffer>, part: string, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let depth = 0;
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new WorkbookFormatError(`${part} nests its XML more than ${MAX_DEPTH} levels deep`);
    handlers.open?.(tag, localName(tag.name));
    if (tag.isSelfClosing) depth -= 1;
  });
  if (handlers.text !== undefined) parser.on('text', handlers.text);
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) depth -= 1;
    handlers.close?.(tag, localName(tag.name));
  });
  const decoder = new TextDecoder('utf-8');
  let run = 0;
  let tags = 0;
  // a '<' at the end of the previous chunk: the next byte says what it opens
  let openAtEnd = false;
  const opening = (next: number | undefined) => {
    tags += 1;
    if (next === 0x21) throw new WorkbookFormatError(`${part} holds a comment, CDATA or DTD (<!…), which spreadsheet programs do not write`);
    if (next === 0x3f && tags > 1) throw new WorkbookFormatError(`${part} holds a processing instruction (<?…) after its start`);
  };
  for await (const chunk of chunks) {
    if (openAtEnd) {
      opening(chunk[0]);
      openAtEnd = false;
    }
    let from = 0;
    for (;;) {
      const at = chunk.indexOf(0x3c, from);
      run += (at === -1 ? chunk.length : at) - from;
      if (run > MAX_RUN_BYTES) {
        throw new WorkbookLimitError(`The workbook holds a text of more than ${megabytes(MAX_RUN_BYTES)} without markup (an Excel cell holds 32,767 characters at most).`);
      }
      if (at === -1) break;
      run = 0;
      if (at + 1 < chunk.length) opening(chunk[at + 1]);
      else openAtEnd = true;
      from = at + 1;
    }
    parser.write(decoder.decode(chunk, { stream: true }));
  }
  parser.write(decoder.decode());
  parser.close();
}

/**
 * The text as a string of its own. The parser's texts are slices of the chunk they were read from, and a slice keeps
 * its whole chunk in memory: kept as they are, 100,000 rows' cells held every chunk of the sheet (twice its size
 * again). The concatenation is flattened into a new string by the slice.
 */
const own = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));

/** Column letters (`AB`) as their number (28); 0 when there are none. */
function columnNumber(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > 1_000_000) break;
  }
  return column;
}

/** The number formats Excel knows without naming them that show a date or time (ExcelJS's list). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time (as ExcelJS decides: its letters outside quotes and brackets). */
const isDateFormat = (format: string): boolean => /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** An Excel serial day as its date, YYYY-MM-DD (ExcelJS's excelToDate, then the import's cellText). */
function serialDate(serial: number, date1904: boolean): string {
  const time = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000);
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/** A part's path inside the archive from a relationship's target, relative to `xl/` unless it starts with `/`. */
const partPath = (target: string): string => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/');

export interface WorkbookRecord {
  line: number;
  cells: string[];
}

/** The first sheet's rows that hold something, each with its row number: what readCatalogueFile reads. */
export async function readWorkbookRecords(file: string, limits: WorkbookLimits): Promise<WorkbookRecord[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    let entries: Map<string, ZipEntry>;
    try {
      entries = await zipEntries(handle, size);
    } catch (error) {
      if (error instanceof ZipFormatError) throw new WorkbookFormatError(`The workbook is not a readable zip archive: ${error.message}.`);
      throw error;
    }
    const tooBig = `The workbook expands to more than ${megabytes(limits.unzippedBytes)} once unzipped: an import reads at most ${megabytes(limits.unzippedBytes)} of a workbook's content. Split it into several files.`;
    const zipProblem = (error: unknown) => {
      if (error instanceof ZipBudgetError) return new WorkbookLimitError(error.message);
      if (error instanceof ZipFormatError) return new WorkbookFormatError(`The workbook is not a readable zip archive: ${error.message}.`);
      return error;
    };
    // Every part is inflated twice: first only counted, then parsed. Inflating is fast (zlib, a few hundred MB a
    // second) and parsing is not: a part that would pass the limit is refused before any of it is parsed.
    const measured = new InflateBudget(limits.unzippedBytes, () => tooBig);
    const measure = async (parts: readonly (ZipEntry | undefined)[]) => {
      const declared = parts.reduce((sum, part) => sum + (part?.declaredSize ?? 0), measured.used);
      // an honest archive says what it expands to: past the limit, refused before anything is inflated
      if (declared > limits.unzippedBytes) throw new WorkbookLimitError(tooBig);
      try {
        for (const part of parts) if (part !== undefined) await measureEntry(handle, file, part, measured);
      } catch (error) {
        throw zipProblem(error);
      }
    };
    const budget = new InflateBudget(limits.unzippedBytes, () => tooBig);
    const read = async (entry: ZipEntry, handlers: XmlHandlers) => {
      try {
        await parseEntry(inflatedEntry(handle, file, entry, budget), entry.name, handlers);
      } catch (error) {
        throw zipProblem(error);
      }
    };

    // what the workbook names: its sheets in their order, and where each part is (its relationships)
    const workbookEntry = entries.get('xl/workbook.xml');
    if (workbookEntry === undefined) throw new WorkbookFormatError('The file is a zip archive without xl/workbook.xml: it is not an Excel workbook.');
    const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
    await measure([workbookEntry, relsEntry]);
    const sheetIds: string[] = [];
    let date1904 = false;
    await read(workbookEntry, {
      open(tag, name) {
        if (name === 'sheet') sheetIds.push(relationshipId(tag));
        else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
      },
    });
    const targets = new Map<string, { type: string; target: string }>();
    if (relsEntry !== undefined) {
      await read(relsEntry, {
        open(tag, name) {
          if (name === 'Relationship') targets.set(attribute(tag, 'Id') ?? '', { type: attribute(tag, 'Type') ?? '', target: attribute(tag, 'Target') ?? '' });
        },
      });
    }
    const firstSheet = sheetIds[0] === undefined ? undefined : targets.get(sheetIds[0]);
    const sheetEntry = entries.get(firstSheet === undefined ? 'xl/worksheets/sheet1.xml' : partPath(firstSheet.target));
    if (sheetEntry === undefined) throw new WorkbookFormatError('The workbook has no sheet.');
    const partOf = (type: string, fallback: string) => {
      const named = [...targets.values()].find((rel) => rel.type.endsWith(`/${type}`));
      return entries.get(named === undefined ? fallback : partPath(named.target));
    };
    const sharedEntry = partOf('sharedStrings', 'xl/sharedStrings.xml');
    const stylesEntry = partOf('styles', 'xl/styles.xml');
    await measure([sheetEntry, sharedEntry, stylesEntry]);

    // the shared strings: each <si>'s text, its runs joined (a phonetic reading, <rPh>, left out)
    const shared: string[] = [];
    if (sharedEntry !== undefined) {
      const maxStrings = (limits.rows + 1) * limits.columns;
      let text: string[] | undefined;
      let length = 0;
      let inText = false;
      let phonetic = 0;
      await read(sharedEntry, {
        open(tag, name) {
          if (name === 'si') {
            text = [];
            length = 0;
          } else if (name === 'rPh' && !tag.isSelfClosing) phonetic += 1;
          else if (name === 't' && phonetic === 0 && !tag.isSelfClosing) inText = true;
        },
        text(value) {
          if (!inText || text === undefined) return;
          length += value.length;
          if (length > limits.cellCharacters) throw new WorkbookLimitError(cellTooLong(limits));
          text.push(value);
        },
        close(tag, name) {
          if (name === 't') inText = false;
          else if (name === 'rPh' && !tag.isSelfClosing) phonetic -= 1;
          else if (name === 'si' && text !== undefined) {
            if (shared.length >= maxStrings) throw new WorkbookLimitError(`The workbook holds more than ${count(maxStrings)} shared texts: more than ${count(limits.rows)} rows of ${count(limits.columns)} columns could use.`);
            shared.push(own(text.join('')));
            text = undefined;
          }
        },
      });
    }

    // which cell styles show a date: <cellXfs>' formats (built in, or defined in <numFmts>)
    const dateStyles = new Set<number>();
    if (stylesEntry !== undefined) {
      const formats = new Map<number, string>();
      let inCellXfs = false;
      let xf = 0;
      await read(stylesEntry, {
        open(tag, name) {
          if (name === 'numFmt') formats.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
          else if (name === 'cellXfs') inCellXfs = !tag.isSelfClosing;
          else if (name === 'xf' && inCellXfs) {
            const id = Number(attribute(tag, 'numFmtId') ?? 0);
            const format = formats.get(id);
            if (format === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(format)) dateStyles.add(xf);
            xf += 1;
          }
        },
        close(_tag, name) {
          if (name === 'cellXfs') inCellXfs = false;
        },
      });
    }

    return await readSheet(sheetEntry, read, { shared, dateStyles, date1904, limits });
  } finally {
    await handle.close();
  }
}

const cellTooLong = (limits: WorkbookLimits): string =>
  `The workbook has a cell of more than ${count(limits.cellCharacters)} characters, more than Excel holds: save the catalogue as CSV instead.`;

async function readSheet(
  entry: ZipEntry,
  read: (entry: ZipEntry, handlers: XmlHandlers) => Promise<void>,
  { shared, dateStyles, date1904, limits }: { shared: readonly string[]; dateStyles: ReadonlySet<number>; date1904: boolean; limits: WorkbookLimits },
): Promise<WorkbookRecord[]> {
  const records: WorkbookRecord[] = [];
  /** The master formulas of shared ones, by their `si`. */
  const sharedFormulas = new Map<string, string>();
  let inData = false;
  let line = 0;
  let cells: string[] | undefined;
  let column = 0;
  // the cell being read
  let type = '';
  let style = 0;
  let value: string[] | undefined;
  let formula: string[] | undefined;
  let formulaShared: string | undefined;
  let inline: string[] | undefined;
  let phonetic = 0;
  let target: string[] | undefined;
  let length = 0;

  const cellText = (): string => {
    if (formula !== undefined) {
      let text = formula.join('');
      if (formulaShared !== undefined) {
        if (text === '') text = sharedFormulas.get(formulaShared) ?? '';
        else if (!sharedFormulas.has(formulaShared)) sharedFormulas.set(formulaShared, text);
      }
      return `=${text}`;
    }
    if (inline !== undefined) return inline.join('');
    if (value === undefined) return '';
    const text = value.join('');
    switch (type) {
      case 's':
        return shared[Number.parseInt(text, 10)] ?? '';
      case 'str':
      case 'inlineStr':
      case 'e':
      case 'd':
        return text;
      case 'b':
        return Number.parseInt(text, 10) !== 0 ? 'TRUE' : 'FALSE';
      default: {
        if (text.trim() === '') return '';
        const number = Number.parseFloat(text);
        return dateStyles.has(style) ? serialDate(number, date1904) : String(number);
      }
    }
  };

  await read(entry, {
    open(tag, name) {
      if (name === 'sheetData') inData = !tag.isSelfClosing;
      else if (!inData) return;
      else if (name === 'row') {
        const r = Number.parseInt(attribute(tag, 'r') ?? '', 10);
        line = Number.isInteger(r) && r > line ? r : line + 1;
        cells = [];
        column = 0;
      } else if (name === 'c' && cells !== undefined) {
        const reference = attribute(tag, 'r');
        const named = reference === undefined ? 0 : columnNumber(reference);
        column = named > 0 ? named : column + 1;
        type = attribute(tag, 't') ?? 'n';
        style = Number.parseInt(attribute(tag, 's') ?? '0', 10);
        value = formula = inline = target = undefined;
        formulaShared = undefined;
        phonetic = 0;
        length = 0;
      } else if (cells !== undefined) {
        if (name === 'v') target = value = [];
        else if (name === 'f') {
          target = formula = [];
          formulaShared = attribute(tag, 't') === 'shared' ? (attribute(tag, 'si') ?? '') : undefined;
        } else if (name === 'is') inline = [];
        else if (name === 'rPh' && !tag.isSelfClosing) phonetic += 1;
        else if (name === 't' && inline !== undefined && phonetic === 0) target = inline;
      }
    },
    text(text) {
      if (target === undefined) return;
      length += text.length;
      if (length > limits.cellCharacters) throw new WorkbookLimitError(cellTooLong(limits));
      target.push(text);
    },
    close(tag, name) {
      if (name === 'sheetData') inData = false;
      if (!inData || cells === undefined) return;
      if (name === 'v' || name === 'f' || name === 't') target = undefined;
      else if (name === 'rPh' && !tag.isSelfClosing) phonetic -= 1;
      else if (name === 'c') {
        const text = cellText();
        if (text === '') return;
        if (column > limits.columns) {
          throw new WorkbookLimitError(`The workbook has something in column ${count(column)} of row ${count(line)}: an import reads ${count(limits.columns)} columns at most (the catalogue has 13).`);
        }
        while (cells.length < column - 1) cells.push('');
        cells[column - 1] = own(text);
      } else if (name === 'row') {
        if (cells.some((cell) => cell.trim() !== '')) {
          // the header and limits.rows below it
          if (records.length > limits.rows) {
            throw new WorkbookLimitError(`The workbook has more than ${count(limits.rows)} product rows: an import takes ${count(limits.rows)} at most. Split it into several files.`);
          }
          records.push({ line, cells });
        }
        cells = undefined;
      }
    },
  });
  return records;
}
