// What every catalogue editor call shares (./routes.ts and the route modules beside it): its options, who may make
// one, and the shapes of its answers.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { canEditCatalogue, type AuditFields, type StaffAccountSummary } from '@site/contracts/staff-api';
import { editorErrorSchema, staleEditSchema } from '@site/contracts/staff-catalogue-api';
import type { Database, DatabaseSchema } from '../../platform/db/index.js';
import type { MediaStore } from '../media/mediaStore.js';
import { forbidden } from './errors.js';

/** Who makes a change: the account as the audit log names it. */
export type StaffActor = Pick<StaffAccountSummary, 'id' | 'email'>;

/** Writes one audit line in the change's transaction (the staff feature's log, staff/audit.ts). */
export type RecordStaffAction = (
  db: Kysely<DatabaseSchema>,
  actor: StaffActor | null,
  action: string,
  target: string | null,
  detail?: string | null,
  fields?: AuditFields | null,
) => Promise<void>;

/**
 * An editor making a change, with the audit log its line goes to. The log is the staff feature's: it is passed in by
 * the scope that registers these calls (as the quotations' is), so this feature imports nothing of that one.
 */
export type Editor = StaffActor & { readonly audit: RecordStaffAction };

/** What the staff feature passes in: it registers the editor's calls inside its signed-in scope. */
export interface StaffCatalogueSide {
  /** The signed-in account of a request of the scope (the scope's hook set it; a 401 without one). */
  staffOf: (request: FastifyRequest) => StaffAccountSummary;
  recordStaffAction: RecordStaffAction;
}

export interface StaffCatalogueOptions extends StaffCatalogueSide {
  db: Database;
  /** Where uploaded pictures and datasheets are kept (DATA_DIR/catalogue-media); unset (work tests' apps): no uploads. */
  media?: MediaStore | undefined;
  /** How often this process looks for due publish schedules (CATALOGUE_SCHEDULE_POLL_SECONDS; 15 s by default). */
  schedulePollMs?: number | undefined;
}

export const EDITORS_ONLY = 'Only the catalogue role and administrators can edit the catalogue.';

/** Every refusal's shapes: a sentence (naming each problem's field), or a stale edit's answer. */
export const editorAnswers = <T extends z.ZodType>(ok: T) => ({
  200: ok,
  '4xx': z.union([staleEditSchema, editorErrorSchema]),
  '5xx': editorErrorSchema,
});

/** The signed-in account if it may edit the catalogue, else a 403. */
export function editorAccountOf(
  request: FastifyRequest,
  side: Pick<StaffCatalogueSide, 'staffOf'>,
): StaffAccountSummary {
  const staff = side.staffOf(request);
  if (!canEditCatalogue(staff)) throw forbidden(EDITORS_ONLY);
  return staff;
}

/** The signed-in editor, with the audit log their changes write to (else a 403). */
export function editorOf(request: FastifyRequest, side: StaffCatalogueSide): Editor {
  const { id, email } = editorAccountOf(request, side);
  return { id, email, audit: side.recordStaffAction };
}
