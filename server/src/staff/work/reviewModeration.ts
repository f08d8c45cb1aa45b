// Reviews for staff: every stored review (hidden and held ones too, with the e-mail), filtered and paged; hiding,
// showing again and approving. The public calls show only 'visible' ones (reviews/reviewStore.ts).
import type { ReviewPage, StaffAccountSummary, StaffReview } from '@site/contracts/staff-api';
import type { Database, Queryable } from '../../db/index.js';
import { textProblemMessage } from '../../validation/textField.js';
import { recordStaffAction } from '../audit.js';
import { badRequest, notFound } from './errors.js';
import { SqlParams } from './sqlParams.js';

export const REVIEWS_PER_PAGE = 50;
const VISIBILITIES = ['visible', 'hidden', 'held'] as const;
type Visibility = StaffReview['visibility'];

export interface ReviewFilters {
  productId?: string;
  visibility?: Visibility;
  stars?: number;
  q?: string;
  page: number;
}

const KNOWN = new Set(['productId', 'visibility', 'stars', 'q', 'page']);

/** A ReviewQuery as Fastify parsed the query string; 400 (StaffWorkError) for a bad value or an unknown parameter. */
export function parseReviewQuery(query: Record<string, unknown>): ReviewFilters {
  const filters: ReviewFilters = { page: 1 };
  for (const [name, raw] of Object.entries(query)) {
    if (!KNOWN.has(name)) throw badRequest(`Unknown parameter "${name}": expected only ${[...KNOWN].join(', ')}`);
    if (typeof raw !== 'string') throw badRequest(`${name} must be given once`);
    const value = raw.trim();
    if (value === '') continue;
    if (name === 'visibility') {
      if (!(VISIBILITIES as readonly string[]).includes(value)) throw badRequest(`visibility must be one of: ${VISIBILITIES.join(', ')}`);
      filters.visibility = value as Visibility;
    } else if (name === 'stars') {
      if (!/^[1-5]$/.test(value)) throw badRequest('stars must be a whole number from 1 to 5');
      filters.stars = Number(value);
    } else if (name === 'page') {
      if (!/^[1-9]\d{0,5}$/.test(value)) throw badRequest('page must be a whole number from 1');
      filters.page = Number(value);
    } else {
      if (value.length > 200) throw badRequest(`${name} must be at most 200 characters`);
      const problem = textProblemMessage(name, value, 'line');
      if (problem !== null) throw badRequest(problem);
      if (name === 'productId') filters.productId = value;
      else filters.q = value;
    }
  }
  return filters;
}

interface ReviewRow {
  id: number;
  product_id: string;
  customer_name: string;
  email: string | null;
  comment: string;
  stars: number;
  created_at: Date;
  visibility: Visibility;
}

const COLUMNS = 'id, product_id, customer_name, email, comment, stars, created_at, visibility';

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
export async function listReviews(q: Queryable, filters: ReviewFilters, productName: (id: string) => string): Promise<ReviewPage> {
  const params = new SqlParams();
  const where: string[] = [];
  if (filters.productId !== undefined) where.push(`product_id = ${params.add(filters.productId)}`);
  if (filters.visibility !== undefined) where.push(`visibility = ${params.add(filters.visibility)}`);
  if (filters.stars !== undefined) where.push(`stars = ${params.add(filters.stars)}`);
  // strpos, not LIKE: the text is found as it is, '%' and '_' included
  if (filters.q !== undefined) where.push(`strpos(lower(customer_name || ' ' || coalesce(email, '') || ' ' || comment), lower(${params.add(filters.q)})) > 0`);
  const whereSql = where.length === 0 ? '' : `where ${where.join(' and ')}`;
  const [count] = await q.query<{ n: number }>(`select count(*)::int as n from reviews ${whereSql}`, params.values);
  const total = count?.n ?? 0;
  const rows = await q.query<ReviewRow>(
    `select ${COLUMNS} from reviews ${whereSql} order by created_at desc, id desc limit ${REVIEWS_PER_PAGE} offset ${params.add((filters.page - 1) * REVIEWS_PER_PAGE)}`,
    params.values,
  );
  return { reviews: rows.map((row) => toReview(row, productName)), total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE)) };
}

/** Hides a review, or shows it (a held one is so approved). Leaves the public list and rating with the commit. */
export function setReviewVisibility(db: Database, actor: StaffAccountSummary, id: number, hidden: boolean, productName: (id: string) => string): Promise<StaffReview> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<{ visibility: Visibility }>('select visibility from reviews where id = $1 for update', [id]);
    if (before === undefined) throw notFound('There is no such review');
    const visibility: Visibility = hidden ? 'hidden' : 'visible';
    const [row] = await tx.query<ReviewRow>(`update reviews set visibility = $2 where id = $1 returning ${COLUMNS}`, [id, visibility]);
    await recordStaffAction(tx, actor, before.visibility === 'held' && !hidden ? 'review.approve' : hidden ? 'review.hide' : 'review.show', `review:${id}`, `${before.visibility} → ${visibility}`);
    return toReview(row!, productName);
  });
}
