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
//
// Here: the archive and the parts the sheet is read with (where the workbook says they are, its shared strings, its
// date styles); the XML and its guard are workbookXml.ts's, the sheet's rows workbookSheet.ts's.
import { open, type FileHandle } from 'node:fs/promises';
import type { SaxesTagPlain } from 'saxes';
import { cellTooLong, readSheet, type WorkbookRecord } from './workbookSheet.js';
import {
  attribute,
  count,
  megabytes,
  own,
  parseEntry,
  WorkbookFormatError,
  WorkbookLimitError,
  type WorkbookLimits,
  type XmlHandlers,
} from './workbookXml.js';
import {
  InflateBudget,
  inflatedEntry,
  measureEntry,
  ZipBudgetError,
  zipEntries,
  ZipFormatError,
  type ZipEntry,
} from './zip.js';

export type { WorkbookRecord } from './workbookSheet.js';
export { WorkbookFormatError, WorkbookLimitError, type WorkbookLimits } from './workbookXml.js';

/** The `r:id` of a workbook's <sheet>, whatever prefix its namespace has. */
function relationshipId(tag: SaxesTagPlain): string {
  for (const [key, value] of Object.entries(tag.attributes)) if (key.endsWith(':id')) return value;
  return '';
}

/** The number formats Excel knows without naming them that show a date or time (ExcelJS's list). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time (as ExcelJS decides: its letters outside quotes and brackets). */
const isDateFormat = (format: string): boolean =>
  /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** A part's path inside the archive from a relationship's target, relative to `xl/` unless it starts with `/`. */
const partPath = (target: string): string =>
  (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/');

const notAZip = (error: ZipFormatError): WorkbookFormatError =>
  new WorkbookFormatError(`The workbook is not a readable zip archive: ${error.message}.`);

/** The archive's entries, by name. */
async function archiveEntries(handle: FileHandle): Promise<Map<string, ZipEntry>> {
  const { size } = await handle.stat();
  try {
    return await zipEntries(handle, size);
  } catch (error) {
    if (error instanceof ZipFormatError) throw notAZip(error);
    throw error;
  }
}

/**
 * The workbook's archive, its parts read within the limit on what they inflate to. Every part is inflated twice: first
 * only counted, then parsed. Inflating is fast (zlib, a few hundred MB a second) and parsing is not: a part that would
 * pass the limit is refused before any of it is parsed.
 */
class WorkbookArchive {
  private readonly tooBig: string;
  private readonly measured: InflateBudget;
  private readonly budget: InflateBudget;

  constructor(
    private readonly handle: FileHandle,
    private readonly file: string,
    readonly entries: ReadonlyMap<string, ZipEntry>,
    private readonly limits: WorkbookLimits,
  ) {
    this.tooBig = `The workbook expands to more than ${megabytes(limits.unzippedBytes)} once unzipped: an import reads at most ${megabytes(limits.unzippedBytes)} of a workbook's content. Split it into several files.`;
    this.measured = new InflateBudget(limits.unzippedBytes, () => this.tooBig);
    this.budget = new InflateBudget(limits.unzippedBytes, () => this.tooBig);
  }

  /** Counts what `parts` inflate to against the limit, parsing nothing. */
  async measure(parts: readonly (ZipEntry | undefined)[]): Promise<void> {
    const declared = parts.reduce((sum, part) => sum + (part?.declaredSize ?? 0), this.measured.used);
    // an honest archive says what it expands to: past the limit, refused before anything is inflated
    if (declared > this.limits.unzippedBytes) throw new WorkbookLimitError(this.tooBig);
    try {
      for (const part of parts) if (part !== undefined) await measureEntry(this.handle, this.file, part, this.measured);
    } catch (error) {
      throw this.problem(error);
    }
  }

  /** Parses a part's XML as it inflates, with `handlers`. */
  async read(entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
    try {
      await parseEntry(inflatedEntry(this.handle, this.file, entry, this.budget), entry.name, handlers);
    } catch (error) {
      throw this.problem(error);
    }
  }

  /** The zip's errors in the workbook's words; any other as it is. */
  private problem(error: unknown): unknown {
    if (error instanceof ZipBudgetError) return new WorkbookLimitError(error.message);
    if (error instanceof ZipFormatError) return notAZip(error);
    return error;
  }
}

/** What xl/workbook.xml names: its sheets' relationship ids in their order, and whether its days count from 1904. */
async function readWorkbookPart(
  archive: WorkbookArchive,
  entry: ZipEntry,
): Promise<{ sheetIds: string[]; date1904: boolean }> {
  const sheetIds: string[] = [];
  let date1904 = false;
  await archive.read(entry, {
    open(tag, name) {
      if (name === 'sheet') sheetIds.push(relationshipId(tag));
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
    },
  });
  return { sheetIds, date1904 };
}

type Relationship = { type: string; target: string };

/** The workbook's relationships by id: where each part it names is, and what it is. */
async function readRelationships(archive: WorkbookArchive, entry: ZipEntry): Promise<Map<string, Relationship>> {
  const targets = new Map<string, Relationship>();
  await archive.read(entry, {
    open(tag, name) {
      if (name === 'Relationship')
        targets.set(attribute(tag, 'Id') ?? '', {
          type: attribute(tag, 'Type') ?? '',
          target: attribute(tag, 'Target') ?? '',
        });
    },
  });
  return targets;
}

/** The parts the rows are read from, each where the workbook's relationships say (else where Excel puts it), measured. */
interface SheetParts {
  sheet: ZipEntry;
  shared: ZipEntry | undefined;
  styles: ZipEntry | undefined;
  date1904: boolean;
}

async function locateParts(archive: WorkbookArchive): Promise<SheetParts> {
  const { entries } = archive;
  const workbookEntry = entries.get('xl/workbook.xml');
  if (workbookEntry === undefined)
    throw new WorkbookFormatError('The file is a zip archive without xl/workbook.xml: it is not an Excel workbook.');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  await archive.measure([workbookEntry, relsEntry]);
  const { sheetIds, date1904 } = await readWorkbookPart(archive, workbookEntry);
  const targets =
    relsEntry === undefined ? new Map<string, Relationship>() : await readRelationships(archive, relsEntry);
  const firstSheet = sheetIds[0] === undefined ? undefined : targets.get(sheetIds[0]);
  const sheet = entries.get(firstSheet === undefined ? 'xl/worksheets/sheet1.xml' : partPath(firstSheet.target));
  if (sheet === undefined) throw new WorkbookFormatError('The workbook has no sheet.');
  const partOf = (type: string, fallback: string) => {
    const named = [...targets.values()].find((rel) => rel.type.endsWith(`/${type}`));
    return entries.get(named === undefined ? fallback : partPath(named.target));
  };
  const shared = partOf('sharedStrings', 'xl/sharedStrings.xml');
  const styles = partOf('styles', 'xl/styles.xml');
  await archive.measure([sheet, shared, styles]);
  return { sheet, shared, styles, date1904 };
}

/** The shared strings: each <si>'s text, its runs joined (a phonetic reading, <rPh>, left out). */
async function readSharedStrings(archive: WorkbookArchive, entry: ZipEntry, limits: WorkbookLimits): Promise<string[]> {
  const shared: string[] = [];
  const maxStrings = (limits.rows + 1) * limits.columns;
  let text: string[] | undefined;
  let length = 0;
  let inText = false;
  let phonetic = 0;
  await archive.read(entry, {
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
        if (shared.length >= maxStrings)
          throw new WorkbookLimitError(
            `The workbook holds more than ${count(maxStrings)} shared texts: more than ${count(limits.rows)} rows of ${count(limits.columns)} columns could use.`,
          );
        shared.push(own(text.join('')));
        text = undefined;
      }
    },
  });
  return shared;
}

/** Which cell styles show a date: <cellXfs>' formats (built in, or defined in <numFmts>), by their index. */
async function readDateStyles(archive: WorkbookArchive, entry: ZipEntry): Promise<Set<number>> {
  const dateStyles = new Set<number>();
  const formats = new Map<number, string>();
  let inCellXfs = false;
  let xf = 0;
  await archive.read(entry, {
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
  return dateStyles;
}

/** The first sheet's rows that hold something, each with its row number: what readCatalogueFile reads. */
export async function readWorkbookRecords(file: string, limits: WorkbookLimits): Promise<WorkbookRecord[]> {
  const handle = await open(file, 'r');
  try {
    const archive = new WorkbookArchive(handle, file, await archiveEntries(handle), limits);
    const parts = await locateParts(archive);
    const shared = parts.shared === undefined ? [] : await readSharedStrings(archive, parts.shared, limits);
    const dateStyles = parts.styles === undefined ? new Set<number>() : await readDateStyles(archive, parts.styles);
    return await readSheet(parts.sheet, (entry, handlers) => archive.read(entry, handlers), {
      shared,
      dateStyles,
      date1904: parts.date1904,
      limits,
    });
  } finally {
    await handle.close();
  }
}
