// What staff do to an inbox row: set its status (spam in or out), assign it, add a note, queue a failed mail again,
// delete a spam row. Each is one transaction holding the row (FOR UPDATE) with its audit line, committed before the
// answer: a crash loses no acknowledged change, and a rolled-back one leaves no line.
import type { InboxKind, InboxStatus, StaffAccountSummary } from '@site/contracts/staff-api';
import type { Database, Queryable } from '../../db/index.js';
import { canSeeBranch } from '../access.js';
import { recordStaffAction } from '../audit.js';
import { badRequest, conflict, notFound } from './errors.js';
import { mailState, visibleRow } from './inboxDetail.js';
import { INBOX_TABLES, inboxTarget } from './inboxTables.js';
import { ACCOUNT_COLUMNS, accountOf, type AccountColumns } from './staffAccounts.js';

/** The enabled account `id` when it may see `branch`'s rows (so it may be assigned one), else undefined. */
async function assignableAccount(q: Queryable, id: number, branch: string | null): Promise<StaffAccountSummary | undefined> {
  const [row] = await q.query<AccountColumns>(`select ${ACCOUNT_COLUMNS} from staff_accounts a where a.id = $1 and not a.disabled`, [id]);
  const account = row === undefined ? null : accountOf(row);
  return account !== null && canSeeBranch(account, branch) ? account : undefined;
}

/** The status the inbox shows for a row. */
const shownStatus = (row: { spam: boolean; status: InboxStatus }): InboxStatus => (row.spam ? 'spam' : row.status);

/** 'spam' flags the row (its workflow status stays for a later restore); any other status clears the flag and sets it. */
export function setStatus(db: Database, actor: StaffAccountSummary, kind: InboxKind, id: number, status: InboxStatus): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await visibleRow(tx, actor, kind, id, { lock: true });
    const table = INBOX_TABLES[kind].table;
    if (status === 'spam') await tx.query(`update ${table} set spam = true, updated_at = now() where id = $1`, [id]);
    else await tx.query(`update ${table} set spam = false, status = $2, updated_at = now() where id = $1`, [id, status]);
    await recordStaffAction(tx, actor, 'inbox.status', inboxTarget(kind, id), `${shownStatus(row)} → ${status}`);
  });
}

/** Gives the row to an enabled colleague who may see its branch (or to nobody: null). */
export function assign(db: Database, actor: StaffAccountSummary, kind: InboxKind, id: number, assigneeId: number | null): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await visibleRow(tx, actor, kind, id, { lock: true });
    let detail = 'unassigned';
    if (assigneeId !== null) {
      const assignee = await assignableAccount(tx, assigneeId, row.branch);
      if (assignee === undefined) throw badRequest('assigneeId must be an enabled account that may see this branch');
      detail = `assigned to ${assignee.email}`;
    }
    await tx.query(`update ${INBOX_TABLES[kind].table} set assignee_id = $2, updated_at = now() where id = $1`, [id, assigneeId]);
    await recordStaffAction(tx, actor, 'inbox.assign', inboxTarget(kind, id), detail);
  });
}

export function addNote(db: Database, actor: StaffAccountSummary, kind: InboxKind, id: number, text: string): Promise<void> {
  return db.transaction(async (tx) => {
    await visibleRow(tx, actor, kind, id, { lock: true });
    const [note] = await tx.query<{ id: number }>('insert into staff_notes (kind, ref_id, author_id, text) values ($1, $2, $3, $4) returning id', [kind, id, actor.id, text]);
    await tx.query(`update ${INBOX_TABLES[kind].table} set updated_at = now() where id = $1`, [id]);
    await recordStaffAction(tx, actor, 'inbox.note', inboxTarget(kind, id), `note ${note!.id}`);
  });
}

/**
 * Queues a failed mail of the row again now: due at once, its attempts back to 0 (the worker's backoff starts over)
 * and its error cleared (the audit line keeps it). Delivery stays at least once: were the worker in the middle of a
 * retry of this very mail, it could go out twice.
 */
export function resendMail(db: Database, actor: StaffAccountSummary, kind: InboxKind, id: number, mailId: number): Promise<void> {
  return db.transaction(async (tx) => {
    await visibleRow(tx, actor, kind, id, { lock: true });
    const [mail] = await tx.query<{ sent_at: Date | null; last_error: string | null; recipient: string; attempts: number }>(
      'select sent_at, last_error, recipient, attempts from outbox where id = $1 and kind = any($2::text[]) and ref_id = $3 for update',
      [mailId, INBOX_TABLES[kind].mailKinds, id],
    );
    if (mail === undefined) throw notFound('There is no such mail about this item');
    if (mailState(mail) !== 'failed') throw conflict(`Only a mail that failed can be sent again (this one is ${mailState(mail)})`);
    await tx.query('update outbox set next_attempt_at = now(), attempts = 0, last_error = null where id = $1', [mailId]);
    await recordStaffAction(
      tx,
      actor,
      'inbox.resend',
      inboxTarget(kind, id),
      `mail ${mailId} to ${mail.recipient} queued again after ${mail.attempts} attempts; last error: ${mail.last_error ?? ''}`.slice(0, 2000),
    );
  });
}

/** Deletes a spam row with everything about it: notes, mails, a quote's lines (their foreign key cascades). */
export function deleteSpam(db: Database, actor: StaffAccountSummary, kind: InboxKind, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await visibleRow(tx, actor, kind, id, { lock: true });
    if (!row.spam) throw conflict('Only spam can be deleted: mark it as spam first');
    await tx.query('delete from staff_notes where kind = $1 and ref_id = $2', [kind, id]);
    if (INBOX_TABLES[kind].mailKinds.length > 0) {
      await tx.query('delete from outbox where kind = any($1::text[]) and ref_id = $2', [INBOX_TABLES[kind].mailKinds, id]);
    }
    await tx.query(`delete from ${INBOX_TABLES[kind].table} where id = $1`, [id]);
    await recordStaffAction(tx, actor, 'inbox.delete', inboxTarget(kind, id), 'spam deleted');
  });
}
