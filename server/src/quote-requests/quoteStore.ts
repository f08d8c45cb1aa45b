// Storing a request for quotation: the request, its lines and its mails (to the branch, and a confirmation to the
// buyer) in one transaction; reading one back for its PDF.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { quoteReference } from '@site/content/validation';
import { isLocale } from '@site/contracts/locale';
import { sql, type Kysely } from 'kysely';
import type { LocationAvailability } from '@site/contracts/stock-api';
import type { Database, DatabaseSchema } from '../platform/db/index.js';
import { SINGLE_KEY_LOCK, takeTurn } from '../platform/db/advisoryLocks.js';
import { enqueueMail } from '../platform/mail/outbox.js';
import { branchEmail, OUTBOX_KIND } from '../submissions/index.js';
import type { QuoteRequestInput } from './quoteSchema.js';
import { QUOTE_LINE_COLUMNS, quoteLineOfRow, quoteRequestFieldsOfRow } from './quoteLines.js';
import type { QuoteLineSnapshot, QuoteSnapshot } from './quoteSnapshot.js';

/** Confirmations mailed to one address within CONFIRMATION_WINDOW_HOURS: beyond them the buyer gets none. */
export const CONFIRMATIONS_PER_ADDRESS = 3;
export const CONFIRMATION_WINDOW_HOURS = 24;

export interface SaveQuoteOptions {
  /** The honeypot was filled: stored, flagged, no mail. */
  spam: boolean;
  /** SHA-256 of the PDF's key (quotePdfKey). */
  keyHash: string;
  /** Confirmations to all addresses together in the last hour; past it none is queued (0: none at all). */
  confirmationsPerHour: number;
  /**
   * Each line's availability when it was sent, by the line's variant code (at the branch's locations: the caller
   * chose them); a code left out, or none given, is stored as not recorded (null).
   */
  availability?: ReadonlyMap<string, LocationAvailability[]>;
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
async function insertLines(
  db: Kysely<DatabaseSchema>,
  requestId: number,
  lines: readonly QuoteLineSnapshot[],
): Promise<void> {
  await db
    .insertInto('quote_request_lines')
    .values(
      lines.map((line, index) => ({
        request_id: requestId,
        line_no: index + 1,
        product_id: line.productId,
        product_code: line.code,
        product_name: line.name,
        product_name_ar: line.nameAr,
        variant_label: line.label,
        variant_label_ar: line.labelAr,
        unit: line.unit,
        quantity: line.quantity,
        availability:
          line.availability === undefined || line.availability === null ? null : JSON.stringify(line.availability),
      })),
    )
    .execute();
}

/**
 * Stores a request with its lines and, unless it is spam, its mail to the branch and the buyer's confirmation (when
 * the address has had fewer than CONFIRMATIONS_PER_ADDRESS in the last CONFIRMATION_WINDOW_HOURS and all addresses
 * together fewer than `confirmationsPerHour` in the last hour: counted here, in the outbox, under one lock, so every
 * process and every concurrent request sees the same counts). The confirmation goes to an address nobody has proven:
 * the caps bound what a stranger can make the site mail to others.
 */
export function saveQuoteRequest(
  db: Database,
  input: QuoteRequestInput,
  { spam, keyHash, confirmationsPerHour, availability }: SaveQuoteOptions,
): Promise<SavedQuote> {
  return db.kysely.transaction().execute(async (trx): Promise<SavedQuote> => {
    // the id and time first: the reference is made of them (and of the branch) and stored with the row
    const { id, created_at: createdAt } = await trx
      .selectNoFrom([
        sql<number>`nextval(pg_get_serial_sequence('quote_requests', 'id'))`.as('id'),
        sql<Date>`now()`.as('created_at'),
      ])
      .executeTakeFirstOrThrow();
    const reference = quoteReference(id, createdAt, input.branch);
    await trx
      .insertInto('quote_requests')
      .values({
        id,
        reference,
        company_name: input.companyName,
        name: input.name,
        email: input.email,
        phone: input.phone,
        branch: input.branch,
        delivery_city: input.deliveryCity,
        needed_by: input.neededBy,
        notes: input.notes,
        language: input.language,
        pdf_key_hash: keyHash,
        spam,
        created_at: createdAt,
      })
      .execute();
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
      // the part: the variant's code, labels and unit
      lines: input.lines.map(({ product, variant, quantity }) => ({
        productId: product.id,
        code: variant.code,
        name: product.name,
        nameAr: product.nameAr,
        label: variant.label,
        labelAr: variant.labelAr,
        unit: variant.unit,
        quantity,
        availability: availability?.get(variant.code) ?? null,
      })),
    };
    await insertLines(trx, id, snapshot.lines);
    if (spam) return { id, reference, confirmation: 'none' };

    const queue = (kind: string, recipient: string) =>
      enqueueMail(trx, { kind, refId: id, recipient, payload: snapshot });
    await queue(OUTBOX_KIND.quoteRequest, branchEmail(input.branch));

    // One lock for every address: the hourly cap counts all of them, so two requests for different addresses must not
    // both see room for one.
    await takeTurn(trx, { key: SINGLE_KEY_LOCK.quoteConfirmations });
    // the address's window (a day) holds the site's (an hour); clock_timestamp(), not now(): now() is when this
    // transaction began, before its wait for the lock. lower(recipient) as the index outbox_recipient_recent_idx has it.
    const recent = await trx
      .selectFrom('outbox')
      .select((eb) => [
        eb
          .cast<number>(eb.fn.countAll().filterWhere(sql`lower(recipient)`, '=', sql`lower(${input.email})`), 'integer')
          .as('to_address'),
        eb
          .cast<number>(
            eb.fn.countAll().filterWhere('created_at', '>', sql<Date>`clock_timestamp() - interval '1 hour'`),
            'integer',
          )
          .as('site_wide'),
      ])
      .where('kind', '=', OUTBOX_KIND.quoteConfirmation)
      .where('created_at', '>', sql<Date>`clock_timestamp() - make_interval(hours => ${CONFIRMATION_WINDOW_HOURS})`)
      .executeTakeFirst();
    const skipped =
      (recent?.to_address ?? 0) >= CONFIRMATIONS_PER_ADDRESS
        ? 'address_cap'
        : (recent?.site_wide ?? 0) >= confirmationsPerHour
          ? 'hourly_cap'
          : null;
    if (skipped !== null) {
      // kept with the request: staff see which cap held its confirmation back (npm run submissions)
      await trx.updateTable('quote_requests').set({ confirmation_skipped: skipped }).where('id', '=', id).execute();
      return { id, reference, confirmation: skipped === 'address_cap' ? 'addressCap' : 'hourlyCap' };
    }
    await queue(OUTBOX_KIND.quoteConfirmation, input.email);
    return { id, reference, confirmation: 'queued' };
  });
}

/** A stored request as its mails have it, and its key's hash; undefined when no request has that reference. */
export async function loadQuoteRequest(
  db: Database,
  reference: string,
): Promise<{ snapshot: QuoteSnapshot; keyHash: string } | undefined> {
  return loadStoredQuote(db.kysely, { reference });
}

/** A stored request as its mails have it, by its row id (a restored spam row's mail); undefined when there is none. */
export async function loadQuoteSnapshot(db: Kysely<DatabaseSchema>, id: number): Promise<QuoteSnapshot | undefined> {
  return (await loadStoredQuote(db, { id }))?.snapshot;
}

/** The requests `ids` (those still there), in the order of their ids: two queries, whatever their number. */
export async function loadQuoteSnapshots(db: Kysely<DatabaseSchema>, ids: readonly number[]): Promise<QuoteSnapshot[]> {
  return (await loadStoredQuotes(db, { ids })).map(({ snapshot }) => snapshot);
}

async function loadStoredQuote(
  db: Kysely<DatabaseSchema>,
  by: { reference: string } | { id: number },
): Promise<{ snapshot: QuoteSnapshot; keyHash: string } | undefined> {
  const [found] = await loadStoredQuotes(db, 'reference' in by ? { references: [by.reference] } : { ids: [by.id] });
  return found;
}

/**
 * Requests with their lines in two queries whatever their number (an account's export reads them all), in the order of
 * their ids; those not found are left out.
 */
async function loadStoredQuotes(
  db: Kysely<DatabaseSchema>,
  by: { references: readonly string[] } | { ids: readonly number[] },
): Promise<{ snapshot: QuoteSnapshot; keyHash: string }[]> {
  if (('ids' in by ? by.ids : by.references).length === 0) return [];
  const rows = await db
    .selectFrom('quote_requests')
    .select((eb) => [
      'id',
      'reference',
      'created_at',
      'company_name',
      'name',
      'email',
      'phone',
      'branch',
      'delivery_city',
      // a date as the form sent it, whatever the driver makes of a date column
      eb.fn<string | null>('to_char', ['needed_by', sql.lit('YYYY-MM-DD')]).as('needed_by'),
      'notes',
      'language',
      'pdf_key_hash',
    ])
    .where((eb) => ('ids' in by ? eb('id', 'in', [...by.ids]) : eb('reference', 'in', [...by.references])))
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('quote_request_lines')
    .select(['request_id', ...QUOTE_LINE_COLUMNS])
    .where(
      'request_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('request_id')
    .orderBy('line_no')
    // the column is text; only the request's schema (a QuoteUnit) ever wrote it
    .$narrowType<{ unit: QuoteLineSnapshot['unit'] }>()
    .execute();
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) {
    const group = linesOf.get(line.request_id);
    if (group === undefined) linesOf.set(line.request_id, [line]);
    else group.push(line);
  }
  return rows.map((row) => ({
    keyHash: row.pdf_key_hash,
    snapshot: {
      ...quoteRequestFieldsOfRow(row),
      createdAt: row.created_at.toISOString(),
      language: isLocale(row.language) ? row.language : 'en',
      lines: (linesOf.get(row.id) ?? []).map(quoteLineOfRow),
    },
  }));
}
