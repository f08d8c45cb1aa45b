// A new product in the catalogue editor: created from the editor's form, duplicated from another one, or deleted
// while it was never published (its uploads with it).
import { STAFF_API } from '@site/contracts/staff-api';
import {
  baseVersionBodySchema,
  createProductBodySchema,
  deletedProductSchema,
  duplicateProductBodySchema,
  EDITOR_BODY_LIMIT,
  editorProductSchema,
  productIdParamsSchema,
} from '@site/contracts/staff-catalogue-api';
import { sweepUnusedMedia } from '../media/unusedMedia.js';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { requireJson } from './errors.js';
import { badRequest } from './errors.js';
import { contentTextProblem } from './contentText.js';
import { createProduct, deleteNewProduct, duplicateProduct } from './create.js';
import { editorAnswers, editorOf, type StaffCatalogueOptions } from './editorCalls.js';
import { mediaReferenceProblem } from './uploads.js';

export function newProductRoutes(app: ContractsApp, options: StaffCatalogueOptions): void {
  const { db, media } = options;
  app.post(
    STAFF_API.catalogueCreate,
    {
      bodyLimit: EDITOR_BODY_LIMIT,
      preValidation: requireJson,
      schema: { body: createProductBodySchema, response: editorAnswers(editorProductSchema) },
    },
    async (request) => {
      const problem =
        contentTextProblem(request.body.content) ??
        (await mediaReferenceProblem(media, request.body.id, request.body.content));
      if (problem !== undefined) throw badRequest(problem.message, problem.path);
      return createProduct(db, editorOf(request, options), request.body.id, request.body.content);
    },
  );

  app.post(
    STAFF_API.catalogueDuplicate,
    {
      preValidation: requireJson,
      schema: {
        params: productIdParamsSchema,
        body: duplicateProductBodySchema,
        response: editorAnswers(editorProductSchema),
      },
    },
    async (request) => duplicateProduct(db, editorOf(request, options), request.params.id),
  );

  app.post(
    STAFF_API.catalogueDeleteNew,
    {
      preValidation: requireJson,
      schema: {
        params: productIdParamsSchema,
        body: baseVersionBodySchema,
        response: editorAnswers(deletedProductSchema),
      },
    },
    async (request) => {
      await deleteNewProduct(db, editorOf(request, options), request.params.id, request.body.baseVersion);
      // its uploads go at once, after the commit (nothing can save into its draft any more), unless a row names one
      if (media !== undefined) {
        const removed = await sweepUnusedMedia(db.kysely, media, { productId: request.params.id, graceMs: 0 });
        if (removed > 0)
          request.log.info(`removed ${removed} upload(s) of the deleted new product ${request.params.id}`);
      }
      return { deleted: request.params.id };
    },
  );
}
