// The `reviews` table (migrations 001, 003, 006): a product's stored reviews, the per-product limit of one client, and
// the star totals per product with each client counted once. Only 'visible' reviews are public: staff hide some, and
// with the setting "hold new reviews" on, new ones are stored 'held' until approved (staff/work/reviewModeration.ts, through
// changeReviewVisibility: this feature alone writes the table).
// Nothing here is cached: a review hidden by staff leaves the list and the rating with the commit.
import type { CustomerReview } from '@site/content';
import { sql, type Kysely } from 'kysely';
import type { Database, DatabaseSchema, Row } from '../platform/db/index.js';
import { LOCK_CLASS, takeTurn } from '../platform/db/advisoryLocks.js';
import { readSettings } from './reviewSettings.js';
import type { NewReview } from '@site/contracts/reviews-api';

/** Most stored reviews a product page shows (the newest). */
export const MAX_STORED_REVIEWS_SHOWN = 100;

/** Where a new review goes: public at once, or held for approval. */
export type NewReviewVisibility = 'visible' | 'held';

/**
 * Sets a review's visibility (staff moderation: hidden, or visible again or approved) in the caller's transaction,
 * which writes its audit line beside it; the row stays locked until that commits. Its visibility before, or undefined
 * when there is no such review.
 */
export async function changeReviewVisibility(
  trx: Kysely<DatabaseSchema>,
  id: number,
  visibility: 'visible' | 'hidden',
): Promise<Row<'reviews'>['visibility'] | undefined> {
  const before = await trx
    .selectFrom('reviews')
    .select('visibility')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (before === undefined) return undefined;
  await trx.updateTable('reviews').set({ visibility }).where('id', '=', id).execute();
  return before.visibility;
}

/** Stores a review (its e-mail too, which is never read back for the browser). Returns the row id. */
export async function insertReview(
  db: Kysely<DatabaseSchema>,
  productId: string,
  review: NewReview,
  clientKey: string | null = null,
  visibility: NewReviewVisibility = 'visible',
): Promise<number> {
  const { id } = await db
    .insertInto('reviews')
    .values({
      product_id: productId,
      customer_name: review.customerName,
      email: review.emailId,
      comment: review.comment,
      stars: review.stars,
      client_key: clientKey,
      visibility,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface PerProductLimit {
  /** Most reviews of one product from one client within windowMs; 0 for no limit. */
  max: number;
  windowMs: number;
}

/** `held`: stored, but waiting for approval (not public yet). */
export type LimitedInsert = { stored: true; id: number; held: boolean } | { stored: false; retryAfterMs: number };

/**
 * Stores a review unless its client already sent `limit.max` reviews of the product within the window; then nothing
 * is stored and the answer says when the oldest of them leaves the window. The count is the table's, under an
 * advisory lock per product and client: it holds for every server process on the database, and across restarts.
 */
export function insertReviewWithinLimit(
  db: Database,
  productId: string,
  review: NewReview,
  clientKey: string,
  limit: PerProductLimit,
): Promise<LimitedInsert> {
  return db.kysely.transaction().execute(async (trx): Promise<LimitedInsert> => {
    if (limit.max > 0) {
      await takeTurn(trx, { lockClass: LOCK_CLASS.reviewsOfClient, name: `${productId}\n${clientKey}` });
      const windowSeconds = limit.windowMs / 1000;
      // The newest `max` in the window: once the oldest of them leaves it, the client may review again.
      const recent = await trx
        .selectFrom('reviews')
        .select(
          sql<number>`extract(epoch from (created_at + make_interval(secs => ${windowSeconds}::float8) - now()))::float8 * 1000`.as(
            'remaining_ms',
          ),
        )
        .where('product_id', '=', productId)
        .where('client_key', '=', clientKey)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds}::float8)`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit.max)
        .execute();
      if (recent.length >= limit.max)
        return { stored: false, retryAfterMs: Math.max(1000, Math.ceil(recent.at(-1)!.remaining_ms)) };
    }
    // read in the same transaction as the insert: a review is held exactly when the setting was on as it was stored
    const held = (await readSettings(trx)).holdNewReviews;
    return { stored: true, id: await insertReview(trx, productId, review, clientKey, held ? 'held' : 'visible'), held };
  });
}

/** A product's public stored reviews as displayed, newest first (no e-mail). */
export function storedReviews(db: Kysely<DatabaseSchema>, productId: string): Promise<CustomerReview[]> {
  return db
    .selectFrom('reviews')
    .select(['customer_name as customerName', 'stars', 'comment'])
    .where('product_id', '=', productId)
    .where('visibility', '=', 'visible')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_STORED_REVIEWS_SHOWN)
    .execute();
}

export interface StarTotals {
  productId: string;
  /** Stored reviews of the product. */
  count: number;
  /** Clients that sent them (a review stored without a client counts as one of its own). */
  sources: number;
  /** The sum over those clients of each one's mean stars: every client weighs one review, however many it sent. */
  sourceStars: number;
}

/** Per product that has public stored reviews: how many, from how many clients, and the clients' mean stars summed. */
export function storedStarTotals(db: Kysely<DatabaseSchema>): Promise<StarTotals[]> {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('reviews')
        .select((inner) => [
          'product_id',
          inner.fn.countAll<number>().as('n'),
          inner.cast<number>(inner.fn.avg('stars'), 'float8').as('mean'),
        ])
        .where('visibility', '=', 'visible')
        .groupBy(['product_id', sql`coalesce(client_key, 'review ' || id::text)`])
        .as('per_source'),
    )
    .select((eb) => [
      'product_id as productId',
      eb.cast<number>(eb.fn.sum('n'), 'integer').as('count'),
      eb.cast<number>(eb.fn.countAll(), 'integer').as('sources'),
      eb.cast<number>(eb.fn.sum('mean'), 'float8').as('sourceStars'),
    ])
    .groupBy('product_id')
    .execute();
}
