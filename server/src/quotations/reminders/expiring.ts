// Sent quotations about to run out: those a buyer can still answer (sent, viewed, changes asked: not accepted, not
// superseded, not expired) whose validity ends on their branch's today or within EXPIRING_DAYS days. Staff list them
// ("Expiring in 3 days"), and each one's salesperson is mailed a reminder once.
//
// Who mails it: every server process polls (reminderPoller.ts), as the scheduled publish does
// (catalogue/staff/schedule/duePublish.ts): a cheap look without a lock, then each quotation in a transaction of its
// own that locks its row and looks again (still answerable, still in the window, not reminded), then stores the
// reminder (quotation_expiry_reminders: its primary key allows one per quotation), queues the mail in the outbox and
// writes the audit line, all or nothing. Two processes (or two polls) remind a quotation once.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { EXPIRING_DAYS, type ExpiringQuotation, type ExpiringQuotationList } from '@site/contracts/quotations-api';
import { formatAmount } from '@site/contracts/quotation-money';
import { STAFF_BRANCHES, type StaffAccountSummary, type StaffBranch } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { addDays, branchDay } from '../days.js';
import { ANSWERABLE, branchContact } from '../link/buyerView.js';
import type { QuotationContext } from '../quotationContext.js';
import type { RecordStaffAction } from '../staffSide.js';
import { EXPIRY_REMINDER_KIND, type ExpiryReminderPayload } from './reminderMail.js';
import { documentTotalSql } from '../documentTotalSql.js';

type Db = Kysely<DatabaseSchema>;

/** How many reminders one poll queues at most (the next poll takes the rest). */
const REMINDERS_PER_POLL = 50;

/** The days (from, to) of `branch`'s window at `now`: its today, and EXPIRING_DAYS after it. */
const windowOf = (branch: StaffBranch, now: Date) => {
  const today = branchDay(branch, now);
  return { today, last: addDays(today, EXPIRING_DAYS) };
};

/** Days from `from` to `to` ('YYYY-MM-DD' both). */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Answerable and ending within the window of its own branch (each branch's day: Dubai's midnight is not Bahrain's). */
function expiringWhere(
  eb: ExpressionBuilder<DatabaseSchema & { q: DatabaseSchema['quotations'] }, 'q'>,
  branches: readonly StaffBranch[],
  now: Date,
): Expression<SqlBool> {
  return eb.and([
    eb('q.state', 'in', ANSWERABLE),
    eb.or(
      branches.map((branch) => {
        const { today, last } = windowOf(branch, now);
        return eb.and([eb('q.branch', '=', branch), eb('q.valid_until', '>=', today), eb('q.valid_until', '<=', last)]);
      }),
    ),
  ]);
}

/** The expiring quotations of `branches` (none: nothing), the soonest first, with what the list and the mail say. */
async function readExpiring(db: Db, branches: readonly StaffBranch[], now: Date, only?: number) {
  if (branches.length === 0) return [];
  return db
    .selectFrom('quotations as q')
    .innerJoin('quote_requests as r', 'r.id', 'q.request_id')
    .leftJoin('quotation_expiry_reminders as e', 'e.quotation_id', 'q.id')
    .select([
      'q.id',
      'q.number',
      'q.state',
      'q.branch',
      'q.currency',
      'q.request_id',
      'q.sent_by_email',
      'q.salesperson_email',
      'q.viewed_at',
      sql<string>`to_char(q.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'r.reference',
      'r.company_name',
      'r.name as buyer_name',
      'r.email as buyer_email',
      'r.phone as buyer_phone',
      'e.reminded_at',
      documentTotalSql('q').as('total'),
    ])
    .where((eb) => expiringWhere(eb, branches, now))
    .$if(only !== undefined, (query) => query.where('q.id', '=', only ?? 0))
    .orderBy('q.valid_until')
    .orderBy('q.id')
    .execute();
}

type ExpiringRow = Awaited<ReturnType<typeof readExpiring>>[number];

function expiringOf(row: ExpiringRow, now: Date): ExpiringQuotation {
  // only a StaffBranch is ever written (prepareQuotation refuses any other)
  const branch = row.branch as StaffBranch;
  return {
    id: row.id,
    // a sent quotation has its number
    number: row.number ?? '',
    state: row.state,
    requestId: row.request_id,
    requestReference: row.reference,
    buyerCompany: row.company_name,
    branch,
    currency: row.currency,
    total: formatAmount(BigInt(row.total), row.currency),
    validUntil: row.valid_until,
    daysLeft: daysBetween(branchDay(branch, now), row.valid_until),
    sentBy: row.salesperson_email ?? row.sent_by_email,
    reminderSentAt: row.reminded_at?.toISOString() ?? null,
  };
}

/** GET QUOTATIONS_API.expiring: the expiring quotations of the branches `account` sees, the soonest first. */
export async function expiringQuotations(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch' | 'now'>,
  account: StaffAccountSummary,
): Promise<ExpiringQuotationList> {
  const now = context.now();
  const branches = STAFF_BRANCHES.filter((branch) => context.canSeeBranch(account, branch));
  return { quotations: (await readExpiring(db, branches, now)).map((row) => expiringOf(row, now)) };
}

export interface ReminderSettings {
  /** The staff app's origin, for the mail's link to the quotation; undefined: the mail names the page instead. */
  staffOrigin?: (() => string | undefined) | undefined;
}

/** Mails every due reminder at `now` (each once, whichever process gets there first); resolves to how many it queued. */
export async function remindExpiringQuotations(
  db: Db,
  record: RecordStaffAction,
  now: Date,
  settings: ReminderSettings = {},
): Promise<number> {
  // without a lock: the cheap look of every poll (the partial index of the answerable ones, by validity)
  const due = await db
    .selectFrom('quotations as q')
    .leftJoin('quotation_expiry_reminders as e', 'e.quotation_id', 'q.id')
    .select('q.id')
    .where((eb) => expiringWhere(eb, STAFF_BRANCHES, now))
    .where('e.quotation_id', 'is', null)
    .orderBy('q.valid_until')
    .limit(REMINDERS_PER_POLL)
    .execute();
  let queued = 0;
  for (const { id } of due) if (await remindOne(db, record, id, now, settings)) queued += 1;
  return queued;
}

/** Reminds quotation `id`'s salesperson, unless another process or poll did, or it was answered meanwhile. */
async function remindOne(
  db: Db,
  record: RecordStaffAction,
  id: number,
  now: Date,
  settings: ReminderSettings,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // the quotation's lock, as the buyer's answers take it: an acceptance either comes first (no reminder) or waits
    const locked = await trx.selectFrom('quotations').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (locked === undefined) return false;
    const [row] = await readExpiring(trx, STAFF_BRANCHES, now, id);
    // answered, or reminded by another process meanwhile
    if (row === undefined || row.reminded_at !== null) return false;
    const quotation = expiringOf(row, now);
    const recipient = quotation.sentBy ?? branchContact(quotation.branch).email;
    const inserted = await trx
      .insertInto('quotation_expiry_reminders')
      .values({ quotation_id: id, recipient })
      .onConflict((oc) => oc.column('quotation_id').doNothing())
      .returning('quotation_id')
      .executeTakeFirst();
    if (inserted === undefined) return false;
    const origin = settings.staffOrigin?.();
    const payload: ExpiryReminderPayload = {
      quotation,
      buyer: { name: row.buyer_name, email: row.buyer_email, phone: row.buyer_phone },
      viewedAt: row.viewed_at?.toISOString() ?? null,
      staffLink: origin === undefined ? null : `${origin.replace(/\/+$/, '')}/staff/quotations/${id}`,
    };
    await enqueueMail(trx, { kind: EXPIRY_REMINDER_KIND, refId: id, recipient, payload });
    await record(
      trx,
      null,
      'quotation.expiry_reminder',
      `quotation:${id}`,
      `${quotation.number} valid until ${quotation.validUntil}: its salesperson ${recipient} reminded`,
    );
    return true;
  });
}
