// One inbox row opened: everything the visitor sent (labelled, in the form's order), a quote's lines, the mails about
// it with their delivery state, and the staff's notes. Also the one access check every call on a row makes.
import type { InboxItemDetail, InboxKind, InboxMail, InboxNote, InboxStatus, QuoteLineDetail, StaffAccountSummary, StaffBranch } from '@site/contracts/staff-api';
import type { Queryable } from '../../db/index.js';
import { canSeeBranch } from '../access.js';
import { forbidden, notFound } from './errors.js';
import { PREVIEW_LENGTH } from './inboxQuery.js';
import { INBOX_TABLES } from './inboxTables.js';
import { ACCOUNT_COLUMNS, accountOf, type AccountColumns } from './staffAccounts.js';

export interface InboxRowState {
  branch: string | null;
  spam: boolean;
  status: Exclude<InboxStatus, 'spam'>;
  assigneeId: number | null;
}

/**
 * The row `kind`/`id` when `account` may see it: 404 when there is none, 403 when it is another branch's. `lock`
 * (inside a transaction) holds the row until the change is committed, so two staff changes to one row take turns.
 */
export async function visibleRow(q: Queryable, account: StaffAccountSummary, kind: InboxKind, id: number, { lock = false } = {}): Promise<InboxRowState> {
  const table = INBOX_TABLES[kind];
  const [row] = await q.query<{ branch: string | null; spam: boolean; status: InboxRowState['status']; assignee_id: number | null }>(
    `select ${table.branch} as branch, t.spam, t.status, t.assignee_id from ${table.table} t where t.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (row === undefined) throw notFound();
  if (!canSeeBranch(account, row.branch)) throw forbidden();
  return { branch: row.branch, spam: row.spam, status: row.status, assigneeId: row.assignee_id };
}

/** A mail's state as staff read it: sent; failed (its last attempt failed: the worker keeps retrying with backoff); pending. */
export function mailState(row: { sent_at: Date | null; last_error: string | null }): InboxMail['state'] {
  if (row.sent_at !== null) return 'sent';
  return row.last_error !== null ? 'failed' : 'pending';
}

interface MailRow {
  id: number;
  kind: string;
  recipient: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
}

export async function mailsOf(q: Queryable, kind: InboxKind, id: number): Promise<InboxMail[]> {
  const kinds = INBOX_TABLES[kind].mailKinds;
  if (kinds.length === 0) return [];
  const rows = await q.query<MailRow>(
    'select id, kind, recipient, attempts, last_error, sent_at from outbox where kind = any($1::text[]) and ref_id = $2 order by id',
    [kinds, id],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    state: mailState(row),
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at?.toISOString() ?? null,
  }));
}

async function notesOf(q: Queryable, kind: InboxKind, id: number): Promise<InboxNote[]> {
  const rows = await q.query<AccountColumns & { id: number; text: string; created_at: Date }>(
    `select n.id, n.text, n.created_at, ${ACCOUNT_COLUMNS}
       from staff_notes n join staff_accounts a on a.id = n.author_id
      where n.kind = $1 and n.ref_id = $2
      order by n.created_at, n.id`,
    [kind, id],
  );
  return rows.map((row) => ({ id: row.id, author: accountOf(row)!, text: row.text, createdAt: row.created_at.toISOString() }));
}

async function linesOf(q: Queryable, id: number): Promise<QuoteLineDetail[]> {
  return q.query<QuoteLineDetail>(
    `select product_id as "productId", product_code as "productCode", product_name as "productName", unit,
            trim_scale(quantity)::text as quantity
       from quote_request_lines where request_id = $1 order by line_no`,
    [id],
  );
}

type DetailRow = AccountColumns & {
  id: number;
  created_at: Date;
  branch: string | null;
  status: InboxStatus;
  name: string;
  email: string;
  company: string | null;
  preview: string;
  reference: string | null;
} & Record<`f${number}`, string | null>;

/** The row opened, for `account`: 404 / 403 as visibleRow. */
export async function loadInboxDetail(q: Queryable, account: StaffAccountSummary, kind: InboxKind, id: number): Promise<InboxItemDetail> {
  const table = INBOX_TABLES[kind];
  const [row] = await q.query<DetailRow>(
    `select t.id, t.created_at, ${table.branch} as branch, case when t.spam then 'spam' else t.status end as status,
            ${table.name} as name, ${table.email} as email, ${table.company} as company,
            left(${table.message}, ${PREVIEW_LENGTH}) as preview, ${kind === 'quote' ? 't.reference' : 'null::text'} as reference,
            ${table.fields.map((field, index) => `(${field.sql})::text as f${index}`).join(', ')},
            ${ACCOUNT_COLUMNS}
       from ${table.table} t left join staff_accounts a on a.id = t.assignee_id
      where t.id = $1`,
    [id],
  );
  if (row === undefined) throw notFound();
  if (!canSeeBranch(account, row.branch)) throw forbidden();
  const detail: InboxItemDetail = {
    kind,
    id: row.id,
    createdAt: row.created_at.toISOString(),
    branch: row.branch as StaffBranch | null,
    status: row.status,
    name: row.name,
    email: row.email,
    company: row.company,
    preview: row.preview,
    assignee: accountOf(row),
    fields: table.fields.map((field, index) => ({ label: field.label, value: row[`f${index}`] ?? '' })),
    mails: await mailsOf(q, kind, id),
    notes: await notesOf(q, kind, id),
  };
  if (kind === 'quote') {
    detail.reference = row.reference ?? '';
    detail.lines = await linesOf(q, id);
  }
  return detail;
}
