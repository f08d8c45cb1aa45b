// What every catalogue editor call shares (./routes.ts and the route modules beside it): its options, who may make
// one, and the shapes of its answers.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canEditCatalogue, type StaffAccountSummary } from '@site/contracts/staff-api';
import { editorErrorSchema, staleEditSchema } from '@site/contracts/staff-catalogue-api';
import type { Database } from '../../../platform/db/index.js';
import type { MediaStore } from '../../../catalogue/index.js';
import { forbidden, StaffWorkError } from '../errors.js';

export interface StaffCatalogueOptions {
  db: Database;
  /** Where uploaded pictures and datasheets are kept (DATA_DIR/catalogue-media); unset (work tests' apps): no uploads. */
  media?: MediaStore | undefined;
}

export const EDITORS_ONLY = 'Only the catalogue role and administrators can edit the catalogue.';

/** Every refusal's shapes: a sentence (naming each problem's field), or a stale edit's answer. */
export const editorAnswers = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': z.union([staleEditSchema, editorErrorSchema]), '5xx': editorErrorSchema });

/** The signed-in account if it may edit the catalogue, else a 403. */
export function editorOf(request: FastifyRequest): StaffAccountSummary {
  const staff = request.staff;
  if (staff === undefined) throw new StaffWorkError(401, 'Please sign in.');
  if (!canEditCatalogue(staff)) throw forbidden(EDITORS_ONLY);
  return staff;
}
