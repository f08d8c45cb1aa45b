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

/**
 * The advisory lock under which a confirmation is counted and queued. One lock for every address: the hourly cap
 * counts all of them, so two requests for different addresses must not both see room for one.
 */
const CONFIRMATION_LOCK = 731_904_221;

export interface SaveQuoteOptions {
  /** The honeypot was filled: stored, flagged, no mail. */
  spam: boolean;
  /** SHA-256 of the PDF's key (quotePdfKey). */
  keyHash: string;
  /** Confirmations to all addresses together in the last hour; past it none is queued (0: none at all). */
  confirmationsPerHour: number;
}

export interface SavedQuote {
  id: number;
  reference: string;
  /**
   * The buyer's confirmation: queued; skipped because the address had its CONFIRMATIONS_PER_ADDRESS already
   * ('addressCap') or the site its confirmationsPerHour ('hourlyCap'); or none (spam).
   */
  confirmation: 'queued' | 'addressCap' | 'hourlyCap' | 'none';
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
 * the address has had fewer than CONFIRMATIONS_PER_ADDRESS in the last CONFIRMATION_WINDOW_HOURS and all addresses
 * together fewer than `confirmationsPerHour` in the last hour: counted here, in the outbox, under one lock, so every
 * process and every concurrent request sees the same counts). The confirmation goes to an address nobody has proven:
 * the caps bound what a stranger can make the site mail to others.
 */
export function saveQuoteRequest(db: Database, input: QuoteRequestInput, { spam, keyHash, confirmationsPerHour }: SaveQuoteOptions): Promise<SavedQuote> {
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

    await tx.query('select pg_advisory_xact_lock($1)', [CONFIRMATION_LOCK]);
    // the address's window (a day) holds the site's (an hour); clock_timestamp(), not now(): now() is when this
    // transaction began, before its wait for the lock
    const [recent] = await tx.query<{ to_address: number; site_wide: number }>(
      `select count(*) filter (where lower(recipient) = lower($2))::int as to_address,
              count(*) filter (where created_at > clock_timestamp() - interval '1 hour')::int as site_wide
         from outbox
        where kind = $1 and created_at > clock_timestamp() - make_interval(hours => $3)`,
      [OUTBOX_KIND.quoteConfirmation, input.email, CONFIRMATION_WINDOW_HOURS],
    );
    const skipped = (recent?.to_address ?? 0) >= CONFIRMATIONS_PER_ADDRESS ? 'address_cap' : (recent?.site_wide ?? 0) >= confirmationsPerHour ? 'hourly_cap' : null;
    if (skipped !== null) {
      // kept with the request: staff see which cap held its confirmation back (npm run submissions)
      await tx.query('update quote_requests set confirmation_skipped = $2 where id = $1', [id, skipped]);
      return { id, reference, confirmation: skipped === 'address_cap' ? 'addressCap' : 'hourlyCap' };
    }
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
