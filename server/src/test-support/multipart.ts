// multipart/form-data bodies as a browser sends them, for the upload tests: one file part, and a body of any size
// made as it is read (never all in memory), which counts what the server read of it.
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

/**
 * A form as the buyer's page posts it (the quotation link's acceptance): its fields, and maybe the PO file as `poFile`
 * (or the file's `field`); the body with its content type, for inject. A field name's quotes and line breaks become
 * `_`, as a browser's would (a fuzzer's names must not break the part's head).
 */
export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file !== undefined) {
    parts.push(
      Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'poFile'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': MULTIPART_TYPE } };
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
