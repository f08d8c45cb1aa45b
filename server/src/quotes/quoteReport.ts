// The requests for quotation in the staff listing (`npm run submissions`): each with its lines, the state of its mail
// to the branch and of the buyer's confirmation.
import { isQuoteUnit } from '@site/content/validation';
import type { Database } from '../db/index.js';
import { describeMail, formatTime, languageName, mailStateOf, safe, type MailColumns, type MailState } from '../submissions/reportText.js';
import { OUTBOX_KIND } from '../submissions/store.js';
import { CONFIRMATION_WINDOW_HOURS, CONFIRMATIONS_PER_ADDRESS } from './quoteStore.js';
import { quoteTexts } from './quoteTexts.js';

export interface QuoteReportLine {
  code: string;
  /** The product's English name when it was asked for. */
  name: string;
  quantity: number;
  unit: string;
}

export interface QuoteReportEntry {
  id: number;
  reference: string;
  createdAt: Date;
  companyName: string;
  name: string;
  email: string;
  phone: string;
  branch: string;
  deliveryCity: string | null;
  neededBy: string | null;
  notes: string | null;
  language: string;
  spam: boolean;
  lines: QuoteReportLine[];
  /** The mail to the branch (null for spam). */
  branchMail: MailState | null;
  /** The buyer's confirmation (null for spam, or when a cap was reached: see confirmationSkipped). */
  confirmation: MailState | null;
  /** Why a request that is not spam has no confirmation: the address's cap or the site's hourly one (null: it has one, or is spam). */
  confirmationSkipped: 'addressCap' | 'hourlyCap' | null;
}

export interface QuoteSection {
  title: string;
  total: number;
  entries: QuoteReportEntry[];
}

const prefixed = (prefix: string, row: Record<string, unknown>): MailColumns => ({
  recipient: row[`${prefix}_recipient`] as string | null,
  attempts: row[`${prefix}_attempts`] as number | null,
  sent_at: row[`${prefix}_sent_at`] as Date | null,
  next_attempt_at: row[`${prefix}_next_attempt_at`] as Date | null,
  last_error: row[`${prefix}_last_error`] as string | null,
});

const mailColumns = (alias: string) =>
  ['recipient', 'attempts', 'sent_at', 'next_attempt_at', 'last_error'].map((column) => `${alias}.${column} as ${alias}_${column}`).join(', ');

/** The newest `limit` requests (newest first) with their lines and mails, and how many there are. */
export async function loadQuoteSection(db: Database, limit: number): Promise<QuoteSection> {
  const rows = await db.query<Record<string, unknown>>(
    `select q.id, q.reference, q.created_at, q.company_name, q.name, q.email, q.phone, q.branch, q.delivery_city,
            to_char(q.needed_by, 'YYYY-MM-DD') as needed_by, q.notes, q.language, q.spam, q.confirmation_skipped,
            ${mailColumns('b')}, ${mailColumns('c')}
       from quote_requests q
       left join outbox b on b.kind = $1 and b.ref_id = q.id
       left join outbox c on c.kind = $2 and c.ref_id = q.id
      order by q.id desc limit $3`,
    [OUTBOX_KIND.quoteRequest, OUTBOX_KIND.quoteConfirmation, limit],
  );
  const oldest = rows.length === 0 ? undefined : (rows[rows.length - 1]!.id as number);
  const lines = oldest === undefined
    ? []
    : await db.query<{ request_id: number; product_code: string; product_name: string; unit: string; quantity: string }>(
        `select request_id, product_code, product_name, unit, quantity::text as quantity
           from quote_request_lines where request_id >= $1 order by request_id, line_no`,
        [oldest],
      );
  const [total] = await db.query<{ n: number }>('select count(*)::int as n from quote_requests');
  return {
    title: 'Requests for quotation',
    total: total?.n ?? 0,
    entries: rows.map((row) => ({
      id: row.id as number,
      reference: row.reference as string,
      createdAt: row.created_at as Date,
      companyName: row.company_name as string,
      name: row.name as string,
      email: row.email as string,
      phone: row.phone as string,
      branch: row.branch as string,
      deliveryCity: row.delivery_city as string | null,
      neededBy: row.needed_by as string | null,
      notes: row.notes as string | null,
      language: row.language as string,
      spam: row.spam as boolean,
      lines: lines
        .filter((line) => line.request_id === row.id)
        .map((line) => ({ code: line.product_code, name: line.product_name, quantity: Number(line.quantity), unit: line.unit })),
      branchMail: mailStateOf(prefixed('b', row)),
      confirmation: mailStateOf(prefixed('c', row)),
      confirmationSkipped: row.confirmation_skipped === 'hourly_cap' ? 'hourlyCap' : row.c_recipient === null && row.spam === false ? 'addressCap' : null,
    })),
  };
}

const skippedText = (entry: QuoteReportEntry): string =>
  entry.confirmationSkipped === 'hourlyCap'
    ? 'none (the site had mailed its QUOTE_CONFIRMATIONS_PER_HOUR within the hour)'
    : `none (the address had ${CONFIRMATIONS_PER_ADDRESS} within ${CONFIRMATION_WINDOW_HOURS} hours)`;

const quantityText = (line: QuoteReportLine): string =>
  isQuoteUnit(line.unit) ? quoteTexts('en').quantityWithUnit(line.quantity, line.unit) : `${line.quantity} ${safe(line.unit)}`;

function formatEntry(entry: QuoteReportEntry): string[] {
  const out = [
    `${entry.reference}  ${formatTime(entry.createdAt)}  branch: ${safe(entry.branch)}  language: ${languageName(entry.language)}${entry.spam ? '  [SPAM]' : ''}`,
    `  From: ${safe(entry.name)} <${safe(entry.email)}>  Phone: ${safe(entry.phone)}`,
    `  Company: ${safe(entry.companyName)}` +
      `${entry.deliveryCity === null ? '' : `  Delivery city: ${safe(entry.deliveryCity)}`}${entry.neededBy === null ? '' : `  Needed by: ${entry.neededBy}`}`,
    `  Lines (${entry.lines.length}):`,
    ...entry.lines.map((line, index) => `    ${index + 1}. ${safe(line.code)}  ${quantityText(line)}  ${safe(line.name)}`),
  ];
  if (entry.notes !== null) out.push(...entry.notes.split(/\r\n|\r|\n/).map((line) => `  | ${safe(line)}`));
  if (entry.spam) out.push('  Mail: none (spam: the hidden honeypot field was filled)');
  else {
    out.push(`  Mail to the branch: ${entry.branchMail === null ? 'none' : describeMail(entry.branchMail)}`);
    out.push(
      `  Confirmation to the buyer: ${
        entry.confirmation === null ? skippedText(entry) : describeMail(entry.confirmation)
      }`,
    );
  }
  return out;
}

/** The section as text lines for a terminal, a blank line after each request. */
export function formatQuoteSection(section: QuoteSection): string[] {
  const shown = section.entries.length;
  const title = `${section.title}: ${section.total} in all${shown < section.total ? `, newest ${shown} shown` : ''}`;
  const out = [title, '='.repeat(title.length)];
  if (shown === 0) out.push('  (none)', '');
  for (const entry of section.entries) out.push(...formatEntry(entry), '');
  return out;
}
