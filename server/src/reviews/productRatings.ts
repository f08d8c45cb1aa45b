// The products' ratings (GET /api/products/ratings, and the listing's first view): seed and stored public reviews.
import type { Kysely } from 'kysely';
import type { RatingSummary } from '@site/contracts/reviews-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { ReviewCatalogue } from './productCatalogue.js';
import { storedStarTotals } from './reviewStore.js';

/** Average of a star total over a count, rounded to two decimals. */
export const averageStars = (stars: number, count: number): number => Math.round((stars / count) * 100) / 100;

/**
 * Every reviewed product's rating: seed and stored public reviews, where each seed review and each client's reviews
 * weigh one in the average (a burst from one client moves it as one review). Products gone from the catalogue are left out.
 */
export async function productRatings(
  db: Kysely<DatabaseSchema>,
  catalogue: ReviewCatalogue,
): Promise<Record<string, RatingSummary>> {
  const [totals, seedTotals] = await Promise.all([storedStarTotals(db), catalogue.seedTotals()]);
  const sums = new Map<string, { count: number; weights: number; stars: number }>();
  for (const [productId, seeds] of seedTotals)
    sums.set(productId, { count: seeds.count, weights: seeds.count, stars: seeds.stars });
  const known = await catalogue.known(totals.map((total) => total.productId));
  for (const { productId, count, sources, sourceStars } of totals) {
    if (!known.has(productId)) continue;
    const seed = sums.get(productId) ?? { count: 0, weights: 0, stars: 0 };
    sums.set(productId, {
      count: seed.count + count,
      weights: seed.weights + sources,
      stars: seed.stars + sourceStars,
    });
  }
  const ratings: Record<string, RatingSummary> = {};
  for (const [productId, { count, weights, stars }] of sums)
    ratings[productId] = { average: averageStars(stars, weights), count };
  return ratings;
}
