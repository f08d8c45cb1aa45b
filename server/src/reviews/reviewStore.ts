// The `reviews` table (migrations 001, 003, 006): a product's stored reviews, the per-product limit of one client, and
// the star totals per product with each client counted once. Only 'visible' reviews are public: staff hide some, and
// with the setting "hold new reviews" on, new ones are stored 'held' until approved (staff/work/reviewModeration.ts).
// Nothing here is cached: a review hidden by staff leaves the list and the rating with the commit.
import type { CustomerReview } from '@site/content';
import type { Database, Queryable } from '../db/index.js';
import { readSettings } from '../staff/work/settingsStore.js';
import type { NewReview } from './reviewSchema.js';

/** Most stored reviews a product page shows (the newest). */
export const MAX_STORED_REVIEWS_SHOWN = 100;

/** First key of the advisory lock that makes one client's reviews of one product take turns (the second is a hash of both). */
const REVIEW_LOCK_KEY = 480_215_378;

/** Where a new review goes: public at once, or held for approval. */
export type NewReviewVisibility = 'visible' | 'held';

/** Stores a review (its e-mail too, which is never read back for the browser). Returns the row id. */
export async function insertReview(
  db: Queryable,
  productId: string,
  review: NewReview,
  clientKey: string | null = null,
  visibility: NewReviewVisibility = 'visible',
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into reviews (product_id, customer_name, email, comment, stars, client_key, visibility) values ($1, $2, $3, $4, $5, $6, $7) returning id',
    [productId, review.customerName, review.emailId, review.comment, review.stars, clientKey, visibility],
  );
  return row!.id;
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
  return db.transaction(async (tx): Promise<LimitedInsert> => {
    if (limit.max > 0) {
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [REVIEW_LOCK_KEY, `${productId}\n${clientKey}`]);
      // The newest `max` in the window: once the oldest of them leaves it, the client may review again.
      const recent = await tx.query<{ remaining_ms: number }>(
        `select extract(epoch from (created_at + make_interval(secs => $3::float8) - now()))::float8 * 1000 as remaining_ms
         from reviews
         where product_id = $1 and client_key = $2 and created_at > now() - make_interval(secs => $3::float8)
         order by created_at desc, id desc
         limit $4`,
        [productId, clientKey, limit.windowMs / 1000, limit.max],
      );
      if (recent.length >= limit.max) return { stored: false, retryAfterMs: Math.max(1000, Math.ceil(recent.at(-1)!.remaining_ms)) };
    }
    // read in the same transaction as the insert: a review is held exactly when the setting was on as it was stored
    const held = (await readSettings(tx)).holdNewReviews;
    return { stored: true, id: await insertReview(tx, productId, review, clientKey, held ? 'held' : 'visible'), held };
  });
}

/** A product's public stored reviews as displayed, newest first (no e-mail). */
export function storedReviews(db: Queryable, productId: string): Promise<CustomerReview[]> {
  return db.query<CustomerReview>(
    `select customer_name as "customerName", stars, comment from reviews
     where product_id = $1 and visibility = 'visible' order by created_at desc, id desc limit ${MAX_STORED_REVIEWS_SHOWN}`,
    [productId],
  );
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
export function storedStarTotals(db: Queryable): Promise<StarTotals[]> {
  return db.query<StarTotals>(
    `select product_id as "productId", sum(n)::int as count, count(*)::int as sources, sum(mean)::float8 as "sourceStars"
     from (
       select product_id, count(*) as n, avg(stars)::float8 as mean
       from reviews
       where visibility = 'visible'
       group by product_id, coalesce(client_key, 'review ' || id::text)
     ) as per_source
     group by product_id`,
  );
}
