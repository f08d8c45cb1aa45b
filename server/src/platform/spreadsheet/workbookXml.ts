// A workbook part's XML, parsed as it inflates (saxes, the parser ExcelJS uses), behind a byte-level guard: no text,
// tag, comment or DTD may grow a string past a megabyte before the parser hands it over. And what a read of a
// workbook throws when it fails: WorkbookLimitError past a limit, WorkbookFormatError for a file it cannot read.
import { SaxesParser, type SaxesTagPlain } from 'saxes';

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

export const megabytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
export const count = (n: number): string => n.toLocaleString('en');

/** The element's name without a namespace prefix (`x:row` is `row`). */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** An attribute of a tag (SpreadsheetML's are unprefixed, but the relationship id a sheet names: relationshipId). */
export const attribute = (tag: SaxesTagPlain, name: string): string | undefined => tag.attributes[name];

/**
 * The text as a string of its own. The parser's texts are slices of the chunk they were read from, and a slice keeps
 * its whole chunk in memory: kept as they are, 100,000 rows' cells held every chunk of the sheet (twice its size
 * again). The concatenation is flattened into a new string by the slice.
 */
export const own = (text: string): string => (text.length < 13 ? text : ` ${text}`.slice(1));

export interface XmlHandlers {
  open?(tag: SaxesTagPlain, name: string): void;
  text?(text: string): void;
  close?(tag: SaxesTagPlain, name: string): void;
}

/** A parser that calls `handlers` with each element's local name, and refuses XML nested deeper than MAX_DEPTH. */
function handlingParser(part: string, handlers: XmlHandlers): SaxesParser<{ xmlns: false; position: false }> {
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
  return parser;
}

/**
 * The guard over an entry's bytes, chunk by chunk before the parser gets them: no more than MAX_RUN_BYTES between two
 * `<` (a text or a tag longer would be gathered whole by the parser), no `<!` (a comment, CDATA or a DTD, whose
 * contents may hold `<`: spreadsheet programs write none), no `<?` but the XML declaration.
 */
class MarkupGuard {
  private run = 0;
  private tags = 0;
  /** A '<' at the end of the previous chunk: the next byte says what it opens. */
  private openAtEnd = false;

  constructor(private readonly part: string) {}

  check(chunk: Buffer): void {
    if (this.openAtEnd) {
      this.opening(chunk[0]);
      this.openAtEnd = false;
    }
    let from = 0;
    for (;;) {
      const at = chunk.indexOf(0x3c, from);
      this.run += (at === -1 ? chunk.length : at) - from;
      if (this.run > MAX_RUN_BYTES) {
        throw new WorkbookLimitError(
          `The workbook holds a text of more than ${megabytes(MAX_RUN_BYTES)} without markup (an Excel cell holds 32,767 characters at most).`,
        );
      }
      if (at === -1) break;
      this.run = 0;
      if (at + 1 < chunk.length) this.opening(chunk[at + 1]);
      else this.openAtEnd = true;
      from = at + 1;
    }
  }

  /** A '<' followed by `next`. */
  private opening(next: number | undefined): void {
    this.tags += 1;
    if (next === 0x21)
      throw new WorkbookFormatError(
        `${this.part} holds a comment, CDATA or DTD (<!…), which spreadsheet programs do not write`,
      );
    if (next === 0x3f && this.tags > 1)
      throw new WorkbookFormatError(`${this.part} holds a processing instruction (<?…) after its start`);
  }
}

/** Parses an entry's XML as it inflates, each chunk through the guard before it goes to the parser. */
export async function parseEntry(chunks: AsyncIterable<Buffer>, part: string, handlers: XmlHandlers): Promise<void> {
  const parser = handlingParser(part, handlers);
  const guard = new MarkupGuard(part);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    guard.check(chunk);
    parser.write(decoder.decode(chunk, { stream: true }));
  }
  parser.write(decoder.decode());
  parser.close();
}
