// What the review routes know of the catalogue: which product ids exist, and each product's seed reviews
// (customerReviews of the detail records, the ones the browser loads from /data/product-details.json): the database's
// at its current version in the app (app.ts follows it), the committed content/data by default.
import type { CustomerReview, ProductDetail } from '@site/content';
// The typed site data of content/ (server side): the same detail records the chat's knowledge base reads,
// so the bundle carries product-details.json once.
import { siteKnowledgeBaseSources } from '../assistant/knowledge-base/index.js';

export interface ReviewCatalogue {
  has(productId: string): boolean;
  /** The catalogue's own reviews of a product, in file order (empty for none or an unknown id). */
  seedReviews(productId: string): readonly CustomerReview[];
  /** Every product id that has seed reviews. */
  seededProductIds(): readonly string[];
}

/** A catalogue over detail records (the site's own by default; tests may pass their own). */
export function createReviewCatalogue(details: readonly Pick<ProductDetail, 'id' | 'customerReviews'>[]): ReviewCatalogue {
  const seeds = new Map<string, readonly CustomerReview[]>(
    details.map((detail) => [
      detail.id,
      (detail.customerReviews ?? []).map(({ customerName, stars, comment }) => ({ customerName, stars, comment })),
    ]),
  );
  const seeded = [...seeds].filter(([, reviews]) => reviews.length > 0).map(([id]) => id);
  return {
    has: (productId) => seeds.has(productId),
    seedReviews: (productId) => seeds.get(productId) ?? [],
    seededProductIds: () => seeded,
  };
}

/** The site's catalogue, bundled with the server (it is the data the site serves under /data). */
export const siteReviewCatalogue: ReviewCatalogue = createReviewCatalogue(siteKnowledgeBaseSources().productDetails);
