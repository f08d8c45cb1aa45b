// The product list's filters and page as the address keeps them (/catalogue?q=gland&status=draft&after=abc), so a
// filtered list can be bookmarked and the back button returns to it.
import {
  EDITOR_SORTS,
  EDITOR_STATUSES,
  type EditorListQuery,
  type EditorSort,
  type EditorStatus,
} from '@site/contracts/staff-catalogue-api';
import { queryString } from '../../api/staffBaseQuery';

export interface ListQuery {
  q?: string;
  category?: string;
  brand?: string;
  status?: EditorStatus;
  missingArabic?: true;
  /** The order (`price-desc`); none: by id. */
  sort?: EditorSort;
  /** The last id of the page before (keyset paging). */
  after?: string;
}

const nonEmpty = (value: string | null): string | undefined =>
  value === null || value.trim() === '' ? undefined : value.trim();

export function listQueryFromSearch(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const query: ListQuery = {};
  const q = nonEmpty(params.get('q'));
  const category = nonEmpty(params.get('category'));
  const brand = nonEmpty(params.get('brand'));
  const after = nonEmpty(params.get('after'));
  if (q !== undefined) query.q = q;
  if (category !== undefined) query.category = category;
  if (brand !== undefined) query.brand = brand;
  if ((EDITOR_STATUSES as readonly (string | null)[]).includes(status)) query.status = status as EditorStatus;
  if (params.get('missingArabic') === '1') query.missingArabic = true;
  const sort = params.get('sort');
  if ((EDITOR_SORTS as readonly (string | null)[]).includes(sort)) query.sort = sort as EditorSort;
  if (after !== undefined) query.after = after;
  return query;
}

/** The address's query of a list query (and the API's: the same names). */
export function listSearch(query: ListQuery): string {
  const params: Record<keyof EditorListQuery & keyof ListQuery, string | undefined> = {
    q: query.q,
    category: query.category,
    brand: query.brand,
    status: query.status,
    missingArabic: query.missingArabic ? '1' : undefined,
    sort: query.sort,
    after: query.after,
  };
  return queryString(params);
}
