// Reading a feed's file a row at a time (the body is kept in a file first: feedBody.ts), so that a feed of 50 MB never
// sits in memory: CSV without a quote split line by line (feedCsvPlain.ts), else through csv-parse's stream (a byte-order mark, any line end, a comma, semicolon or tab as the
// separator: Excel in Arabic locales writes ';'), JSON through a reader of one array element at a time.
import { createReadStream } from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import { unguardFormula } from '../platform/spreadsheet/formulaGuard.js';
import { holdsQuote, plainCsvRecords, RecordTooLong, type CsvRecord } from './feedCsvPlain.js';
import { storable, type FeedField, type RawRow } from './feedRows.js';

/** A feed that cannot be read at all (its syntax, its header): refused whole, with this sentence. */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

/** Rows handed on at a time (one promise per batch, not per row: a snapshot has a million and more). */
const YIELDED_ROWS = 1_000;

/** The longest row: a row holds six short values; a longer one is not a stock row (and is not kept whole). */
export const ROW_MAX_CHARS = 64 * 1024;

/** The names a column or key may have (lower case, letters only), by field: the ERP's exports differ. */
const FIELD_NAMES: Record<FeedField, readonly string[]> = {
  code: ['code', 'sku', 'variantcode', 'itemcode', 'partcode'],
  location: ['location', 'warehouse', 'store'],
  onHand: ['onhand', 'quantityonhand', 'qtyonhand', 'quantity', 'qty', 'stock'],
  incoming: ['incoming', 'incomingquantity', 'incomingqty', 'quantityincoming', 'onorder'],
  incomingDate: ['incomingdate', 'expecteddate', 'incomingexpected', 'incomingexpecteddate', 'eta'],
  leadTimeDays: ['leadtimedays', 'leadtime', 'leadtimeindays', 'leaddays'],
};

const FIELD_OF = new Map<string, FeedField>(
  Object.entries(FIELD_NAMES).flatMap(([field, names]) => names.map((name) => [name, field as FeedField] as const)),
);

/** The field a column or key names, or undefined: 'On hand', 'on_hand', 'onHand' and 'ON-HAND' are one. */
export const fieldNamed = (name: string): FeedField | undefined =>
  FIELD_OF.get(
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^a-z]/g, ''),
  );

/** The separator a CSV file's header uses: the one of , ; tab it holds most of outside quotes (a comma when none). */
export function separatorOf(header: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  const best = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] === 0 ? ',' : best[0];
}

/** The file's first line (up to 64 KB of it), without a byte-order mark. */
async function firstLine(file: string): Promise<string> {
  const stream = createReadStream(file, { encoding: 'utf8', start: 0, end: 64 * 1024 - 1 });
  let text = '';
  for await (const chunk of stream) text += chunk as string;
  return text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
}

const tooLong = (line: number): string => `Line ${line} is longer than ${ROW_MAX_CHARS / 1024} KB: it is no stock row`;

function csvError(error: CsvError, line: number): FeedFormatError {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new FeedFormatError(`Line ${line}: a quoted cell is never closed`);
  if (error.code === 'CSV_MAX_RECORD_SIZE') return new FeedFormatError(tooLong(line));
  if (error.code === 'INVALID_OPENING_QUOTE')
    return new FeedFormatError(
      `Line ${line}: a quote in the middle of an unquoted cell (write it as "" inside a quoted cell)`,
    );
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE')
    return new FeedFormatError(`Line ${line}: text after a quoted cell's closing quote`);
  return new FeedFormatError(`Line ${line}: ${error.message}`);
}

/** A CSV file's records through csv-parse (any quoting), a record at a time, in batches. */
async function* parsedCsvRecords(file: string, delimiter: string): AsyncGenerator<CsvRecord[]> {
  let start = 1;
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      max_record_size: ROW_MAX_CHARS,
      // each record with the line it starts on put first (csv-parse counts lines at a record's end)
      on_record: (cells: string[], { lines }) => {
        const line = start;
        start = lines + 1;
        return cells.length === 1 && cells[0]!.trim() === '' ? null : [String(line), ...cells];
      },
    }),
  );
  let batch: CsvRecord[] = [];
  try {
    for await (const [lineText, ...cells] of parser as AsyncIterable<string[]>) {
      batch.push({ line: Number(lineText), cells });
      if (batch.length === YIELDED_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } catch (error) {
    if (error instanceof CsvError) throw csvError(error, start);
    throw error;
  } finally {
    parser.destroy();
  }
}

/** A file's records: without a quote anywhere, split line by line (feedCsvPlain.ts); else through csv-parse. */
async function* csvRecords(file: string, delimiter: string): AsyncGenerator<CsvRecord[]> {
  if (await holdsQuote(file)) {
    yield* parsedCsvRecords(file, delimiter);
    return;
  }
  try {
    yield* plainCsvRecords(file, delimiter, ROW_MAX_CHARS);
  } catch (error) {
    if (error instanceof RecordTooLong) throw new FeedFormatError(tooLong(error.line));
    throw error;
  }
}

/**
 * A CSV feed's rows, each with its line (1 is the header) and its cells by field. Throws FeedFormatError for a header
 * that does not name the fields (code, location and on hand are needed; a column no field has is refused rather
 * than left out unseen) and for the CSV's syntax. Blank lines are skipped; the formula guard's apostrophe is taken off
 * a cell (platform/spreadsheet/formulaGuard.ts) and nothing in a cell is ever worked out.
 */
export async function* csvFeedRows(file: string): AsyncGenerator<RawRow[]> {
  let columns: FeedField[] | undefined;
  for await (const records of csvRecords(file, separatorOf(await firstLine(file)))) {
    const batch: RawRow[] = [];
    for (const { line, cells } of records) {
      if (columns === undefined) {
        columns = headerOf(cells);
        continue;
      }
      const fields: RawRow['fields'] = {};
      const named = Math.min(cells.length, columns.length);
      for (let index = 0; index < named; index += 1) fields[columns[index]!] = unguardFormula(cells[index]!);
      let extra = false;
      for (let index = columns.length; index < cells.length && !extra; index += 1) extra = cells[index]!.trim() !== '';
      batch.push(
        extra
          ? { line, fields, problem: `The row has more cells than the header names (${columns.length})` }
          : { line, fields },
      );
    }
    if (batch.length > 0) yield batch;
  }
  if (columns === undefined)
    throw new FeedFormatError('The file is empty: a CSV feed starts with its header (code, location, on_hand, …)');
}

function headerOf(cells: string[]): FeedField[] {
  const fields: FeedField[] = [];
  const unknown: string[] = [];
  for (const cell of cells) {
    const field = fieldNamed(unguardFormula(cell));
    if (field === undefined) unknown.push(cell.trim());
    else if (fields.includes(field)) throw new FeedFormatError(`The header names ${field} twice`);
    else fields.push(field);
  }
  const known = 'code, location, on_hand, incoming, incoming_date, lead_time_days';
  if (unknown.length > 0)
    throw new FeedFormatError(
      `The header has a column no field has: ${unknown.map((name) => `"${storable(name.slice(0, 40))}"`).join(', ')}. The columns are ${known}`,
    );
  const missing = (['code', 'location', 'onHand'] as const).filter((field) => !fields.includes(field));
  if (missing.length > 0)
    throw new FeedFormatError(
      `The header must name code, location and on_hand (missing: ${missing.join(', ')}). The columns are ${known}`,
    );
  return fields;
}

/** A JSON element's fields by the keys it has; a key no field has makes the row refused (not silently dropped). */
function rowOfValue(line: number, value: unknown): RawRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { line, fields: {}, problem: 'A row must be an object: {"code", "location", "onHand", …}' };
  const fields: RawRow['fields'] = {};
  for (const [key, field] of Object.entries(value)) {
    const name = fieldNamed(key);
    if (name === undefined)
      return {
        line,
        fields,
        problem: `Unknown field "${storable(key.slice(0, 40))}": a row has code, location, onHand, incoming, incomingDate, leadTimeDays`,
      };
    fields[name] = field;
  }
  return { line, fields };
}

/**
 * A JSON feed's rows: the file is one array of row objects, read an element at a time (each parsed on its own; its
 * `line` its place in the array, 1 the first). Throws FeedFormatError for anything else or broken JSON.
 */
export async function* jsonFeedRows(file: string): AsyncGenerator<RawRow[]> {
  type State = 'start' | 'first' | 'after' | 'next' | 'end';
  let state: State = 'start';
  let index = 0;
  /** The element being read: its text so far, and how to tell its end. */
  let element:
    | { text: string; kind: 'container' | 'string' | 'scalar'; depth: number; quoted: boolean; escaped: boolean }
    | undefined;
  const done = (text: string): RawRow => {
    index += 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new FeedFormatError(`Row ${index} of the array is not valid JSON`);
    }
    return rowOfValue(index, value);
  };
  const tooLong = () =>
    new FeedFormatError(`Row ${index + 1} of the array is longer than ${ROW_MAX_CHARS / 1024} KB: it is no stock row`);

  let batch: RawRow[] = [];
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) {
    const text = chunk as string;
    let at = 0;
    while (at < text.length) {
      if (element !== undefined) {
        // reading an element: find its end in this chunk
        const from = at;
        let end = -1;
        for (; at < text.length; at += 1) {
          const char = text[at]!;
          if (element.kind === 'scalar') {
            if (char === ',' || char === ']' || /\s/.test(char)) {
              end = at;
              break;
            }
            continue;
          }
          if (element.quoted) {
            if (element.escaped) element.escaped = false;
            else if (char === '\\') element.escaped = true;
            else if (char === '"') {
              element.quoted = false;
              if (element.kind === 'string') {
                end = at + 1;
                break;
              }
            }
          } else if (char === '"') element.quoted = true;
          else if (char === '{' || char === '[') element.depth += 1;
          else if (char === '}' || char === ']') {
            element.depth -= 1;
            if (element.depth === 0) {
              end = at + 1;
              break;
            }
          }
        }
        if (end < 0) {
          element.text += text.slice(from);
          if (element.text.length > ROW_MAX_CHARS) throw tooLong();
          continue;
        }
        const whole = element.text + text.slice(from, end);
        if (whole.length > ROW_MAX_CHARS) throw tooLong();
        element = undefined;
        at = end;
        batch.push(done(whole));
        state = 'after';
        continue;
      }
      const char = text[at]!;
      if (/\s/.test(char) || (char === '\uFEFF' && state === 'start')) {
        at += 1;
        continue;
      }
      if (state === 'start') {
        if (char !== '[')
          throw new FeedFormatError(
            'A JSON feed is an array of rows: [{"code": "…", "location": "dubai", "onHand": 12}, …]',
          );
        state = 'first';
      } else if (state === 'after') {
        if (char === ',') state = 'next';
        else if (char === ']') state = 'end';
        else throw new FeedFormatError(`After row ${index} of the array: a comma or the array's end (]) was expected`);
      } else if (state === 'end') {
        throw new FeedFormatError("Text after the array's end: a JSON feed is one array of rows");
      } else if (state === 'first' && char === ']') {
        state = 'end';
      } else if (char === ']' || char === ',') {
        throw new FeedFormatError(`A comma with no row after it, after row ${index} of the array`);
      } else {
        const kind = char === '{' || char === '[' ? 'container' : char === '"' ? 'string' : 'scalar';
        element = { text: char, kind, depth: kind === 'container' ? 1 : 0, quoted: kind === 'string', escaped: false };
      }
      at += 1;
    }
    // a chunk's rows at once (a chunk of 64 KB holds a few hundred)
    if (batch.length > 0) {
      yield batch;
      batch = [];
    }
  }
  if (state !== 'end')
    throw new FeedFormatError(
      state === 'start'
        ? 'The body is empty: a JSON feed is an array of rows'
        : 'The JSON array is never closed (]): the body was cut short?',
    );
}
