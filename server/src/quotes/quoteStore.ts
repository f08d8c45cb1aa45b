// Storing a request for quotation: the request, its lines and its mails (to the branch, and a confirmation to the
// buyer) in one transaction; reading one back for its PDF.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { quoteReference } from '@site/content/validation';
import { isLocale } from '@site/contracts/locale';
import type { Database, Queryable } from '../db/index.js';
import { branchEmail, OUTBOX_KIND } from '../submissions/store.js';
import type { QuoteRequestInput } from './quoteSchema.js';
import type { QuoteLineSnapshot, QuoteSnapshot } from './quoteSnapshot.js';

/** Confirmations mailed to one address within CONFIRMATION_WINDOW_HOURS: beyond them the buyer gets none. */
export const CONFIRMATIONS_PER_ADDRESS = 3;
export const CONFIRMATION_WINDOW_HOURS = 24;

/** First key of the advisory lock that makes the confirmations of one address wait for each other (the second is the address). */
const CONFIRMATION_LOCK = 731_904_221;

export interface SaveQuoteOptions {
  /** The honeypot was filled: stored, flagged, no mail. */
  spam: boolean;
  /** SHA-256 of the PDF's key (quotePdfKey). */
  keyHash: string;
}

export interface SavedQuote {
  id: number;
  reference: string;
  /** The buyer's confirmation: queued, skipped (the address had its CONFIRMATIONS_PER_ADDRESS already), or none (spam). */
  confirmation: 'queued' | 'skipped' | 'none';
}

/** A new PDF key: 32 random bytes (base64url) for the sender, and the hash the database keeps. */
export function quotePdfKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key) };
}

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Whether `key` is the one whose hash is `hash`, in constant time. */
export function keyMatches(key: string, hash: string): boolean {
  const given = Buffer.from(hashKey(key), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Lines of one multi-row insert: 100 lines × 8 values, well below PostgreSQL's 65,535 parameters. */
async function insertLines(tx: Queryable, requestId: number, lines: readonly QuoteLineSnapshot[]): Promise<void> {
  const values: unknown[] = [];
  const rows = lines.map((line, index) => {
    values.push(requestId, index + 1, line.productId, line.code, line.name, line.nameAr, line.unit, line.quantity);
    const at = index * 8;
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7}, $${at + 8})`;
  });
  await tx.query(
    `insert into quote_request_lines (request_id, line_no, product_id, product_code, product_name, product_name_ar, unit, quantity)
     values ${rows.join(', ')}`,
    values,
  );
}

/**
 * Stores a request with its lines and, unless it is spam, its mail to the branch and the buyer's confirmation (when
 * the address has had fewer than CONFIRMATIONS_PER_ADDRESS in the last CONFIRMATION_WINDOW_HOURS: counted here, under a
 * lock on the address, so every process and every concurrent request sees the same count).
 */
export function saveQuoteRequest(db: Database, input: QuoteRequestInput, { spam, keyHash }: SaveQuoteOptions): Promise<SavedQuote> {
  return db.transaction(async (tx) => {
    // the id and time first: the reference is made of them and stored with the row
    const [next] = await tx.query<{ id: number; created_at: Date }>(`select nextval(pg_get_serial_sequence('quote_requests', 'id')) as id, now() as created_at`);
    const { id, created_at: createdAt } = next!;
    const reference = quoteReference(id, createdAt);
    await tx.query(
      `insert into quote_requests (id, reference, company_name, name, email, phone, branch, delivery_city, needed_by, notes, language, pdf_key_hash, spam, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [id, reference, input.companyName, input.name, input.email, input.phone, input.branch, input.deliveryCity, input.neededBy, input.notes, input.language, keyHash, spam, createdAt],
    );
    const snapshot: QuoteSnapshot = {
      id,
      reference,
      createdAt: createdAt.toISOString(),
      companyName: input.companyName,
      name: input.name,
      email: input.email,
      phone: input.phone,
      branch: input.branch,
      deliveryCity: input.deliveryCity,
      neededBy: input.neededBy,
      notes: input.notes,
      language: input.language,
      lines: input.lines.map(({ product, quantity }) => ({
        productId: product.id,
        code: product.code,
        name: product.name,
        nameAr: product.nameAr,
        unit: product.unit,
        quantity,
      })),
    };
    await insertLines(tx, id, snapshot.lines);
    if (spam) return { id, reference, confirmation: 'none' };

    const queue = (kind: string, recipient: string) =>
      tx.query('insert into outbox (kind, ref_id, recipient, payload) values ($1, $2, $3, $4)', [kind, id, recipient, JSON.stringify(snapshot)]);
    await queue(OUTBOX_KIND.quoteRequest, branchEmail(input.branch));

    await tx.query('select pg_advisory_xact_lock($1, hashtext(lower($2)))', [CONFIRMATION_LOCK, input.email]);
    const [recent] = await tx.query<{ n: number }>(
      `select count(*)::int as n from outbox
        where kind = $1 and lower(recipient) = lower($2) and created_at > now() - make_interval(hours => $3)`,
      [OUTBOX_KIND.quoteConfirmation, input.email, CONFIRMATION_WINDOW_HOURS],
    );
    if ((recent?.n ?? 0) >= CONFIRMATIONS_PER_ADDRESS) return { id, reference, confirmation: 'skipped' };
    await queue(OUTBOX_KIND.quoteConfirmation, input.email);
    return { id, reference, confirmation: 'queued' };
  });
}

interface RequestRow {
  id: number;
  reference: string;
  created_at: Date;
  company_name: string;
  name: string;
  email: string;
  phone: string;
  branch: string;
  delivery_city: string | null;
  needed_by: string | null;
  notes: string | null;
  language: string;
  pdf_key_hash: string;
}

interface LineRow {
  product_id: string;
  product_code: string;
  product_name: string;
  product_name_ar: string;
  unit: QuoteLineSnapshot['unit'];
  quantity: string;
}

/** A stored request as its mails have it, and its key's hash; undefined when no request has that reference. */
export async function loadQuoteRequest(db: Database, reference: string): Promise<{ snapshot: QuoteSnapshot; keyHash: string } | undefined> {
  const [row] = await db.query<RequestRow>(
    `select id, reference, created_at, company_name, name, email, phone, branch, delivery_city,
            to_char(needed_by, 'YYYY-MM-DD') as needed_by, notes, language, pdf_key_hash
       from quote_requests where reference = $1`,
    [reference],
  );
  if (row === undefined) return undefined;
  const lines = await db.query<LineRow>(
    `select product_id, product_code, product_name, product_name_ar, unit, quantity::text as quantity
       from quote_request_lines where request_id = $1 order by line_no`,
    [row.id],
  );
  return {
    keyHash: row.pdf_key_hash,
    snapshot: {
      id: row.id,
      reference: row.reference,
      createdAt: row.created_at.toISOString(),
      companyName: row.company_name,
      name: row.name,
      email: row.email,
      phone: row.phone,
      branch: row.branch,
      deliveryCity: row.delivery_city,
      neededBy: row.needed_by,
      notes: row.notes,
      language: isLocale(row.language) ? row.language : 'en',
      lines: lines.map((line) => ({
        productId: line.product_id,
        code: line.product_code,
        name: line.product_name,
        nameAr: line.product_name_ar,
        unit: line.unit,
        quantity: Number(line.quantity),
      })),
    },
  };
}
