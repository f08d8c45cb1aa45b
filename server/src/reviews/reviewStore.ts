// The `reviews` table (migration 001): a product's stored reviews and the star totals per product.
import type { CustomerReview } from '@site/content';
import type { Queryable } from '../db/index.js';
import type { NewReview } from './reviewSchema.js';

/** Most stored reviews a product page shows (the newest). */
export const MAX_STORED_REVIEWS_SHOWN = 100;

/** Stores a review (its e-mail too, which is never read back for the browser). Returns the row id. */
export async function insertReview(db: Queryable, productId: string, review: NewReview): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into reviews (product_id, customer_name, email, comment, stars) values ($1, $2, $3, $4, $5) returning id',
    [productId, review.customerName, review.emailId, review.comment, review.stars],
  );
  return row!.id;
}

/** A product's stored reviews as displayed, newest first (no e-mail). */
export function storedReviews(db: Queryable, productId: string): Promise<CustomerReview[]> {
  return db.query<CustomerReview>(
    `select customer_name as "customerName", stars, comment from reviews
     where product_id = $1 order by created_at desc, id desc limit ${MAX_STORED_REVIEWS_SHOWN}`,
    [productId],
  );
}

export interface StarTotals {
  productId: string;
  count: number;
  stars: number;
}

/** Number of stored reviews and their sum of stars, per product that has any. */
export function storedStarTotals(db: Queryable): Promise<StarTotals[]> {
  return db.query<StarTotals>(
    'select product_id as "productId", count(*)::int as count, sum(stars)::int as stars from reviews group by product_id',
  );
}
