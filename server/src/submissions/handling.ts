// What staff do to a stored submission, written here by the feature that owns the forms' tables: its spam flag, its
// workflow status and its assignee changed, or the row deleted. The staff inbox (staff/work/inboxActions.ts) decides
// who may do what, locks the row and writes its audit line; these run on its transaction.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, Row } from '../platform/db/index.js';

/** The forms' tables the staff inbox shows (they share its columns: spam, status, assignee_id, updated_at). */
export type SubmissionTable = 'contact_messages' | 'registrations' | 'inquiries';

/** A change to a stored submission: each field given is set, the others are left as they are. */
export interface SubmissionChange {
  spam?: boolean;
  status?: Row<'contact_messages'>['status'];
  /** A staff account's id, or null for nobody. */
  assigneeId?: number | null;
}

/**
 * The fields of `change` as columns, and updated_at now (an empty change only marks the row changed). The requests for
 * quotation have the same inbox columns, and quote-requests sets them with this too.
 */
export const changedColumns = (change: SubmissionChange) => ({
  ...(change.spam === undefined ? {} : { spam: change.spam }),
  ...(change.status === undefined ? {} : { status: change.status }),
  ...(change.assigneeId === undefined ? {} : { assignee_id: change.assigneeId }),
  updated_at: sql<Date>`now()`,
});

/** Applies `change` to row `id` of `table`, and marks it changed now. */
export async function changeSubmission(
  trx: Kysely<DatabaseSchema>,
  table: SubmissionTable,
  id: number,
  change: SubmissionChange,
): Promise<void> {
  await trx.updateTable(trx.dynamic.table(table).as('t')).set(changedColumns(change)).where('id', '=', id).execute();
}

/** Deletes row `id` of `table` (what refers to it is the caller's to delete first). */
export async function deleteSubmission(trx: Kysely<DatabaseSchema>, table: SubmissionTable, id: number): Promise<void> {
  await trx.deleteFrom(trx.dynamic.table(table).as('t')).where('id', '=', id).execute();
}
