// The reviews page's filters in the address (?visibility=held&stars=1&page=2), read and written in one order.
import { REVIEW_VISIBILITIES, STAFF_SEARCH_MAX_LENGTH, type ReviewVisibility } from '@site/contracts/staff-api';
import type { ReviewQuery } from '@site/contracts/staff-api-schemas';
import { queryString } from '../api/staffBaseQuery';

export const STARS = [1, 2, 3, 4, 5] as const;

/** A product id as the catalogue writes them (letters, digits, '-', '_'). */
const PRODUCT_ID = /^[\w-]{1,100}$/;

export function reviewQueryFromSearch(search: string): ReviewQuery {
  const params = new URLSearchParams(search);
  const productId = params.get('productId') ?? '';
  const visibility = params.get('visibility') ?? '';
  const stars = Number(params.get('stars'));
  const page = Number(params.get('page'));
  const q = params.get('q')?.trim().slice(0, STAFF_SEARCH_MAX_LENGTH) ?? '';
  const query: ReviewQuery = {};
  if (PRODUCT_ID.test(productId)) query.productId = productId;
  if ((REVIEW_VISIBILITIES as readonly string[]).includes(visibility))
    query.visibility = visibility as ReviewVisibility;
  if ((STARS as readonly number[]).includes(stars)) query.stars = stars;
  if (q !== '') query.q = q;
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

/** The address query ('' for none): productId, visibility, stars, q, page. */
export function reviewSearch({ productId, visibility, stars, q, page }: ReviewQuery): string {
  return queryString({ productId, visibility, stars, q, page: page !== undefined && page > 1 ? page : undefined });
}
