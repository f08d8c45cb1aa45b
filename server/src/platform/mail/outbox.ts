// The outbox's one writing API for the features: a mail queued, queued again, dropped, and the sent mails' payloads
// trimmed. Each call runs on the caller's transaction (`trx`), so a mail commits or rolls back with what it is about
// (a form's row, a quotation's send, a rollback); the worker (outboxWorker.ts) then sends it. Nothing here wakes the
// worker: the caller nudges it once its transaction committed. The outbox's table belongs to platform/mail alone
// (tableOwners.test.ts).
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';

export interface QueuedMail {
  /** Its composer's kind (composers.ts). */
  kind: string;
  /** The row it is about (a form's, a quotation's...), or null. */
  refId: number | null;
  recipient: string;
  /** What its composer makes the mail of: stored as JSON. */
  payload: object;
}

/** Queues `mail`, due at once, in the caller's transaction. */
export async function enqueueMail(trx: Kysely<DatabaseSchema>, mail: QueuedMail): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({ kind: mail.kind, ref_id: mail.refId, recipient: mail.recipient, payload: JSON.stringify(mail.payload) })
    .execute();
}

/**
 * Queues mail `id` again now: due at once, its attempts back to 0 (the worker's backoff starts over) and its last
 * error cleared. Which mail may be queued again is the caller's rule (it holds the row's lock).
 */
export async function requeueMail(trx: Kysely<DatabaseSchema>, id: number): Promise<void> {
  await trx
    .updateTable('outbox')
    .set({ next_attempt_at: sql<Date>`now()`, attempts: 0, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Deletes the mails of `kinds` about row `refId`, sent or not; resolves to how many there were. */
export async function dropMails(
  trx: Kysely<DatabaseSchema>,
  { kinds, refId }: { kinds: readonly string[]; refId: number },
): Promise<number> {
  // no kinds, no mails (and `in ()` would not be SQL)
  if (kinds.length === 0) return 0;
  const result = await trx
    .deleteFrom('outbox')
    .where('kind', 'in', kinds)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes `keys` out of the payloads of the mails of `kind` already sent (what was needed only to compose them, as a
 * quotation's link): the rows that hold none of them are left as they are.
 */
export async function forgetSentPayloadKeys(
  trx: Kysely<DatabaseSchema>,
  kind: string,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  const keyArray = sql<string[]>`array[${sql.join(keys.map((key) => sql`${key}::text`))}]`;
  await trx
    .updateTable('outbox')
    .set({ payload: sql<string>`payload - ${keyArray}` })
    .where('kind', '=', kind)
    .where('sent_at', 'is not', null)
    .where(sql<boolean>`payload ?| ${keyArray}`)
    .execute();
}
