// What the review routes know of the catalogue: which products exist, and each product's seed reviews
// (customerReviews of the English detail records, the ones the browser loads from /data/product-details.json): asked of
// the database a product at a time in the app (databaseReviewCatalogue.ts), or of detail records held in memory (the
// committed content/data by default, a test's own).
import type { CustomerReview, ProductDetail } from '@site/content';
// The typed site data of content/ (server side): the same detail records the chat's knowledge base reads,
// so the bundle carries product-details.json once.
import { siteKnowledgeBaseSources } from '../assistant/index.js';

/** A product's seed reviews in sum: how many, and their stars' total. */
export interface SeedTotal {
  count: number;
  stars: number;
}

/** An answer now (records in memory) or once read (the database). */
type Answer<T> = T | Promise<T>;

export interface ReviewCatalogue {
  has(productId: string): Answer<boolean>;
  /** Whether the product is withdrawn (archived): its stored reviews are still read (its 410 page asks), never added to. */
  withdrawn?(productId: string): Answer<boolean>;
  /** The catalogue's own reviews of a product, in file order (empty for none or an unknown id). */
  seedReviews(productId: string): Answer<readonly CustomerReview[]>;
  /** Those of `productIds` that are in the catalogue. */
  known(productIds: readonly string[]): Answer<ReadonlySet<string>>;
  /** Every product that has seed reviews, in the catalogue's order, with their sum. */
  seedTotals(): Answer<ReadonlyMap<string, SeedTotal>>;
}

/** A catalogue over detail records held in memory: answered at once. */
export interface RecordsReviewCatalogue extends ReviewCatalogue {
  has(productId: string): boolean;
  seedReviews(productId: string): readonly CustomerReview[];
  known(productIds: readonly string[]): ReadonlySet<string>;
  seedTotals(): ReadonlyMap<string, SeedTotal>;
  /** Every product id that has seed reviews. */
  seededProductIds(): readonly string[];
}

/** The seed reviews of a detail record's customerReviews, with only the fields shown (never an e-mail). */
export function seedReviewsOf(customerReviews: ProductDetail['customerReviews'] | null | undefined): CustomerReview[] {
  return (Array.isArray(customerReviews) ? customerReviews : []).map(({ customerName, stars, comment }) => ({
    customerName,
    stars,
    comment,
  }));
}

/** A catalogue over detail records (the site's own by default; tests may pass their own). */
export function createReviewCatalogue(
  details: readonly Pick<ProductDetail, 'id' | 'customerReviews'>[],
): RecordsReviewCatalogue {
  const seeds = new Map<string, readonly CustomerReview[]>(
    details.map((detail) => [detail.id, seedReviewsOf(detail.customerReviews)]),
  );
  const seeded = [...seeds].filter(([, reviews]) => reviews.length > 0).map(([id]) => id);
  const totals = new Map(seeded.map((id) => [id, totalOf(seeds.get(id) ?? [])]));
  return {
    has: (productId) => seeds.has(productId),
    seedReviews: (productId) => seeds.get(productId) ?? [],
    known: (productIds) => new Set(productIds.filter((id) => seeds.has(id))),
    seedTotals: () => totals,
    seededProductIds: () => seeded,
  };
}

const totalOf = (reviews: readonly CustomerReview[]): SeedTotal => ({
  count: reviews.length,
  stars: reviews.reduce((sum, review) => sum + review.stars, 0),
});

/** The site's catalogue, bundled with the server (it is the data the site serves under /data). */
export const siteReviewCatalogue: RecordsReviewCatalogue = createReviewCatalogue(
  siteKnowledgeBaseSources().productDetails,
);
