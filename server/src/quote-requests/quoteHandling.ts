// What staff do to a stored request for quotation, written here by the feature that owns quote_requests: its spam
// flag, its workflow status and its assignee changed, or the request deleted (its lines with it). The staff inbox
// (staff/work/inboxActions.ts) decides who may do what, locks the row and writes its audit line; these run on its
// transaction.
import type { Kysely } from 'kysely';
import type { DatabaseSchema, Row } from '../platform/db/index.js';
import { changedColumns, type SubmissionChange } from '../submissions/index.js';

/** A change to a stored request: each field given is set, the others are left as they are. */
export interface QuoteRequestChange extends Omit<SubmissionChange, 'status'> {
  status?: Row<'quote_requests'>['status'];
}

/** Applies `change` to request `id`, and marks it changed now (an empty change only marks it). */
export async function changeQuoteRequest(
  trx: Kysely<DatabaseSchema>,
  id: number,
  change: QuoteRequestChange,
): Promise<void> {
  await trx.updateTable('quote_requests').set(changedColumns(change)).where('id', '=', id).execute();
}

/**
 * Deletes request `id`: its lines and its quotations go with it (their foreign keys cascade), so whether it may go is
 * the caller's to decide (the inbox refuses a request whose quotation was sent), and its mails the caller's to drop.
 */
export async function deleteQuoteRequest(trx: Kysely<DatabaseSchema>, id: number): Promise<void> {
  await trx.deleteFrom('quote_requests').where('id', '=', id).execute();
}
