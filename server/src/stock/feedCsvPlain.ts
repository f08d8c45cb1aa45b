// A CSV feed without a double quote anywhere, as an ERP's export of codes and figures usually is, read without the CSV
// parser: each line is a record, split at the separator. At a snapshot's size (a million lines and more) the parser's
// time goes on quoting rules that such a file cannot use; a file holding a quote anywhere is the parser's (feedParse.ts).
import { createReadStream } from 'node:fs';

/** A record as read: the line it is on (1 the first) and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A record longer than the longest a row may be (its line is the record's). */
export class RecordTooLong extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is too long`);
    this.name = 'RecordTooLong';
  }
}

/** Whether the file holds a double quote anywhere (read as bytes: '"' is one byte in UTF-8 and in no other character). */
export async function holdsQuote(file: string): Promise<boolean> {
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) if ((chunk as Buffer).includes(0x22)) return true;
    return false;
  } finally {
    stream.destroy();
  }
}

const LINE_END = /\r\n|\n|\r/g;

/**
 * The file's records, a chunk's worth at a time: a byte-order mark taken off, CRLF, LF or CR ending a line, blank
 * lines (nothing but spaces) skipped but counted, as csv-parse counts them. Throws RecordTooLong for a line past
 * `maxChars` (a file with no line end at all is not read whole into memory).
 */
export async function* plainCsvRecords(file: string, delimiter: string, maxChars: number): AsyncGenerator<CsvRecord[]> {
  let carry = '';
  let line = 1;
  let first = true;
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      let text = carry + (chunk as string);
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      const records: CsvRecord[] = [];
      let at = 0;
      LINE_END.lastIndex = 0;
      for (let end = LINE_END.exec(text); end !== null; end = LINE_END.exec(text)) {
        // a CR ending the chunk may be the first half of a CRLF: read on with the next chunk
        if (end[0] === '\r' && end.index === text.length - 1) break;
        push(records, text.slice(at, end.index), line, delimiter, maxChars);
        line += 1;
        at = end.index + end[0].length;
      }
      carry = text.slice(at);
      if (carry.length > maxChars) throw new RecordTooLong(line);
      if (records.length > 0) yield records;
    }
  } finally {
    stream.destroy();
  }
  if (carry !== '') {
    const records: CsvRecord[] = [];
    // a last CR kept back above is a line end after all
    push(records, carry.endsWith('\r') ? carry.slice(0, -1) : carry, line, delimiter, maxChars);
    if (records.length > 0) yield records;
  }
}

function push(records: CsvRecord[], text: string, line: number, delimiter: string, maxChars: number): void {
  if (text.length > maxChars) throw new RecordTooLong(line);
  const cells = text.split(delimiter);
  if (cells.length === 1 && cells[0]!.trim() === '') return;
  records.push({ line, cells });
}
