// The catalogue editor's uploads: a picture or a datasheet of a product, one file part of multipart/form-data each.
// The part streams to a temp file (never held in memory whole) and stops at the kind's size limit (413, nothing kept);
// it is then checked by its content (../media/mediaFiles.ts) and stored under names the server makes
// from its hash, never the client's file name. The answer is the reference the client puts into the product's draft
// (details.picture / details.datasheet), so an upload goes live only through the draft and publish, with their
// optimistic locking. Each upload is audited with the editor's other actions.
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiProblem } from '@site/contracts/forms-api';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  CATALOGUE_MEDIA_PREFIX,
  DATASHEET_MAX_BYTES,
  editorErrorSchema,
  PICTURE_MAX_BYTES,
  productIdParamsSchema,
  uploadedDatasheetAnswerSchema,
  uploadedPictureAnswerSchema,
  type UploadedDatasheet,
  type UploadedPicture,
} from '@site/contracts/staff-catalogue-api';
import type { Database } from '../../platform/db/index.js';
import { multipartProblemOf } from '../../platform/http/multipartProblems.js';
import { checkPdf, inspectPicture, MediaRefused, storePictureVariants, streamToFile } from '../media/mediaFiles.js';
import { discardTemp, type MediaStore } from '../media/mediaStore.js';
import { notFound, EditorError } from './errors.js';
import { editorOf, type StaffCatalogueSide } from './editorCalls.js';
import { mediaReferencesOf } from './mediaReferences.js';

export interface UploadOptions extends StaffCatalogueSide {
  db: Database;
  store: MediaStore;
}

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const NOT_MULTIPART = 'Send the file as multipart/form-data, in one file part.';
/** Room for the part's headers and boundaries around the file, for the early refusal by Content-Length. */
const MULTIPART_OVERHEAD = 16 * 1024;

const tooLarge = (what: string, limit: number) =>
  new EditorError(413, `The ${what} is too large: at most ${megabytes(limit)} is taken. Nothing was kept.`);

/** The multipart plugin's own refusals, as sentences (its messages are terse). */
function multipartRefusal(error: unknown): EditorError | undefined {
  const problem = multipartProblemOf(error);
  switch (problem?.kind) {
    case undefined:
      return undefined;
    case 'notMultipart':
      return new EditorError(415, NOT_MULTIPART);
    case 'extraParts':
      return new EditorError(400, `${NOT_MULTIPART} Other parts or fields are not taken.`);
    case 'malformed':
      return new EditorError(
        400,
        problem.detail === undefined
          ? NOT_MULTIPART
          : `The upload is not well-formed multipart/form-data (${problem.detail}).`,
      );
    case 'tooLarge':
      // the plugin is registered not to throw it (the part's `truncated` says it, with the kind's limit)
      return undefined;
  }
}

/** The account if it may edit the catalogue (the scope's preParsing hook already refused the others). */
interface Received {
  file: string;
  hash: string;
  bytes: number;
  /** The file's name on the sender's side (the part's filename): only ever quoted in a refusal, never used as a path. */
  sentName: string;
}

/**
 * The request's one file part, streamed into a temp file of the store, stopped at `limit`; refused (and the temp file
 * removed) when it is not there, too large or empty. The caller discards the file when done with it. (The catalogue
 * file's import takes its file through here too.)
 */
export async function receiveOneFile(
  request: FastifyRequest,
  store: MediaStore,
  what: string,
  limit: number,
): Promise<Received> {
  const declared = Number(request.headers['content-length']);
  // a body announced larger than any file allowed: refused before a byte of it is read
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) throw tooLarge(what, limit);
  if (!request.isMultipart()) throw new EditorError(415, NOT_MULTIPART);
  // the size limit is seen as the part's `truncated` (the plugin is registered not to throw its own terse error)
  const multipart = request.parts({ limits: { fileSize: limit, files: 1, fields: 0, parts: 1, headerPairs: 20 } });
  const parts = multipart[Symbol.asyncIterator]();
  let part: Multipart | undefined;
  try {
    const first = await parts.next();
    part = first.done === true ? undefined : first.value;
  } catch (error) {
    throw multipartRefusal(error) ?? error;
  }
  if (part?.type !== 'file') throw new EditorError(400, `${NOT_MULTIPART} It had no file.`);
  const file = await store.tempFile();
  try {
    const streamed = await streamToFile(part.file, file);
    if (streamed.truncated) throw tooLarge(what, limit);
    if (streamed.bytes === 0) throw new EditorError(400, `The ${what} is empty.`);
    // nothing may follow the file (a second part is refused by the limits above, as an error here)
    if ((await parts.next()).done !== true)
      throw new EditorError(400, `${NOT_MULTIPART} Other parts or fields are not taken.`);
    return { file, hash: streamed.hash, bytes: streamed.bytes, sentName: part.filename };
  } catch (error) {
    await discardTemp(file);
    if (error instanceof EditorError) throw error;
    throw multipartRefusal(error) ?? error;
  }
}

/** A product of the catalogue, or one created in the editor and not yet published (its draft takes uploads too). */
async function requireProduct(db: Database, id: string): Promise<void> {
  const product = await db.kysely.selectFrom('catalogue_products').select('id').where('id', '=', id).executeTakeFirst();
  if (product !== undefined) return;
  const created = await db.kysely
    .selectFrom('catalogue_product_edits as e')
    .select('e.product_id')
    .where('e.product_id', '=', id)
    .where('e.draft', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('catalogue_archived_products as a').select('a.id').whereRef('a.id', '=', 'e.product_id'))),
    )
    .executeTakeFirst();
  if (created === undefined) throw notFound('There is no such product');
}

const refusal = (error: unknown): unknown =>
  error instanceof MediaRefused ? new EditorError(error.statusCode, `${error.message} Nothing was kept.`) : error;

const answers = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': editorErrorSchema, '5xx': editorErrorSchema });

export async function catalogueUploadRoutes(parent: FastifyInstance, options: UploadOptions): Promise<void> {
  const { db, store } = options;
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    STAFF_API.cataloguePictures,
    { schema: { params: productIdParamsSchema, response: answers(uploadedPictureAnswerSchema) } },
    async (request): Promise<UploadedPicture> => {
      const actor = editorOf(request, options);
      const { id } = request.params;
      await requireProduct(db, id);
      const received = await receiveOneFile(request, store, 'picture', PICTURE_MAX_BYTES);
      try {
        const { format, width, height } = await inspectPicture(received.file);
        const widths = await storePictureVariants(store, id, received.hash, received.file, received.sentName);
        await db.kysely
          .transaction()
          .execute((trx) =>
            actor.audit(
              trx,
              actor,
              'catalogue.upload',
              `product:${id}`,
              `picture ${received.hash} (${format}, ${width} × ${height}, ${received.bytes} bytes) stored as AVIF and WebP ${widths.join(', ')} px wide`,
            ),
          );
        return { picture: { src: `${CATALOGUE_MEDIA_PREFIX}/${id}/${received.hash}`, widths }, width, height, format };
      } catch (error) {
        throw refusal(error);
      } finally {
        await discardTemp(received.file);
      }
    },
  );

  app.post(
    STAFF_API.catalogueDatasheets,
    { schema: { params: productIdParamsSchema, response: answers(uploadedDatasheetAnswerSchema) } },
    async (request): Promise<UploadedDatasheet> => {
      const actor = editorOf(request, options);
      const { id } = request.params;
      await requireProduct(db, id);
      const received = await receiveOneFile(request, store, 'datasheet', DATASHEET_MAX_BYTES);
      try {
        await checkPdf(received.file, received.bytes);
        const name = `${received.hash}.pdf`;
        await store.put({ productId: id, name }, received.file);
        await db.kysely
          .transaction()
          .execute((trx) =>
            actor.audit(trx, actor, 'catalogue.upload', `product:${id}`, `datasheet ${name} (${received.bytes} bytes)`),
          );
        return { datasheet: `${CATALOGUE_MEDIA_PREFIX}/${id}/${name}`, bytes: received.bytes };
      } catch (error) {
        throw refusal(error);
      } finally {
        await discardTemp(received.file);
      }
    },
  );
}

/**
 * The first media reference of a draft's details that is not an upload of this product kept by the store, at its path
 * in the request (['content', 'details', 'picture']) with a sentence naming it; undefined when there is none. (Its shape
 * is the schema's to check: anything else is left to it.)
 */
export async function mediaReferenceProblem(
  store: MediaStore | undefined,
  id: string,
  documents: Record<'details' | 'details_ar', Record<string, unknown>>,
): Promise<ApiProblem | undefined> {
  const own = `${CATALOGUE_MEDIA_PREFIX}/${id}/`;
  const stored = async (path: string) =>
    store !== undefined && (await store.has({ productId: id, name: path.slice(own.length) }));
  for (const [field, document] of Object.entries(documents)) {
    for (const reference of mediaReferencesOf(document)) {
      const where = [field, ...reference.path].join('.');
      const problem = (message: string): ApiProblem => ({
        path: ['content', field, ...reference.path],
        message: `${where}: ${message}`,
      });
      if (!reference.src.startsWith(own))
        return problem(`the ${reference.kind} must be one uploaded for this product (${own}…)`);
      if (reference.kind === 'datasheet') {
        if (!(await stored(reference.src)))
          return problem(`there is no uploaded datasheet ${reference.src}: upload it again`);
        continue;
      }
      for (const width of reference.widths) {
        for (const format of ['avif', 'webp']) {
          if (!(await stored(`${reference.src}-${String(width)}.${format}`)))
            return problem(
              `there is no uploaded picture ${reference.src} ${String(width)} px wide: upload the picture again`,
            );
        }
      }
    }
  }
  return undefined;
}
