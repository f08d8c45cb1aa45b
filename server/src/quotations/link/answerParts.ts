// An acceptance's multipart body (the API's, and the page's plain form): its fields and its one file, a PDF by its
// first bytes and at most PO_FILE_MAX_BYTES.
import type { FastifyRequest } from 'fastify';
import { PO_FILE_MAX_BYTES } from '@site/contracts/quotation-link-api';
import { httpError } from '../../platform/http/jsonEndpoint.js';
import type { PurchaseOrderFile } from './buyerStore.js';

/** Room for the multipart framing and the fields beside the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** An acceptance's multipart parts: name, position, poNumber, submission (its key) and the file poFile. */
export const MULTIPART_LIMITS = {
  fileSize: PO_FILE_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  headerPairs: 20,
  fieldSize: 1024,
} as const;

/** What a file's first bytes say it is, for the refusal's sentence; 'pdf' for a PDF. */
export function sniffFile(head: Buffer): 'pdf' | 'html' | 'zip' | 'other' {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05 || head[2] === 0x07)) return 'zip';
  const text = head
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<')) return 'html';
  return 'other';
}

const NOT_PDF: Record<'html' | 'zip' | 'other', string> = {
  html: 'The purchase order file must be a PDF: this file is an HTML page, which is not taken',
  zip: 'The purchase order file must be a PDF: this file is a zip archive (or an Office document), which is not taken',
  other: 'The purchase order file must be a PDF: this file does not start as a PDF does',
};

/** A refusal of a multipart body: 413 (too large), 415 (not a PDF), 400 (unreadable) or the parser's own 4xx, with its sentence. */
export type PartsRefusal = Error & { statusCode: number };

/**
 * The fields and the one file of a multipart answer, as readMultipart checks them; a refusal is returned with the
 * fields read before it (the page's plain form keeps what the buyer typed). `extraFields`: fields beyond the
 * acceptance's own that may come (the plain form's `answer`).
 */
export async function readAnswerParts(
  request: FastifyRequest,
  extraFields = 0,
): Promise<{
  fields: Record<string, string>;
  file: PurchaseOrderFile | undefined;
  refusal: PartsRefusal | undefined;
  truncated: boolean;
}> {
  const fields: Record<string, string> = {};
  // a field cut at the parser's fieldSize (1 KB, far above the acceptance's texts: a browser's form never is)
  let truncated = false;
  const refused = (statusCode: 400 | 413 | 415, message: string) => ({
    fields,
    file: undefined,
    refusal: httpError(statusCode, message),
    truncated,
  });
  const tooLarge = `The purchase order file is too large: at most ${PO_FILE_MAX_BYTES / 1024 / 1024} MB`;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > PO_FILE_MAX_BYTES + MULTIPART_OVERHEAD) return refused(413, tooLarge);
  let file: PurchaseOrderFile | undefined;
  const limits =
    extraFields === 0
      ? undefined
      : { limits: { fields: MULTIPART_LIMITS.fields + extraFields, parts: MULTIPART_LIMITS.parts + extraFields } };
  try {
    for await (const part of request.parts(limits)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        truncated ||= part.valueTruncated;
        continue;
      }
      if (part.fieldname !== 'poFile')
        return refused(400, `The file goes in the field poFile, not ${JSON.stringify(part.fieldname.slice(0, 30))}`);
      const bytes = await part.toBuffer();
      if (part.file.truncated) return refused(413, tooLarge);
      if (bytes.length === 0) continue;
      const kind = sniffFile(bytes);
      if (kind !== 'pdf') return refused(415, NOT_PDF[kind]);
      file = { name: part.filename.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'purchase-order.pdf', bytes };
    }
  } catch (error) {
    // the parser's own limits (too many parts or fields: 413) in its words; anything else, the form is unreadable
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500)
      return { fields, file: undefined, refusal: error as PartsRefusal, truncated };
    return refused(
      400,
      'The form could not be read: send the fields name, position, poNumber, submission and the file poFile as multipart/form-data',
    );
  }
  return { fields, file, refusal: undefined, truncated };
}
