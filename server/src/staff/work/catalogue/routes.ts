// The catalogue editor's calls (STAFF_API.catalogue*), for admins and the catalogue role: registered inside the staff
// work routes, so the session and the CSRF token are checked before anything here runs. Requests and answers are
// checked by the zod schemas of @site/contracts/staff-catalogue-api declared on each route.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canEditCatalogue, STAFF_API, type StaffAccountSummary } from '@site/contracts/staff-api';
import {
  baseVersionBodySchema,
  categoryIdParamsSchema,
  createCategoryBodySchema,
  createProductBodySchema,
  deletedProductSchema,
  diffQuerySchema,
  duplicateCategoryBodySchema,
  duplicateProductBodySchema,
  EDITOR_BODY_LIMIT,
  editorCategoryListSchema,
  editorCategorySchema,
  editorErrorSchema,
  editorListQuerySchema,
  editorProductPageSchema,
  editorProductSchema,
  missingArabicQuerySchema,
  missingArabicReportSchema,
  productDiffSchema,
  productIdParamsSchema,
  productVersionListSchema,
  saveCategoryBodySchema,
  saveDraftBodySchema,
  staleEditSchema,
  versionParamsSchema,
} from '@site/contracts/staff-catalogue-api';
import { describeError, type Database } from '../../../platform/db/index.js';
import { textProblemMessage } from '@site/contracts/text-field';
import { refusalAnswer, useContracts } from '../../../platform/http/contracts.js';
import { requireJson } from '../bodies.js';
import { badRequest, forbidden, StaffWorkError } from '../errors.js';
import { contentTextProblem } from './contentText.js';
import { publishDraft, readEditorProduct, restoreVersion, saveDraft, StaleEdit } from './editorStore.js';
import { archiveProduct, unarchiveProduct } from './archive.js';
import { createProduct, deleteNewProduct, duplicateProduct } from './create.js';
import { diffVersions, listVersions } from './history.js';
import { listEditorProducts } from './productList.js';
import { missingArabicReport } from './missingArabic.js';
import { type MediaStore, sweepUnusedMedia } from '../../../catalogue/index.js';
import { catalogueUploadRoutes, mediaReferenceProblem } from './uploads.js';
import { catalogueFileRoutes } from './importExport.js';
import { archiveCategory, createCategory, duplicateCategory, listEditorCategories, publishCategory, readEditorCategory, saveCategory } from './categories.js';

export interface StaffCatalogueOptions {
  db: Database;
  /** Where uploaded pictures and datasheets are kept (DATA_DIR/catalogue-media); unset (work tests' apps): no uploads. */
  media?: MediaStore | undefined;
}

export const EDITORS_ONLY = 'Only the catalogue role and administrators can edit the catalogue.';
const NOT_DONE = 'That could not be done right now. Please try again in a minute.';

/** Every refusal's shapes: a sentence (naming each problem's field), or a stale edit's answer. */
const answers = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': z.union([staleEditSchema, editorErrorSchema]), '5xx': editorErrorSchema });

/** The signed-in account if it may edit the catalogue, else a 403. */
function editorOf(request: FastifyRequest): StaffAccountSummary {
  const staff = request.staff;
  if (staff === undefined) throw new StaffWorkError(401, 'Please sign in.');
  if (!canEditCatalogue(staff)) throw forbidden(EDITORS_ONLY);
  return staff;
}

export async function staffCatalogueRoutes(parent: FastifyInstance, { db, media }: StaffCatalogueOptions): Promise<void> {
  const app = useContracts(parent);
  // before the body is parsed and validated: branch staff learn nothing of what a request would have done
  app.addHook('preParsing', async (request) => {
    editorOf(request);
  });
  app.setErrorHandler((error: FastifyError | StaffWorkError, request, reply) => {
    // a refused request, worded by the contracts' one formatter (http/contracts.ts); an address naming no product (or
    // version) is one that is not there
    if (!(error instanceof StaffWorkError) && error.validation !== undefined) {
      // a 404 is a sentence alone; a 400's problems go with it
      return error.validationContext === 'params' ? reply.code(404).send({ error: error.message }) : reply.code(400).send(refusalAnswer(error));
    }
    if (error instanceof StaleEdit) {
      const { message, version, changedBy, changedAt, yours } = error;
      return reply.code(409).send({ error: message, version, changedBy, changedAt: changedAt.toISOString(), ...(yours === undefined ? {} : { yours }) });
    }
    if (error instanceof StaffWorkError) return reply.code(error.statusCode).send(refusalAnswer(error));
    // a bad body (not JSON, too large...): the enclosing scopes word it like every staff call's
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) throw error;
    request.log.error({ err: error }, `catalogue editor call failed: ${describeError(error)}`);
    return reply.code(503).send({ error: NOT_DONE });
  });

  app.get(STAFF_API.catalogueProducts, { schema: { querystring: editorListQuerySchema, response: answers(editorProductPageSchema) } }, async (request) => {
    // the text rule of every stored field: a NUL would reach the query (PostgreSQL refuses it), a control is no search
    for (const [name, value] of Object.entries(request.query)) {
      const problem = typeof value === 'string' ? textProblemMessage(name, value, 'line') : null;
      if (problem !== null) throw badRequest(problem);
    }
    return listEditorProducts(db.kysely, request.query);
  });

  app.get(STAFF_API.catalogueMissingArabic, { schema: { querystring: missingArabicQuerySchema, response: answers(missingArabicReportSchema) } }, async (request) =>
    missingArabicReport(db.kysely, request.query),
  );

  app.get(STAFF_API.catalogueProduct, { schema: { params: productIdParamsSchema, response: answers(editorProductSchema) } }, async (request) =>
    readEditorProduct(db.kysely, request.params.id),
  );

  app.put(
    STAFF_API.catalogueDraft,
    { bodyLimit: EDITOR_BODY_LIMIT, preValidation: requireJson, schema: { params: productIdParamsSchema, body: saveDraftBodySchema, response: answers(editorProductSchema) } },
    async (request) => {
      const problem = contentTextProblem(request.body.content) ?? (await mediaReferenceProblem(media, request.params.id, request.body.content));
      if (problem !== undefined) throw badRequest(problem);
      return saveDraft(db, editorOf(request), request.params.id, request.body.baseVersion, request.body.content);
    },
  );

  app.post(
    STAFF_API.cataloguePublish,
    { preValidation: requireJson, schema: { params: productIdParamsSchema, body: baseVersionBodySchema, response: answers(editorProductSchema) } },
    async (request) => publishDraft(db, editorOf(request), request.params.id, request.body.baseVersion),
  );

  app.get(STAFF_API.catalogueVersions, { schema: { params: productIdParamsSchema, response: answers(productVersionListSchema) } }, async (request) =>
    listVersions(db.kysely, request.params.id),
  );

  app.get(
    STAFF_API.catalogueDiff,
    { schema: { params: productIdParamsSchema, querystring: diffQuerySchema, response: answers(productDiffSchema) } },
    async (request) => diffVersions(db.kysely, request.params.id, request.query.from, request.query.to),
  );

  app.post(
    STAFF_API.catalogueRestore,
    { preValidation: requireJson, schema: { params: versionParamsSchema, body: baseVersionBodySchema, response: answers(editorProductSchema) } },
    async (request) => restoreVersion(db, editorOf(request), request.params.id, request.params.version, request.body.baseVersion),
  );

  app.post(
    STAFF_API.catalogueArchive,
    { preValidation: requireJson, schema: { params: productIdParamsSchema, body: baseVersionBodySchema, response: answers(editorProductSchema) } },
    async (request) => archiveProduct(db, editorOf(request), request.params.id, request.body.baseVersion),
  );

  app.post(
    STAFF_API.catalogueUnarchive,
    { preValidation: requireJson, schema: { params: productIdParamsSchema, body: baseVersionBodySchema, response: answers(editorProductSchema) } },
    async (request) => unarchiveProduct(db, editorOf(request), request.params.id, request.body.baseVersion),
  );

  app.post(
    STAFF_API.catalogueCreate,
    { bodyLimit: EDITOR_BODY_LIMIT, preValidation: requireJson, schema: { body: createProductBodySchema, response: answers(editorProductSchema) } },
    async (request) => {
      const problem = contentTextProblem(request.body.content) ?? (await mediaReferenceProblem(media, request.body.id, request.body.content));
      if (problem !== undefined) throw badRequest(problem);
      return createProduct(db, editorOf(request), request.body.id, request.body.content);
    },
  );

  app.post(
    STAFF_API.catalogueDuplicate,
    { preValidation: requireJson, schema: { params: productIdParamsSchema, body: duplicateProductBodySchema, response: answers(editorProductSchema) } },
    async (request) => duplicateProduct(db, editorOf(request), request.params.id),
  );

  app.post(
    STAFF_API.catalogueDeleteNew,
    { preValidation: requireJson, schema: { params: productIdParamsSchema, body: baseVersionBodySchema, response: answers(deletedProductSchema) } },
    async (request) => {
      await deleteNewProduct(db, editorOf(request), request.params.id, request.body.baseVersion);
      // its uploads go at once, after the commit (nothing can save into its draft any more), unless a row names one
      if (media !== undefined) {
        const removed = await sweepUnusedMedia(db.kysely, media, { productId: request.params.id, graceMs: 0 });
        if (removed > 0) request.log.info(`removed ${removed} upload(s) of the deleted new product ${request.params.id}`);
      }
      return { deleted: request.params.id };
    },
  );

  app.get(STAFF_API.catalogueCategories, { schema: { response: answers(editorCategoryListSchema) } }, async () => listEditorCategories(db.kysely));

  app.post(
    STAFF_API.catalogueCategories,
    { preValidation: requireJson, schema: { body: createCategoryBodySchema, response: answers(editorCategorySchema) } },
    async (request) => createCategory(db, editorOf(request), request.body.id, request.body.content),
  );

  app.get(STAFF_API.catalogueCategory, { schema: { params: categoryIdParamsSchema, response: answers(editorCategorySchema) } }, async (request) =>
    readEditorCategory(db.kysely, request.params.id),
  );

  app.put(
    STAFF_API.catalogueCategory,
    { preValidation: requireJson, schema: { params: categoryIdParamsSchema, body: saveCategoryBodySchema, response: answers(editorCategorySchema) } },
    async (request) => saveCategory(db, editorOf(request), request.params.id, request.body.baseVersion, request.body.content),
  );

  app.post(
    STAFF_API.catalogueCategoryDuplicate,
    { preValidation: requireJson, schema: { params: categoryIdParamsSchema, body: duplicateCategoryBodySchema, response: answers(editorCategorySchema) } },
    async (request) => duplicateCategory(db, editorOf(request), request.params.id, request.body.id),
  );

  // a category withdrawn from the public site, or a draft or archived one put on it: each at the version it was read
  for (const [address, change] of [
    [STAFF_API.catalogueCategoryArchive, archiveCategory],
    [STAFF_API.catalogueCategoryPublish, publishCategory],
  ] as const) {
    app.post(
      address,
      { preValidation: requireJson, schema: { params: categoryIdParamsSchema, body: baseVersionBodySchema, response: answers(editorCategorySchema) } },
      async (request) => change(db, editorOf(request), request.params.id, request.body.baseVersion),
    );
  }

  // uploads: multipart bodies only here, each route taking one file part at its own size limit
  if (media !== undefined) {
    // a file over its limit is answered by uploads.ts with a sentence of its own, from the part's `truncated`
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 0, parts: 1, headerPairs: 20 }, throwFileSizeLimit: false });
    await app.register(catalogueUploadRoutes, { db, store: media });
    await app.register(catalogueFileRoutes, { db, store: media });
  }
}
