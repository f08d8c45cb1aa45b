// The inbox's query parameters (InboxQuery) checked and made into filters, with the account's branch rule applied:
// branch staff always get their own branch (asking for another is a 403), admins any or all.
import {
  INBOX_KINDS,
  INBOX_STATUSES,
  STAFF_BRANCHES,
  type InboxKind,
  type InboxStatus,
  type StaffAccountSummary,
  type StaffBranch,
} from '@site/contracts/staff-api';
import { textProblemMessage } from '@site/contracts/text-field';
import { badRequest, forbidden } from './errors.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Longest search text (characters). */
export const MAX_SEARCH_LENGTH = 200;

/** Where a page starts: after the row with this (created_at, kind rank, id), in the inbox's order. */
export interface InboxCursor {
  /** created_at to the microsecond, ISO 8601 UTC (a JS Date would lose the microseconds and skip or repeat rows). */
  at: string;
  rank: number;
  id: number;
}

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

const KNOWN = new Set(['kind', 'branch', 'status', 'from', 'to', 'q', 'cursor', 'limit']);

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw badRequest(`${name} must be one of: ${allowed.join(', ')}`);
  return value as T;
}

/** 'YYYY-MM-DD' as a real date: its midnight UTC plus `days`, as an ISO instant. */
function day(name: string, value: string, days: number): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  if (date === undefined || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw badRequest(`${name} must be a date written YYYY-MM-DD`);
  }
  return new Date(date.getTime() + days * 86_400_000).toISOString();
}

export function encodeCursor(cursor: InboxCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.rank, cursor.id])).toString('base64url');
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A cursor's instant as one that exists: the pattern alone lets `0000-00-00T…` or `2026-02-31T…` through, and the
 * database refuses them (a 503 for a crafted address). Rows are stamped by the server, so they lie after 2000.
 */
function isRealInstant(at: string): boolean {
  if (!CURSOR_AT.test(at) || at < '2000') return false;
  const date = new Date(at.slice(0, 23) + 'Z'); // milliseconds: Date keeps no microseconds
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === at.slice(0, 23);
}

/** What encodeCursor writes: base64url, no padding. Checked first: Node's decoder skips any other character silently. */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,200}$/;

export function decodeCursor(value: string): InboxCursor {
  let parsed: unknown;
  if (!CURSOR_TEXT.test(value)) throw badRequest('cursor is not valid: use the nextCursor of the previous page');
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    typeof parsed[0] === 'string' &&
    isRealInstant(parsed[0]) &&
    Number.isInteger(parsed[1]) &&
    (parsed[1] as number) >= 1 &&
    (parsed[1] as number) <= INBOX_KINDS.length &&
    Number.isSafeInteger(parsed[2]) &&
    (parsed[2] as number) >= 1
  ) {
    return { at: parsed[0], rank: parsed[1] as number, id: parsed[2] as number };
  }
  throw badRequest('cursor is not valid: use the nextCursor of the previous page');
}

/** One text value of a query parameter; a repeated parameter is a 400, an empty one counts as left out. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value === '' ? undefined : value;
}

/**
 * Checks an InboxQuery (as Fastify parsed the query string) for `account`. `paging: false` (the CSV) ignores cursor
 * and limit. Throws StaffWorkError: 400 for a bad value or an unknown parameter, 403 for another branch.
 */
export function parseInboxQuery(query: Record<string, unknown>, account: StaffAccountSummary, { paging = true } = {}): InboxFilters {
  const unknown = Object.keys(query).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) throw badRequest(`Unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}: expected only ${[...KNOWN].join(', ')}`);

  const kind = single(query, 'kind');
  const branchText = single(query, 'branch');
  const status = single(query, 'status');
  const from = single(query, 'from');
  const to = single(query, 'to');
  const q = single(query, 'q')?.trim();
  const cursor = single(query, 'cursor');
  const limit = single(query, 'limit');

  const filters: InboxFilters = {
    kinds: kind === undefined ? INBOX_KINDS : [oneOf('kind', kind, INBOX_KINDS)],
    limit: DEFAULT_PAGE_SIZE,
  };
  const branch = branchText === undefined ? undefined : oneOf('branch', branchText, STAFF_BRANCHES);
  if (account.role === 'admin') {
    filters.branch = branch;
  } else {
    // branch staff: their own branch only, asked for or not
    if (account.branch === null || (branch !== undefined && branch !== account.branch)) throw forbidden('You can see only your own branch.');
    filters.branch = account.branch;
  }
  if (status !== undefined) filters.status = oneOf('status', status, INBOX_STATUSES);
  if (from !== undefined) filters.fromInstant = day('from', from, 0);
  if (to !== undefined) filters.toInstant = day('to', to, 1);
  if (filters.fromInstant !== undefined && filters.toInstant !== undefined && filters.fromInstant >= filters.toInstant) {
    throw badRequest('from must be a day before or the same as to');
  }
  if (q !== undefined && q !== '') {
    if (q.length > MAX_SEARCH_LENGTH) throw badRequest(`q must be at most ${MAX_SEARCH_LENGTH} characters`);
    const problem = textProblemMessage('q', q, 'line');
    if (problem !== null) throw badRequest(problem);
    filters.q = q;
  }
  if (paging) {
    if (cursor !== undefined) filters.cursor = decodeCursor(cursor);
    if (limit !== undefined) {
      const n = /^\d{1,3}$/.test(limit) ? Number(limit) : Number.NaN;
      if (!(n >= 1 && n <= MAX_PAGE_SIZE)) throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
      filters.limit = n;
    }
  }
  return filters;
}
