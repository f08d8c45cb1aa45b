// Categories in the catalogue editor: the list, a new one (or a duplicate), one category read and saved, archived
// (withdrawn from the public site) and published (put on it).
import { STAFF_API } from '@site/contracts/staff-api';
import {
  baseVersionBodySchema,
  categoryIdParamsSchema,
  createCategoryBodySchema,
  duplicateCategoryBodySchema,
  editorCategoryListSchema,
  editorCategorySchema,
  saveCategoryBodySchema,
} from '@site/contracts/staff-catalogue-api';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { requireJson } from './errors.js';
import {
  archiveCategory,
  createCategory,
  duplicateCategory,
  listEditorCategories,
  publishCategory,
  readEditorCategory,
  saveCategory,
} from './categories.js';
import { editorAnswers, editorOf, type StaffCatalogueOptions } from './editorCalls.js';

export function categoryRoutes(app: ContractsApp, options: StaffCatalogueOptions): void {
  const { db } = options;
  app.get(STAFF_API.catalogueCategories, { schema: { response: editorAnswers(editorCategoryListSchema) } }, async () =>
    listEditorCategories(db.kysely),
  );

  app.post(
    STAFF_API.catalogueCategories,
    {
      preValidation: requireJson,
      schema: { body: createCategoryBodySchema, response: editorAnswers(editorCategorySchema) },
    },
    async (request) => createCategory(db, editorOf(request, options), request.body.id, request.body.content),
  );

  app.get(
    STAFF_API.catalogueCategory,
    { schema: { params: categoryIdParamsSchema, response: editorAnswers(editorCategorySchema) } },
    async (request) => readEditorCategory(db.kysely, request.params.id),
  );

  app.put(
    STAFF_API.catalogueCategory,
    {
      preValidation: requireJson,
      schema: {
        params: categoryIdParamsSchema,
        body: saveCategoryBodySchema,
        response: editorAnswers(editorCategorySchema),
      },
    },
    async (request) =>
      saveCategory(db, editorOf(request, options), request.params.id, request.body.baseVersion, request.body.content),
  );

  app.post(
    STAFF_API.catalogueCategoryDuplicate,
    {
      preValidation: requireJson,
      schema: {
        params: categoryIdParamsSchema,
        body: duplicateCategoryBodySchema,
        response: editorAnswers(editorCategorySchema),
      },
    },
    async (request) => duplicateCategory(db, editorOf(request, options), request.params.id, request.body.id),
  );

  // a category withdrawn from the public site, or a draft or archived one put on it: each at the version it was read
  for (const [address, change] of [
    [STAFF_API.catalogueCategoryArchive, archiveCategory],
    [STAFF_API.catalogueCategoryPublish, publishCategory],
  ] as const) {
    app.post(
      address,
      {
        preValidation: requireJson,
        schema: {
          params: categoryIdParamsSchema,
          body: baseVersionBodySchema,
          response: editorAnswers(editorCategorySchema),
        },
      },
      async (request) => change(db, editorOf(request, options), request.params.id, request.body.baseVersion),
    );
  }
}
