// The requests for quotation in the staff listing (`npm run submissions`): each with its lines, the state of its mail
// to the branch and of the buyer's confirmation.
import { isQuoteUnit } from '@site/content/validation';
import { sql } from 'kysely';
import type { Database } from '../platform/db/index.js';
import {
  describeMail,
  formatTime,
  languageName,
  mailStateOf,
  safe,
  type MailState,
} from '../platform/cli/reportText.js';
import { OUTBOX_KIND } from '../submissions/index.js';
import { QUOTE_LINE_COLUMNS, quoteLineOfRow, quoteRequestFieldsOfRow, type QuoteRequestFields } from './quoteLines.js';
import { CONFIRMATION_WINDOW_HOURS, CONFIRMATIONS_PER_ADDRESS } from './quoteStore.js';
import { quoteLineTitle } from './quoteSnapshot.js';
import { quoteTexts } from './quoteTexts.js';

export interface QuoteReportLine {
  code: string;
  /** The product's English name when it was asked for, with its variant's label ('… – Size 25 (M25)'): the part. */
  name: string;
  quantity: number;
  unit: string;
}

/** A request as the listing shows it: its stored fields as the PDF's (quoteLines.ts), its time, language and mails. */
export interface QuoteReportEntry extends QuoteRequestFields {
  createdAt: Date;
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

/** The newest `limit` requests (newest first), each with the state of its two mails (outbox rows, when any). */
function readRequests(db: Database, limit: number) {
  return db.kysely
    .selectFrom('quote_requests as q')
    .leftJoin('outbox as b', (join) => join.on('b.kind', '=', OUTBOX_KIND.quoteRequest).onRef('b.ref_id', '=', 'q.id'))
    .leftJoin('outbox as c', (join) =>
      join.on('c.kind', '=', OUTBOX_KIND.quoteConfirmation).onRef('c.ref_id', '=', 'q.id'),
    )
    .select((eb) => [
      'q.id',
      'q.reference',
      'q.created_at',
      'q.company_name',
      'q.name',
      'q.email',
      'q.phone',
      'q.branch',
      'q.delivery_city',
      eb.fn<string | null>('to_char', ['q.needed_by', sql.lit('YYYY-MM-DD')]).as('needed_by'),
      'q.notes',
      'q.language',
      'q.spam',
      'q.confirmation_skipped',
      'b.recipient as b_recipient',
      'b.attempts as b_attempts',
      'b.sent_at as b_sent_at',
      'b.next_attempt_at as b_next_attempt_at',
      'b.last_error as b_last_error',
      'c.recipient as c_recipient',
      'c.attempts as c_attempts',
      'c.sent_at as c_sent_at',
      'c.next_attempt_at as c_next_attempt_at',
      'c.last_error as c_last_error',
    ])
    .orderBy('q.id', 'desc')
    .limit(limit)
    .execute();
}

type RequestRow = Awaited<ReturnType<typeof readRequests>>[number];

/** The lines of every request from `oldest` on (ids grow: the requests shown and any newer), in their order. */
function readLinesFrom(db: Database, oldest: number) {
  return db.kysely
    .selectFrom('quote_request_lines')
    .select(['request_id', ...QUOTE_LINE_COLUMNS])
    .where('request_id', '>=', oldest)
    .orderBy('request_id')
    .orderBy('line_no')
    .execute();
}

type LineRow = Awaited<ReturnType<typeof readLinesFrom>>[number];

/** A request as the listing shows it, with its own lines (of `lines`) and its mails' states. */
function entryOf(row: RequestRow, lines: readonly LineRow[]): QuoteReportEntry {
  return {
    ...quoteRequestFieldsOfRow(row),
    createdAt: row.created_at,
    language: row.language,
    spam: row.spam,
    lines: lines
      .filter((line) => line.request_id === row.id)
      .map((row) => {
        const line = quoteLineOfRow(row);
        return { code: line.code, name: quoteLineTitle(line, 'en'), quantity: line.quantity, unit: line.unit };
      }),
    branchMail: mailStateOf({
      recipient: row.b_recipient,
      attempts: row.b_attempts,
      sent_at: row.b_sent_at,
      next_attempt_at: row.b_next_attempt_at,
      last_error: row.b_last_error,
    }),
    confirmation: mailStateOf({
      recipient: row.c_recipient,
      attempts: row.c_attempts,
      sent_at: row.c_sent_at,
      next_attempt_at: row.c_next_attempt_at,
      last_error: row.c_last_error,
    }),
    // no confirmation row and not spam: the address's cap held it back (the hourly cap is marked on the request)
    confirmationSkipped:
      row.confirmation_skipped === 'hourly_cap'
        ? 'hourlyCap'
        : row.c_recipient === null && row.spam === false
          ? 'addressCap'
          : null,
  };
}

/** The newest `limit` requests (newest first) with their lines and mails, and how many there are. */
export async function loadQuoteSection(db: Database, limit: number): Promise<QuoteSection> {
  const rows = await readRequests(db, limit);
  const oldest = rows.at(-1)?.id;
  const lines = oldest === undefined ? [] : await readLinesFrom(db, oldest);
  const total = await db.kysely
    .selectFrom('quote_requests')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .executeTakeFirst();
  return { title: 'Requests for quotation', total: total?.n ?? 0, entries: rows.map((row) => entryOf(row, lines)) };
}

const skippedText = (entry: QuoteReportEntry): string =>
  entry.confirmationSkipped === 'hourlyCap'
    ? 'none (the site had mailed its QUOTE_CONFIRMATIONS_PER_HOUR within the hour)'
    : `none (the address had ${CONFIRMATIONS_PER_ADDRESS} within ${CONFIRMATION_WINDOW_HOURS} hours)`;

const quantityText = (line: QuoteReportLine): string =>
  isQuoteUnit(line.unit)
    ? quoteTexts('en').quantityWithUnit(line.quantity, line.unit)
    : `${line.quantity} ${safe(line.unit)}`;

function formatEntry(entry: QuoteReportEntry): string[] {
  const out = [
    `${entry.reference}  ${formatTime(entry.createdAt)}  branch: ${safe(entry.branch)}  language: ${languageName(entry.language)}${entry.spam ? '  [SPAM]' : ''}`,
    `  From: ${safe(entry.name)} <${safe(entry.email)}>  Phone: ${safe(entry.phone)}`,
    `  Company: ${safe(entry.companyName)}` +
      `${entry.deliveryCity === null ? '' : `  Delivery city: ${safe(entry.deliveryCity)}`}${entry.neededBy === null ? '' : `  Needed by: ${entry.neededBy}`}`,
    `  Lines (${entry.lines.length}):`,
    ...entry.lines.map(
      (line, index) => `    ${index + 1}. ${safe(line.code)}  ${quantityText(line)}  ${safe(line.name)}`,
    ),
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
