// Reviews for staff: every stored review (hidden and held ones too, with the e-mail), filtered and paged; hiding,
// showing again and approving. The public calls show only 'visible' ones (reviews/reviewStore.ts).
import { sql, type Kysely } from 'kysely';
import type { ReviewPage, ReviewVisibility, StaffAccountSummary, StaffReview } from '@site/contracts/staff-api';
import type { Database, DatabaseSchema, Row } from '../../platform/db/index.js';
import { changeReviewVisibility } from '../../reviews/index.js';
import { recordStaffAction } from '../audit.js';
import { notFound } from './errors.js';

export const REVIEWS_PER_PAGE = 50;

/** The list's filters: a ReviewQuery as reviewQuerySchema (@site/contracts/staff-api-schemas) gives it, page 1 by default. */
export interface ReviewFilters {
  productId?: string | undefined;
  visibility?: ReviewVisibility | undefined;
  stars?: number | undefined;
  q?: string | undefined;
  page: number;
}

/** What staff see of a review (never its client key). */
const COLUMNS = ['id', 'product_id', 'customer_name', 'email', 'comment', 'stars', 'created_at', 'visibility'] as const;

type ReviewRow = Pick<Row<'reviews'>, (typeof COLUMNS)[number]>;

const toReview = (row: ReviewRow, productName: (id: string) => string): StaffReview => ({
  id: row.id,
  productId: row.product_id,
  productName: productName(row.product_id),
  customerName: row.customer_name,
  email: row.email,
  comment: row.comment,
  stars: row.stars,
  createdAt: row.created_at.toISOString(),
  visibility: row.visibility,
});

/** Newest first, REVIEWS_PER_PAGE a page. `q` is found anywhere in the name, e-mail or comment (any case). */
export async function listReviews(
  db: Kysely<DatabaseSchema>,
  filters: ReviewFilters,
  productName: (id: string) => string,
): Promise<ReviewPage> {
  let matching = db.selectFrom('reviews');
  if (filters.productId !== undefined) matching = matching.where('product_id', '=', filters.productId);
  if (filters.visibility !== undefined) matching = matching.where('visibility', '=', filters.visibility);
  if (filters.stars !== undefined) matching = matching.where('stars', '=', filters.stars);
  // strpos, not LIKE: the text is found as it is, '%' and '_' included
  if (filters.q !== undefined) {
    matching = matching.where(
      sql<number>`strpos(lower(customer_name || ' ' || coalesce(email, '') || ' ' || comment), lower(${filters.q}))`,
      '>',
      0,
    );
  }
  const { n: total } = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await matching
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REVIEWS_PER_PAGE)
    .offset((filters.page - 1) * REVIEWS_PER_PAGE)
    .execute();
  return {
    reviews: rows.map((row) => toReview(row, productName)),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE)),
  };
}

/** Hides a review, or shows it (a held one is so approved). Leaves the public list and rating with the commit. */
export function setReviewVisibility(
  db: Database,
  actor: StaffAccountSummary,
  id: number,
  hidden: boolean,
  productName: (id: string) => string,
): Promise<StaffReview> {
  return db.kysely.transaction().execute(async (trx) => {
    const visibility = hidden ? 'hidden' : 'visible';
    // the reviews feature writes its table; the row is locked by it until this transaction commits
    const before = await changeReviewVisibility(trx, id, visibility);
    if (before === undefined) throw notFound('There is no such review');
    const row = await trx.selectFrom('reviews').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    await recordStaffAction(
      trx,
      actor,
      before === 'held' && !hidden ? 'review.approve' : hidden ? 'review.hide' : 'review.show',
      `review:${id}`,
      `${before} → ${visibility}`,
    );
    return toReview(row, productName);
  });
}
