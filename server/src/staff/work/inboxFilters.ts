// The inbox's query (checked by inboxQuerySchema of @site/contracts/staff-api-schemas on its routes) made into filters,
// with the account's branch rule: branch staff always get their own branch (asking for another is a 403, before the
// query is checked), admins any or all.
import type { z } from 'zod';
import {
  INBOX_KINDS,
  INBOX_LIMIT,
  type InboxKind,
  type InboxStatus,
  type StaffAccountSummary,
  type StaffBranch,
} from '@site/contracts/staff-api';
import type { InboxCursor, inboxQuerySchema } from '@site/contracts/staff-api-schemas';
import { forbidden } from './errors.js';

export interface InboxFilters {
  kinds: readonly InboxKind[];
  /** undefined: every branch (admins only). */
  branch?: StaffBranch;
  status?: InboxStatus;
  /** Inclusive lower bound, ISO instant (midnight UTC of `from`). */
  fromInstant?: string;
  /** Exclusive upper bound, ISO instant (midnight UTC after `to`). */
  toInstant?: string;
  q?: string;
  cursor?: InboxCursor;
  limit: number;
}

/** The inbox's query as its schema gives it (the CSV's gives no cursor or limit). */
export type InboxQueryValues = z.output<typeof inboxQuerySchema>;

const OWN_BRANCH_ONLY = 'You can see only your own branch.';

/**
 * The branch rule on the query as sent (a preValidation hook's, so a call one may not make is a 403 whatever else its
 * query holds): branch staff may name their own branch only, and an account of that role without one sees nothing.
 */
export function checkBranchAsked(account: StaffAccountSummary, query: unknown): void {
  if (account.role === 'admin') return;
  const asked = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).branch : undefined;
  // a repeated parameter (a list) is the schema's 400
  if (account.branch === null || (typeof asked === 'string' && asked !== '' && asked !== account.branch))
    throw forbidden(OWN_BRANCH_ONLY);
}

/** 'YYYY-MM-DD' (a real day: the schema checked it) as the instant of its midnight UTC, plus `days`. */
const midnight = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString();

/** The filters of a checked query for `account`: branch staff get their own branch, asked for or not. */
export function inboxFilters(query: InboxQueryValues, account: StaffAccountSummary): InboxFilters {
  const filters: InboxFilters = {
    kinds: query.kind === undefined ? INBOX_KINDS : [query.kind],
    limit: query.limit ?? INBOX_LIMIT.default,
  };
  if (account.role === 'admin') {
    if (query.branch !== undefined) filters.branch = query.branch;
  } else {
    // the routes ran it before the query was checked; again here, should a route forget it
    checkBranchAsked(account, query);
    if (account.branch !== null) filters.branch = account.branch;
  }
  if (query.status !== undefined) filters.status = query.status;
  if (query.from !== undefined) filters.fromInstant = midnight(query.from, 0);
  if (query.to !== undefined) filters.toInstant = midnight(query.to, 1);
  if (query.q !== undefined) filters.q = query.q;
  if (query.cursor !== undefined) filters.cursor = query.cursor;
  return filters;
}
