// What the account shows of a signed-in buyer's records, read for their verified address (lowercase, trimmed): the
// requests for quotation sent from it, and every sent revision of the quotations that answer them (a quotation is
// addressed to its request's address). A draft is staff's own and never shown. Each record is found by the address
// in the same query that finds it by its key, so another buyer's record and one that does not exist look alike.
import type { QuotationState } from '@site/contracts/quotations-api';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { asDate } from '../accountTokens.js';
import { ANSWERABLE, isPastValidity } from './otherFeatures.js';

type Db = Kysely<DatabaseSchema>;

/** A part of a record as it can be asked for again: its variant's code and quantity (in its unit). */
export interface RecordPart {
  code: string;
  quantity: number;
}

export interface RequestRecord {
  id: number;
  reference: string;
  sentAt: Date;
  branch: string;
  /** The address it was sent from (a colleague's, in a company). */
  sentBy: string;
  lineCount: number;
  /** Its lines, in their order: what "Request again" puts in the basket. */
  parts: RecordPart[];
}

export interface QuotationRevisionRecord {
  id: number;
  /** QT-AE-2026-000001, -R1… for a revision. */
  number: string;
  revision: number;
  /** As the buyer's link shows it: a sent one past its validity is expired. */
  state: QuotationState;
  sentAt: Date;
  validUntil: string;
  /** The revision that replaced this one (sent), or null. */
  supersededBy: number | null;
  /** Its catalogue lines (a line the salesperson wrote in has no code), in their order. */
  parts: RecordPart[];
}

/** The quotations of one request: every sent revision, the latest first. */
export interface QuotationRecord {
  requestReference: string;
  branch: string;
  revisions: QuotationRevisionRecord[];
}

export interface AccountRecords {
  /** The latest first. */
  requests: RequestRecord[];
  /** By request, the latest request first. */
  quotations: QuotationRecord[];
}

/** The address as the account knows it: trimmed, lowercase. */
export const accountEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The addresses whose records a buyer sees: their own, or in a company every colleague's (company/companyStore.ts
 * visibleAccounts), as the account knows them; never none (an empty list would match nothing anyway).
 */
export type Addresses = string | readonly string[];
const addressesOf = (email: Addresses): string[] => {
  const list = (typeof email === 'string' ? [email] : [...email]).map(accountEmail);
  return list.length === 0 ? [''] : list;
};

/**
 * The requests of `email`: not those the honeypot caught (a bot's, whoever's address it typed). The request's own
 * rows only: the lines are counted, never read.
 */
async function requestsOf(db: Db, email: Addresses): Promise<RequestRecord[]> {
  const rows = await db
    .selectFrom('quote_requests as r')
    .select((eb) => [
      'r.id',
      'r.reference',
      'r.created_at',
      'r.branch',
      sql<string>`lower(r.email)`.as('sent_by'),
      eb
        .selectFrom('quote_request_lines as l')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('l.request_id', '=', 'r.id')
        .as('line_count'),
    ])
    .where(sql<string>`lower(r.email)`, 'in', addressesOf(email))
    .where('r.spam', '=', false)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  const parts = await partsOf(
    db,
    'quote_request_lines',
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    reference: row.reference,
    sentAt: asDate(row.created_at),
    branch: row.branch,
    sentBy: row.sent_by,
    lineCount: Number(row.line_count ?? 0),
    parts: parts.get(Number(row.id)) ?? [],
  }));
}

/** The parts of the requests or quotations `ids`, by id, each in its lines' order. */
async function partsOf(
  db: Db,
  table: 'quote_request_lines' | 'quotation_lines',
  ids: readonly number[],
): Promise<Map<number, RecordPart[]>> {
  const byId = new Map<number, RecordPart[]>();
  if (ids.length === 0) return byId;
  const rows =
    table === 'quote_request_lines'
      ? await db
          .selectFrom('quote_request_lines')
          .select(['request_id as owner', 'product_code as code', 'quantity'])
          .where('request_id', 'in', ids)
          .orderBy('request_id')
          .orderBy('line_no')
          .execute()
      : await db
          .selectFrom('quotation_lines')
          .select(['quotation_id as owner', 'variant_code as code', 'quantity'])
          .where('quotation_id', 'in', ids)
          .where('variant_code', 'is not', null)
          .orderBy('quotation_id')
          .orderBy('position')
          .execute();
  for (const row of rows) {
    if (row.code === null) continue;
    const owner = Number(row.owner);
    const list = byId.get(owner) ?? [];
    list.push({ code: row.code, quantity: Number(row.quantity) });
    byId.set(owner, list);
  }
  return byId;
}

/** Every sent revision of the quotations addressed to `email`, grouped by request, the latest request first. */
async function quotationsOf(db: Db, email: Addresses, now: Date): Promise<QuotationRecord[]> {
  const rows = await db
    .selectFrom('quotations as q')
    .innerJoin('quote_requests as r', 'r.id', 'q.request_id')
    .select([
      'q.id',
      'q.number',
      'q.revision',
      'q.state',
      'q.sent_at',
      // a date as the quotation gives it, whatever the driver makes of a date column
      sql<string>`to_char(q.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'q.branch',
      'r.id as request_id',
      'r.reference',
      // the sent revision that replaced it (a revision prepared and not sent replaces nothing yet)
      sql<
        number | string | null
      >`(select n.revision from quotations n where n.previous_id = q.id and n.state <> 'draft' and n.sent_at is not null order by n.id limit 1)`.as(
        'superseded_by',
      ),
    ])
    .where(sql<string>`lower(r.email)`, 'in', addressesOf(email))
    .where('q.state', '<>', 'draft')
    .where('q.number', 'is not', null)
    .where('q.sent_at', 'is not', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .orderBy('q.revision', 'desc')
    .orderBy('q.id', 'desc')
    .execute();
  const parts = await partsOf(
    db,
    'quotation_lines',
    rows.map((row) => Number(row.id)),
  );
  const byRequest = new Map<number, QuotationRecord>();
  for (const row of rows) {
    if (row.number === null || row.sent_at === null) continue;
    const requestId = Number(row.request_id);
    let record = byRequest.get(requestId);
    if (record === undefined) {
      record = { requestReference: row.reference, branch: row.branch, revisions: [] };
      byRequest.set(requestId, record);
    }
    const validUntil = row.valid_until;
    record.revisions.push({
      id: Number(row.id),
      number: row.number,
      revision: Number(row.revision),
      state: ANSWERABLE.includes(row.state) && isPastValidity(row.branch, validUntil, now) ? 'expired' : row.state,
      sentAt: asDate(row.sent_at),
      validUntil,
      supersededBy: row.superseded_by === null ? null : Number(row.superseded_by),
      parts: parts.get(Number(row.id)) ?? [],
    });
  }
  return [...byRequest.values()];
}

/** The records of the buyer whose verified address is `email` (or of the addresses a buyer in a company sees). */
export async function accountRecordsOf(db: Db, email: Addresses, now: Date = new Date()): Promise<AccountRecords> {
  const [requests, quotations] = await Promise.all([requestsOf(db, email), quotationsOf(db, email, now)]);
  return { requests, quotations };
}

/** The id of the buyer's request `reference`; undefined when it is none of theirs or none at all. */
export async function ownRequestId(db: Db, email: Addresses, reference: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('quote_requests')
    .select('id')
    .where('reference', '=', reference)
    .where(sql<string>`lower(email)`, 'in', addressesOf(email))
    .where('spam', '=', false)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Whether sent quotation `id` is addressed to the buyer (a draft is nobody's). */
export async function isOwnQuotation(db: Db, email: Addresses, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('quotations as q')
    .innerJoin('quote_requests as r', 'r.id', 'q.request_id')
    .select('q.id')
    .where('q.id', '=', id)
    .where(sql<string>`lower(r.email)`, 'in', addressesOf(email))
    .where('q.state', '<>', 'draft')
    .where('q.sent_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
