import type { CustomerReview } from '@site/content';

/**
 * The reviews to show on a page of another edition than English. The reviews API answers the stored reviews (newest
 * first) then the catalogue's own reviews in English (customerReviews of the English product-details.json); the page's
 * product record, from its edition's data file (/data/ar/product-details.json), has those same catalogue reviews in
 * its language. So the API's last `seeds.length` reviews are replaced by the edition's, when they are the same reviews
 * (same stars, in order); visitors' stored reviews stay as they were written.
 */
export function withEditionSeedReviews(
  reviews: CustomerReview[],
  seeds: readonly CustomerReview[] | undefined,
): CustomerReview[] {
  if (!seeds?.length || reviews.length < seeds.length) return reviews;
  const stored = reviews.length - seeds.length;
  const same = seeds.every((seed, index) => reviews[stored + index]!.stars === seed.stars);
  if (!same) return reviews;
  return [
    ...reviews.slice(0, stored),
    ...seeds.map(({ customerName, stars, comment }) => ({ customerName, stars, comment })),
  ];
}
