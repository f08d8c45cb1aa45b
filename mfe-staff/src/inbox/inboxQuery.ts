// The inbox's filters live in the page's address (?kind=quote&status=new&q=cable), so a view can be shared and survives
// a reload. These read an address's query into an InboxQuery (dropping what is not a valid filter) and write one back
// in a fixed order: one view, one address, one request.
import { calendarDayProblem } from '@site/content/validation';
import {
  INBOX_KINDS,
  INBOX_STATUSES,
  STAFF_BRANCHES,
  STAFF_SEARCH_MAX_LENGTH,
  type InboxKind,
  type InboxStatus,
  type StaffBranch,
} from '@site/contracts/staff-api';
import type { InboxQuery } from '@site/contracts/staff-api-schemas';
import { queryString } from '../api/staffBaseQuery';

/** The filters a person sets (the cursor and page size are the list's own business, never in the address). */
export type InboxFilters = Pick<InboxQuery, 'kind' | 'branch' | 'status' | 'from' | 'to' | 'q'>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A real calendar day written YYYY-MM-DD (what <input type="date"> gives, what the server takes), else undefined. */
export const isoDay = (value: string | null): string | undefined =>
  value !== null && calendarDayProblem(value) === null ? value : undefined;

/**
 * The filters of an address's query. `branch` counts for admins only (branch staff see their own branch: the server
 * decides, and a branch in a shared address would only confuse).
 */
export function inboxFiltersFromSearch(search: string, { admin }: { admin: boolean }): InboxFilters {
  const params = new URLSearchParams(search);
  // the longest search text the server takes (a pasted paragraph is cut, not refused)
  const q = params.get('q')?.trim().slice(0, STAFF_SEARCH_MAX_LENGTH);
  const filters: InboxFilters = {
    kind: oneOf<InboxKind>(INBOX_KINDS, params.get('kind')),
    branch: admin ? oneOf<StaffBranch>(STAFF_BRANCHES, params.get('branch')) : undefined,
    status: oneOf<InboxStatus>(INBOX_STATUSES, params.get('status')),
    from: isoDay(params.get('from')),
    to: isoDay(params.get('to')),
    q: q === '' ? undefined : q,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** The address query of the filters ('' when none), in the one order: kind, branch, status, from, to, q. */
export function inboxSearch(filters: InboxFilters): string {
  const { kind, branch, status, from, to, q } = filters;
  return queryString({ kind, branch, status, from, to, q });
}
