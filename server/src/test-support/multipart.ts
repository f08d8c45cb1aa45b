// multipart/form-data bodies as a browser sends them, for the upload tests: a form's fields and files, one file part,
// and a body of any size made as it is read (never all in memory), which counts what the server read of it.
import { Readable } from 'node:stream';

export const MULTIPART_BOUNDARY = '----site-upload-test';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/** The head of a body's one file part (the name and type are the client's word). */
export const partHead = (filename: string, type: string): Buffer =>
  Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    'latin1',
  );
export const partTail = Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`, 'latin1');

/** A file part: its name and type (the client's word), its bytes, and its input's name (`poFile` when not given). */
export interface FormFile {
  name: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

/** A part of a form in the order it is sent: a text field, or a file. */
export type FormPart = { field: string; value: string } | FormFile;

const isPartList = (given: readonly FormPart[] | Record<string, string>): given is readonly FormPart[] =>
  Array.isArray(given);

export interface MultipartForm {
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * A form as a buyer's page posts it: its fields, and maybe a file (the quotation link's acceptance: the PO file as
 * `poFile`); or its parts in the order given (a field after the file, as an upload form's attacker may send). The body
 * with its content type, for inject or fetch. A field name's quotes and line breaks become `_`, as a browser's would (a
 * fuzzer's names must not break the part's head).
 */
export function multipartForm(parts: readonly FormPart[]): MultipartForm;
export function multipartForm(fields: Record<string, string>, file?: FormFile): MultipartForm;
export function multipartForm(given: readonly FormPart[] | Record<string, string>, file?: FormFile): MultipartForm {
  const inOrder: readonly FormPart[] = isPartList(given)
    ? given
    : [...Object.entries(given).map(([field, value]) => ({ field, value })), ...(file === undefined ? [] : [file])];
  const pieces: Buffer[] = inOrder.flatMap((part) =>
    'value' in part
      ? [
          Buffer.from(
            `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field.replace(/["\r\n]/g, '_')}"\r\n\r\n${part.value}\r\n`,
          ),
        ]
      : [
          Buffer.from(
            `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field ?? 'poFile'}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
          ),
          part.bytes,
          Buffer.from('\r\n'),
        ],
  );
  pieces.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': MULTIPART_TYPE } };
}

/** A whole body of one file part. */
export const multipartBody = (filename: string, type: string, content: Buffer): Buffer =>
  Buffer.concat([partHead(filename, type), content, partTail]);

/** A body whose file is `bytes` long, made as it is read. `read()` says how many of its bytes were asked for. */
export function lazyMultipartBody(
  bytes: number,
  filename: string,
  type: string,
): { stream: Readable; read: () => number } {
  const chunk = Buffer.alloc(256 * 1024, 0x41);
  let sent = 0;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  const stream = new Readable({
    read() {
      if (stage === 'head') {
        stage = 'body';
        this.push(partHead(filename, type));
      } else if (stage === 'body') {
        const next = Math.min(chunk.length, bytes - sent);
        sent += next;
        this.push(chunk.subarray(0, next));
        if (sent >= bytes) stage = 'tail';
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(partTail);
      } else this.push(null);
    },
  });
  return { stream, read: () => sent };
}
