// What arrived, for staff: the newest contact messages, enquiries, registrations and requests for quotation with the
// state of their mail. Read by `npm run submissions` (server/scripts/submissions.ts).
import { sql } from 'kysely';
import type { Database } from '../platform/db/index.js';
import { formatQuoteSection, loadQuoteSection, type QuoteSection } from '../quote-requests/index.js';
import {
  describeMail,
  formatTime,
  languageName,
  mailStateOf,
  safe,
  type MailColumns,
  type MailState,
} from '../platform/cli/reportText.js';
import { OUTBOX_KIND } from '../submissions/index.js';

export type { MailState } from '../platform/cli/reportText.js';
export { formatTime } from '../platform/cli/reportText.js';

export interface ReportEntry {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  branch: string | null;
  phone: string | null;
  companyName: string | null;
  companyLocation: string | null;
  message: string | null;
  spam: boolean;
  /**
   * The language of the page the visitor wrote from ('en', 'ar'), as its mail has it (the outbox payload): null when no
   * mail belongs to it.
   */
  language: string | null;
  /** null when no mail belongs to it (registrations, spam, or mail delivery not wanted). */
  mail: MailState | null;
}

export interface ReportSection {
  title: string;
  total: number;
  entries: ReportEntry[];
}

export interface SubmissionsReport {
  sections: ReportSection[];
  /** Requests for quotation, with their lines and their two mails. */
  quoteRequests: QuoteSection;
  outbox: { pending: number; failing: number; sent: number };
}

/** What the three sections' queries have in common: each query's own row type (from db/schema.ts) must fit it. */
interface Row extends MailColumns {
  id: number;
  created_at: Date;
  name: string;
  email: string;
  branch: string | null;
  phone: string | null;
  company_name: string | null;
  company_location: string | null;
  message: string | null;
  spam: boolean;
  language: string | null;
}

// a mail queued before the form sent a language came from the English site
const MAIL_LANGUAGE = sql<
  string | null
>`case when o.id is null then null else coalesce(o.payload->>'language', 'en') end`.as('language');
const MAIL_COLUMNS = ['o.recipient', 'o.attempts', 'o.sent_at', 'o.next_attempt_at', 'o.last_error'] as const;

const toEntry = (row: Row): ReportEntry => ({
  id: row.id,
  createdAt: row.created_at,
  name: row.name,
  email: row.email,
  branch: row.branch,
  phone: row.phone,
  companyName: row.company_name,
  companyLocation: row.company_location,
  message: row.message,
  spam: row.spam,
  language: row.language,
  mail: mailStateOf(row),
});

async function count(db: Database, table: 'contact_messages' | 'inquiries' | 'registrations'): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The newest `limit` submissions of each kind (newest first), with totals and the outbox state. */
export async function loadSubmissionsReport(db: Database, limit: number): Promise<SubmissionsReport> {
  const contact = await newestContactMessages(db, limit);
  const inquiries = await newestInquiries(db, limit);
  const registrations = await newestRegistrations(db, limit);
  const outbox = await outboxCounts(db);
  return {
    sections: [
      { title: 'Contact messages', total: await count(db, 'contact_messages'), entries: contact.map(toEntry) },
      { title: 'Enquiries (chat)', total: await count(db, 'inquiries'), entries: inquiries.map(toEntry) },
      { title: 'Registrations (chat)', total: await count(db, 'registrations'), entries: registrations.map(toEntry) },
    ],
    quoteRequests: await loadQuoteSection(db, limit),
    outbox: outbox ?? { pending: 0, failing: 0, sent: 0 },
  };
}

function newestContactMessages(db: Database, limit: number): Promise<Row[]> {
  return db.kysely
    .selectFrom('contact_messages as c')
    .leftJoin('outbox as o', (join) =>
      join.on('o.kind', '=', OUTBOX_KIND.contactMessage).onRef('o.ref_id', '=', 'c.id'),
    )
    .select([
      'c.id',
      'c.created_at',
      'c.name',
      'c.email',
      'c.country as branch',
      'c.phone',
      'c.company_name',
      'c.company_location',
      'c.message',
      'c.spam',
      MAIL_LANGUAGE,
      ...MAIL_COLUMNS,
    ])
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

function newestInquiries(db: Database, limit: number): Promise<Row[]> {
  return db.kysely
    .selectFrom('inquiries as i')
    .leftJoin('outbox as o', (join) => join.on('o.kind', '=', OUTBOX_KIND.inquiry).onRef('o.ref_id', '=', 'i.id'))
    .select([
      'i.id',
      'i.created_at',
      'i.user_name as name',
      'i.user_email as email',
      'i.user_country as branch',
      'i.phone',
      'i.company_name',
      'i.company_location',
      'i.message',
      'i.spam',
      MAIL_LANGUAGE,
      ...MAIL_COLUMNS,
    ])
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/** A registration has no message and no mail: the same row shape, with nulls. */
function newestRegistrations(db: Database, limit: number): Promise<Row[]> {
  return db.kysely
    .selectFrom('registrations as r')
    .select((eb) => [
      'r.id',
      'r.created_at',
      'r.user_name as name',
      'r.user_email as email',
      'r.user_country as branch',
      eb.lit(null).as('phone'),
      eb.lit(null).as('company_name'),
      eb.lit(null).as('company_location'),
      eb.lit(null).as('message'),
      'r.spam',
      eb.lit(null).as('language'),
      eb.lit(null).as('recipient'),
      eb.lit(null).as('attempts'),
      eb.lit(null).as('sent_at'),
      eb.lit(null).as('next_attempt_at'),
      eb.lit(null).as('last_error'),
    ])
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The outbox's mails: waiting (of them, those that failed at least once) and sent. */
function outboxCounts(db: Database) {
  return db.kysely
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('sent_at', 'is', null).as('pending'),
      eb.fn.countAll<number>().filterWhere('sent_at', 'is', null).filterWhere('attempts', '>', 0).as('failing'),
      eb.fn.countAll<number>().filterWhere('sent_at', 'is not', null).as('sent'),
    ])
    .executeTakeFirst();
}

function mailLine(entry: ReportEntry): string {
  if (entry.spam) return 'Mail: none (spam: the hidden honeypot field was filled)';
  return entry.mail === null ? 'Mail: none' : `Mail: ${describeMail(entry.mail)}`;
}

function formatEntry(entry: ReportEntry): string[] {
  const company = [entry.companyName, entry.companyLocation].filter((part) => part !== null).join(', ');
  const lines = [
    `#${entry.id}  ${formatTime(entry.createdAt)}${entry.branch === null ? '' : `  branch: ${safe(entry.branch)}`}` +
      `${entry.language === null ? '' : `  language: ${languageName(entry.language)}`}${entry.spam ? '  [SPAM]' : ''}`,
    `  From: ${safe(entry.name)} <${safe(entry.email)}>${entry.phone === null ? '' : `  Phone: ${safe(entry.phone)}`}`,
  ];
  if (company !== '') lines.push(`  Company: ${safe(company)}`);
  if (entry.message !== null) lines.push(...entry.message.split(/\r\n|\r|\n/).map((line) => `  | ${safe(line)}`));
  lines.push(`  ${mailLine(entry)}`);
  return lines;
}

/** The report as text for a terminal. */
export function formatSubmissionsReport(report: SubmissionsReport): string {
  const out: string[] = [];
  for (const section of report.sections) {
    const shown = section.entries.length;
    out.push(`${section.title}: ${section.total} in all${shown < section.total ? `, newest ${shown} shown` : ''}`);
    out.push('='.repeat(out[out.length - 1]!.length));
    if (shown === 0) out.push('  (none)', '');
    for (const entry of section.entries) out.push(...formatEntry(entry), '');
  }
  out.push(...formatQuoteSection(report.quoteRequests));
  const { pending, failing, sent } = report.outbox;
  out.push(
    `Outbox: ${sent} sent, ${pending} waiting${failing > 0 ? ` (${failing} of them failed at least once)` : ''}`,
  );
  return `${out.join('\n')}\n`;
}
