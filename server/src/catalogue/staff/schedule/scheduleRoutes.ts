// The publish schedule's calls (STAFF_API.catalogueSchedule*), in the editor's signed-in scope (../routes.ts: session,
// CSRF and the editor role checked first), and this process's publisher of the due ones.
import { STAFF_API } from '@site/contracts/staff-api';
import {
  cancelScheduleBodySchema,
  editorProductSchema,
  productIdParamsSchema,
  scheduleBodySchema,
  scheduleListSchema,
} from '@site/contracts/staff-catalogue-api';
import type { ContractsApp } from '../../../platform/http/contracts.js';
import { editorAnswers, editorOf, type StaffCatalogueOptions } from '../editorCalls.js';
import { requireJson } from '../errors.js';
import { schedulePublisher } from './schedulePublisher.js';
import { cancelSchedule, listSchedules, scheduleDraft } from './scheduleStore.js';

export function scheduleRoutes(app: ContractsApp, options: StaffCatalogueOptions): void {
  const { db } = options;
  const publisher = schedulePublisher({
    db,
    audit: options.recordStaffAction,
    log: app.log,
    pollMs: options.schedulePollMs,
  });
  app.addHook('onReady', async () => publisher.start());
  app.addHook('onClose', async () => publisher.close());

  app.put(
    STAFF_API.catalogueSchedule,
    {
      preValidation: requireJson,
      schema: { params: productIdParamsSchema, body: scheduleBodySchema, response: editorAnswers(editorProductSchema) },
    },
    async (request) =>
      scheduleDraft(db, editorOf(request, options), request.params.id, request.body.baseVersion, request.body.dueAt),
  );

  app.post(
    STAFF_API.catalogueScheduleCancel,
    {
      preValidation: requireJson,
      schema: {
        params: productIdParamsSchema,
        body: cancelScheduleBodySchema,
        response: editorAnswers(editorProductSchema),
      },
    },
    async (request) => cancelSchedule(db, editorOf(request, options), request.params.id, request.body.scheduleId),
  );

  app.get(STAFF_API.catalogueSchedules, { schema: { response: editorAnswers(scheduleListSchema) } }, async () =>
    listSchedules(db),
  );
}
