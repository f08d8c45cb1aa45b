// What staff do to an inbox row: set its status (spam in or out), assign it, add a note, queue a failed mail again,
// delete a spam row. Each is one transaction holding the row (FOR UPDATE) with its audit line, committed before the
// answer: a crash loses no acknowledged change, and a rolled-back one leaves no line. The rules are the inbox's (who may
// do what, the audit line, the notes); the rows are written by their owners in that transaction: the forms' by the
// submissions feature, the requests by the quote-requests feature, the mails by platform/mail's outbox.
import type { Kysely } from 'kysely';
import { cutToCharacters } from '@site/content/validation';
import type { InboxKind, InboxStatus, StaffAccountSummary } from '@site/contracts/staff-api';
import type { Database, DatabaseSchema } from '../../platform/db/index.js';
import { dropMails, requeueMail } from '../../platform/mail/outbox.js';
import { changeQuoteRequest, deleteQuoteRequest, type QuoteRequestChange } from '../../quote-requests/index.js';
import { changeSubmission, deleteSubmission, type SubmissionChange } from '../../submissions/index.js';
import { canSeeBranch } from '../access.js';
import { recordStaffAction } from '../audit.js';
import { badRequest, conflict, notFound } from './errors.js';
import { mailState, visibleRow } from './inboxDetail.js';
import { INBOX_TABLES, inboxTarget } from './inboxTables.js';
import { ACCOUNT_COLUMNS, accountOf } from './staffAccounts.js';
import { queueWithheldMail } from './withheldMail.js';

/** The enabled account `id` when it may see `branch`'s rows (so it may be assigned one), else undefined. */
async function assignableAccount(
  db: Kysely<DatabaseSchema>,
  id: number,
  branch: string | null,
): Promise<StaffAccountSummary | undefined> {
  const row = await db
    .selectFrom('staff_accounts as a')
    .select(ACCOUNT_COLUMNS)
    .where('a.id', '=', id)
    .where((eb) => eb.not(eb.ref('a.disabled')))
    .executeTakeFirst();
  const account = row === undefined ? null : accountOf(row);
  return account !== null && canSeeBranch(account, branch) ? account : undefined;
}

/** A change to an inbox row (its spam flag, status, assignee; updated_at now), by the feature that owns its table. */
function changeRow(
  trx: Kysely<DatabaseSchema>,
  kind: InboxKind,
  id: number,
  change: SubmissionChange & QuoteRequestChange,
): Promise<void> {
  const { table } = INBOX_TABLES[kind];
  return table === 'quote_requests' ? changeQuoteRequest(trx, id, change) : changeSubmission(trx, table, id, change);
}

/** Deletes an inbox row, by the feature that owns its table. */
function deleteRow(trx: Kysely<DatabaseSchema>, kind: InboxKind, id: number): Promise<void> {
  const { table } = INBOX_TABLES[kind];
  return table === 'quote_requests' ? deleteQuoteRequest(trx, id) : deleteSubmission(trx, table, id);
}

/** The status the inbox shows for a row. */
const shownStatus = (row: { spam: boolean; status: InboxStatus }): InboxStatus => (row.spam ? 'spam' : row.status);

/**
 * 'spam' flags the row (its workflow status stays for a later restore); any other status clears the flag and sets it.
 * A row restored from spam that never got its branch mail gets it now. Resolves to whether a mail was queued.
 */
export function setStatus(
  db: Database,
  actor: StaffAccountSummary,
  kind: InboxKind,
  id: number,
  status: InboxStatus,
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await visibleRow(trx, actor, kind, id, { lock: true });
    if (status === 'spam' && !row.spam) await refuseWhenQuoted(trx, kind, id, 'marked as spam');
    await changeRow(trx, kind, id, status === 'spam' ? { spam: true } : { spam: false, status });
    const queuedTo = row.spam && status !== 'spam' ? await queueWithheldMail(trx, kind, id) : undefined;
    await recordStaffAction(
      trx,
      actor,
      'inbox.status',
      inboxTarget(kind, id),
      `${shownStatus(row)} → ${status}${queuedTo === undefined ? '' : `; its mail to ${queuedTo} queued`}`,
    );
    return queuedTo !== undefined;
  });
}

/** Gives the row to an enabled colleague who may see its branch (or to nobody: null). */
export function assign(
  db: Database,
  actor: StaffAccountSummary,
  kind: InboxKind,
  id: number,
  assigneeId: number | null,
): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await visibleRow(trx, actor, kind, id, { lock: true });
    let detail = 'unassigned';
    if (assigneeId !== null) {
      const assignee = await assignableAccount(trx, assigneeId, row.branch);
      if (assignee === undefined) throw badRequest('assigneeId must be an enabled account that may see this branch');
      detail = `assigned to ${assignee.email}`;
    }
    await changeRow(trx, kind, id, { assigneeId });
    await recordStaffAction(trx, actor, 'inbox.assign', inboxTarget(kind, id), detail);
  });
}

export function addNote(
  db: Database,
  actor: StaffAccountSummary,
  kind: InboxKind,
  id: number,
  text: string,
): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    await visibleRow(trx, actor, kind, id, { lock: true });
    const note = await trx
      .insertInto('staff_notes')
      .values({ kind, ref_id: id, author_id: actor.id, text })
      .returning('id')
      .executeTakeFirstOrThrow();
    await changeRow(trx, kind, id, {});
    await recordStaffAction(trx, actor, 'inbox.note', inboxTarget(kind, id), `note ${note.id}`);
  });
}

/**
 * Queues a failed mail of the row again now: due at once, its attempts back to 0 (the worker's backoff starts over)
 * and its error cleared (the audit line keeps it). A mail the worker is retrying right now is pending, not failed
 * (its claim clears the error under the row's lock), so it is refused here and goes out once.
 */
export function resendMail(
  db: Database,
  actor: StaffAccountSummary,
  kind: InboxKind,
  id: number,
  mailId: number,
): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    await visibleRow(trx, actor, kind, id, { lock: true });
    const kinds = INBOX_TABLES[kind].mailKinds;
    // a kind that sends no mail has none to send again (and `in ()` would not be SQL)
    const mail =
      kinds.length === 0
        ? undefined
        : await trx
            .selectFrom('outbox')
            .select(['sent_at', 'last_error', 'recipient', 'attempts'])
            .where('id', '=', mailId)
            .where('kind', 'in', kinds)
            .where('ref_id', '=', id)
            .forUpdate()
            .executeTakeFirst();
    if (mail === undefined) throw notFound('There is no such mail about this item');
    if (mailState(mail) !== 'failed')
      throw conflict(`Only a mail that failed can be sent again (this one is ${mailState(mail)})`);
    await requeueMail(trx, mailId);
    await recordStaffAction(
      trx,
      actor,
      'inbox.resend',
      inboxTarget(kind, id),
      cutToCharacters(
        `mail ${mailId} to ${mail.recipient} queued again after ${mail.attempts} attempts; last error: ${mail.last_error ?? ''}`,
        2000,
      ),
    );
  });
}

/**
 * A request whose quotation went to its buyer (sent, then viewed, answered, accepted, expired or replaced) is a business
 * record: its quotation, the buyer's answers, the PO file and the link stay, so it is never spam nor deleted (the
 * quotations' foreign key would take them all with it). Its quotations are locked: one being sent now is seen sent.
 */
async function refuseWhenQuoted(
  trx: Kysely<DatabaseSchema>,
  kind: InboxKind,
  id: number,
  what: 'marked as spam' | 'deleted',
): Promise<void> {
  if (kind !== 'quote') return;
  const quotations = await trx
    .selectFrom('quotations')
    .select(['number', 'state'])
    .where('request_id', '=', id)
    .orderBy('id')
    .forUpdate()
    .execute();
  const sent = quotations.filter((quotation) => quotation.state !== 'draft').at(-1);
  if (sent === undefined) return;
  throw conflict(
    `This request cannot be ${what}: its quotation ${sent.number ?? ''} was sent to the buyer (${sent.state.replace('_', ' ')}), and it is kept with the quotation and the buyer's answers`,
  );
}

/** Deletes a spam row with everything about it: notes, mails, a quote's lines (their foreign key cascades). */
export function deleteSpam(db: Database, actor: StaffAccountSummary, kind: InboxKind, id: number): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await visibleRow(trx, actor, kind, id, { lock: true });
    if (!row.spam) throw conflict('Only spam can be deleted: mark it as spam first');
    await refuseWhenQuoted(trx, kind, id, 'deleted');
    await trx.deleteFrom('staff_notes').where('kind', '=', kind).where('ref_id', '=', id).execute();
    await dropMails(trx, { kinds: INBOX_TABLES[kind].mailKinds, refId: id });
    await deleteRow(trx, kind, id);
    await recordStaffAction(trx, actor, 'inbox.delete', inboxTarget(kind, id), 'spam deleted');
  });
}
