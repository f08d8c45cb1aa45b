// A product in the catalogue editor: the list and the missing-Arabic report, a product with its draft, publishing it,
// its versions (diff, restore) and archiving it. Every change names the version it was made on (a stale one is a 409).
import { textProblemMessage } from '@site/contracts/text-field';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  baseVersionBodySchema,
  diffQuerySchema,
  EDITOR_BODY_LIMIT,
  editorListQuerySchema,
  editorProductPageSchema,
  editorProductSchema,
  missingArabicQuerySchema,
  missingArabicReportSchema,
  productDiffSchema,
  productIdParamsSchema,
  productVersionListSchema,
  saveDraftBodySchema,
  versionParamsSchema,
} from '@site/contracts/staff-catalogue-api';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { requireJson } from './errors.js';
import { badRequest } from './errors.js';
import { archiveProduct, unarchiveProduct } from './archive.js';
import { contentTextProblem } from './contentText.js';
import { editorAnswers, editorOf, type StaffCatalogueOptions } from './editorCalls.js';
import { publishDraft, readEditorProduct, restoreVersion, saveDraft } from './editorStore.js';
import { diffVersions, listVersions } from './history.js';
import { missingArabicReport } from './missingArabic.js';
import { listEditorProducts } from './productList.js';
import { mediaReferenceProblem } from './uploads.js';

export function productEditorRoutes(app: ContractsApp, options: StaffCatalogueOptions): void {
  const { db, media } = options;
  app.get(
    STAFF_API.catalogueProducts,
    { schema: { querystring: editorListQuerySchema, response: editorAnswers(editorProductPageSchema) } },
    async (request) => {
      // the text rule of every stored field: a NUL would reach the query (PostgreSQL refuses it), a control is no search
      for (const [name, value] of Object.entries(request.query)) {
        const problem = typeof value === 'string' ? textProblemMessage(name, value, 'line') : null;
        if (problem !== null) throw badRequest(problem);
      }
      return listEditorProducts(db.kysely, request.query);
    },
  );

  app.get(
    STAFF_API.catalogueMissingArabic,
    { schema: { querystring: missingArabicQuerySchema, response: editorAnswers(missingArabicReportSchema) } },
    async (request) => missingArabicReport(db.kysely, request.query),
  );

  app.get(
    STAFF_API.catalogueProduct,
    { schema: { params: productIdParamsSchema, response: editorAnswers(editorProductSchema) } },
    async (request) => readEditorProduct(db.kysely, request.params.id),
  );

  app.put(
    STAFF_API.catalogueDraft,
    {
      bodyLimit: EDITOR_BODY_LIMIT,
      preValidation: requireJson,
      schema: {
        params: productIdParamsSchema,
        body: saveDraftBodySchema,
        response: editorAnswers(editorProductSchema),
      },
    },
    async (request) => {
      const problem =
        contentTextProblem(request.body.content) ??
        (await mediaReferenceProblem(media, request.params.id, request.body.content));
      if (problem !== undefined) throw badRequest(problem.message, problem.path);
      return saveDraft(
        db,
        editorOf(request, options),
        request.params.id,
        request.body.baseVersion,
        request.body.content,
      );
    },
  );

  app.post(
    STAFF_API.cataloguePublish,
    {
      preValidation: requireJson,
      schema: {
        params: productIdParamsSchema,
        body: baseVersionBodySchema,
        response: editorAnswers(editorProductSchema),
      },
    },
    async (request) => publishDraft(db, editorOf(request, options), request.params.id, request.body.baseVersion),
  );

  app.get(
    STAFF_API.catalogueVersions,
    { schema: { params: productIdParamsSchema, response: editorAnswers(productVersionListSchema) } },
    async (request) => listVersions(db.kysely, request.params.id),
  );

  app.get(
    STAFF_API.catalogueDiff,
    {
      schema: {
        params: productIdParamsSchema,
        querystring: diffQuerySchema,
        response: editorAnswers(productDiffSchema),
      },
    },
    async (request) => diffVersions(db.kysely, request.params.id, request.query.from, request.query.to),
  );

  app.post(
    STAFF_API.catalogueRestore,
    {
      preValidation: requireJson,
      schema: {
        params: versionParamsSchema,
        body: baseVersionBodySchema,
        response: editorAnswers(editorProductSchema),
      },
    },
    async (request) =>
      restoreVersion(
        db,
        editorOf(request, options),
        request.params.id,
        request.params.version,
        request.body.baseVersion,
      ),
  );

  // a product withdrawn from the public site, or put back on it: each at the version it was read
  for (const [address, change] of [
    [STAFF_API.catalogueArchive, archiveProduct],
    [STAFF_API.catalogueUnarchive, unarchiveProduct],
  ] as const) {
    app.post(
      address,
      {
        preValidation: requireJson,
        schema: {
          params: productIdParamsSchema,
          body: baseVersionBodySchema,
          response: editorAnswers(editorProductSchema),
        },
      },
      async (request) => change(db, editorOf(request, options), request.params.id, request.body.baseVersion),
    );
  }
}
