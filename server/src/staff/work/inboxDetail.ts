// One inbox row opened: everything the visitor sent (labelled, in the form's order), a quote's lines, the mails about
// it with their delivery state, and the staff's notes. Also the one access check every call on a row makes.
import { sql, type Kysely } from 'kysely';
import type {
  BuyerCompanyOnRequest,
  InboxItemDetail,
  InboxKind,
  InboxMail,
  InboxNote,
  InboxStatus,
  QuoteLineDetail,
  StaffAccountSummary,
  StaffBranch,
} from '@site/contracts/staff-api';
import type { DatabaseSchema, Row } from '../../platform/db/index.js';
import { canSeeBranch } from '../access.js';
import { forbidden, notFound } from './errors.js';
import { PREVIEW_LENGTH, SHOWN_STATUS } from './inboxQuery.js';
import { INBOX_TABLES } from './inboxTables.js';
import { ACCOUNT_COLUMNS, accountOf } from './staffAccounts.js';

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
export async function visibleRow(
  db: Kysely<DatabaseSchema>,
  account: StaffAccountSummary,
  kind: InboxKind,
  id: number,
  { lock = false } = {},
): Promise<InboxRowState> {
  const table = INBOX_TABLES[kind];
  const row = await db
    .selectFrom(db.dynamic.table(table.table).as('t'))
    .select([table.branch.as('branch'), 't.spam', 't.status', 't.assignee_id'])
    .where('t.id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  if (!canSeeBranch(account, row.branch)) throw forbidden();
  return { branch: row.branch, spam: row.spam, status: row.status, assigneeId: row.assignee_id };
}

/** A mail's state as staff read it: sent; failed (its last attempt failed: the worker keeps retrying with backoff); pending. */
export function mailState(row: Pick<Row<'outbox'>, 'sent_at' | 'last_error'>): InboxMail['state'] {
  if (row.sent_at !== null) return 'sent';
  return row.last_error !== null ? 'failed' : 'pending';
}

export async function mailsOf(db: Kysely<DatabaseSchema>, kind: InboxKind, id: number): Promise<InboxMail[]> {
  const kinds = INBOX_TABLES[kind].mailKinds;
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'recipient', 'attempts', 'last_error', 'sent_at'])
    .where('kind', 'in', kinds)
    .where('ref_id', '=', id)
    .orderBy('id')
    .execute();
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

async function notesOf(db: Kysely<DatabaseSchema>, kind: InboxKind, id: number): Promise<InboxNote[]> {
  const rows = await db
    .selectFrom('staff_notes as n')
    .innerJoin('staff_accounts as a', 'a.id', 'n.author_id')
    .select(['n.id', 'n.text', 'n.created_at', ...ACCOUNT_COLUMNS])
    .where('n.kind', '=', kind)
    .where('n.ref_id', '=', id)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    author: accountOf(row)!,
    text: row.text,
    createdAt: row.created_at.toISOString(),
  }));
}

function linesOf(db: Kysely<DatabaseSchema>, id: number): Promise<QuoteLineDetail[]> {
  return db
    .selectFrom('quote_request_lines')
    .select([
      'product_id as productId',
      'product_code as productCode',
      'product_name as productName',
      'variant_label as variantLabel',
      'unit',
      sql<string>`trim_scale(quantity)::text`.as('quantity'),
    ])
    .where('request_id', '=', id)
    .orderBy('line_no')
    .execute();
}

/** The buyers' company account of a request's address (the accounts feature's, given by app/). */
export type BuyerCompanyOf = (email: string) => Promise<BuyerCompanyOnRequest | undefined>;

/** The row opened, for `account`: 404 / 403 as visibleRow; a request's buyers' company where `buyerCompanyOf` says. */
export async function loadInboxDetail(
  db: Kysely<DatabaseSchema>,
  account: StaffAccountSummary,
  kind: InboxKind,
  id: number,
  buyerCompanyOf?: BuyerCompanyOf,
): Promise<InboxItemDetail> {
  const table = INBOX_TABLES[kind];
  const row = await db
    .selectFrom(db.dynamic.table(table.table).as('t'))
    .leftJoin('staff_accounts as a', 'a.id', 't.assignee_id')
    .select([
      't.id',
      't.created_at',
      table.branch.as('branch'),
      SHOWN_STATUS.as('status'),
      table.name.as('name'),
      table.email.as('email'),
      table.company.as('company'),
      sql<string>`left(${table.message}, ${PREVIEW_LENGTH})`.as('preview'),
      table.reference.as('reference'),
      // the form's fields as f0, f1... in its order
      ...table.fields.map((field, index) => sql<string | null>`(${field.value})::text`.as(`f${index}`)),
      ...ACCOUNT_COLUMNS,
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
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
    mails: await mailsOf(db, kind, id),
    notes: await notesOf(db, kind, id),
  };
  if (kind === 'quote') {
    detail.reference = row.reference ?? '';
    detail.lines = await linesOf(db, id);
    const company = await buyerCompanyOf?.(row.email);
    if (company !== undefined) detail.buyerCompany = company;
  }
  return detail;
}
