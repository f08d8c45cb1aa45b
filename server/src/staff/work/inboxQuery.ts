// The inbox list: one UNION ALL over the four submission tables, newest first, every filter pushed into each branch
// (so each uses its own indexes: migration 006), keyset paging on (created_at, kind, id) and the total count.
import type { InboxPage, InboxItemSummary, InboxKind, InboxStatus, StaffBranch } from '@site/contracts/staff-api';
import type { Queryable } from '../../db/index.js';
import { encodeCursor, type InboxCursor, type InboxFilters } from './inboxFilters.js';
import { INBOX_TABLES, type InboxTable } from './inboxTables.js';
import { ACCOUNT_COLUMNS, accountOf, type AccountColumns } from './staffAccounts.js';
import { SqlParams } from './sqlParams.js';

/** Characters of the message the list shows. */
export const PREVIEW_LENGTH = 200;
/** Most search words used (each must match, as a prefix). */
const MAX_SEARCH_TERMS = 10;

/** created_at to the microsecond, as the cursor keeps it. */
const AT_KEY = `to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface InboxRow extends AccountColumns {
  kind: InboxKind;
  rank: number;
  id: number;
  created_at: Date;
  at_key: string;
  branch: string | null;
  status: InboxStatus;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  reference: string | null;
  /** The preview (summary) or the whole message (export). */
  message: string;
}

/**
 * The search text as a tsquery: its words as the index's parser and 'simple' configuration see them, each a prefix
 * ('aish' finds Aisha), all required. null when it has no word (only punctuation): nothing can match.
 */
export async function searchQuery(q: Queryable, text: string): Promise<string | null> {
  const rows = await q.query<{ lexeme: string }>(`select lexeme from unnest(to_tsvector('simple', $1::text)) order by lexeme limit ${MAX_SEARCH_TERMS}`, [text]);
  if (rows.length === 0) return null;
  // tsquery's own quoting: inside '...', a quote is doubled and a backslash escaped
  return rows.map(({ lexeme }) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
}

/** The WHERE conditions of one table's branch: filters, and (for a page) where the cursor left off. */
function conditions(table: InboxTable, filters: InboxFilters, tsquery: string | undefined, params: SqlParams, cursor: InboxCursor | undefined): string[] {
  const where: string[] = [filters.status === 'spam' ? 't.spam' : 'not t.spam'];
  if (filters.status !== undefined && filters.status !== 'spam') where.push(`t.status = ${params.add(filters.status)}`);
  if (filters.branch !== undefined) where.push(`${table.branch} = ${params.add(filters.branch)}`);
  if (filters.fromInstant !== undefined) where.push(`t.created_at >= ${params.add(filters.fromInstant)}::timestamptz`);
  if (filters.toInstant !== undefined) where.push(`t.created_at < ${params.add(filters.toInstant)}::timestamptz`);
  if (tsquery !== undefined) where.push(`t.search @@ to_tsquery('simple', ${params.add(tsquery)})`); // the stored tsvector of migration 006
  if (cursor !== undefined) {
    // after (at, rank, id) in "created_at desc, rank desc, id desc": this table's rank is fixed, so the row
    // comparison reduces to one an index on (created_at, id) can seek
    const at = `${params.add(cursor.at)}::timestamptz`;
    if (table.rank < cursor.rank) where.push(`t.created_at <= ${at}`);
    else if (table.rank > cursor.rank) where.push(`t.created_at < ${at}`);
    else where.push(`(t.created_at, t.id) < (${at}, ${params.add(cursor.id)}::bigint)`);
  }
  return where;
}

export interface InboxRowsOptions {
  /** 'summary': the message's first PREVIEW_LENGTH characters; 'export': all of it. */
  message: 'summary' | 'export';
  cursor?: InboxCursor;
  limit: number;
}

/** One page of rows in the inbox's order (limit rows at most), with their assignees. */
export async function inboxRows(q: Queryable, filters: InboxFilters, tsquery: string | undefined, options: InboxRowsOptions): Promise<InboxRow[]> {
  const params = new SqlParams();
  const limit = params.add(options.limit);
  const branches = filters.kinds.map((kind) => {
    const table = INBOX_TABLES[kind];
    const message = options.message === 'summary' ? `left(${table.message}, ${PREVIEW_LENGTH})` : table.message;
    return `(select '${kind}'::text as kind, ${table.rank} as rank, t.id, t.created_at, ${AT_KEY} as at_key,
        ${table.branch} as branch, case when t.spam then 'spam' else t.status end as status,
        ${table.name} as name, ${table.email} as email, ${table.company} as company, ${table.phone} as phone,
        ${kind === 'quote' ? 't.reference' : 'null::text'} as reference, ${message} as message, t.assignee_id
      from ${table.table} t
      where ${conditions(table, filters, tsquery, params, options.cursor).join(' and ')}
      order by t.created_at desc, t.id desc
      limit ${limit})`;
  });
  return q.query<InboxRow>(
    `select u.kind, u.rank, u.id, u.created_at, u.at_key, u.branch, u.status, u.name, u.email, u.company, u.phone,
            u.reference, u.message, ${ACCOUNT_COLUMNS}
       from (select * from (${branches.join('\n union all\n')}) as each_table
              order by created_at desc, rank desc, id desc
              limit ${limit}) u
       left join staff_accounts a on a.id = u.assignee_id
      order by u.created_at desc, u.rank desc, u.id desc`,
    params.values,
  );
}

/** How many rows match the filters, over every page. */
export async function inboxTotal(q: Queryable, filters: InboxFilters, tsquery: string | undefined): Promise<number> {
  const params = new SqlParams();
  const counts = filters.kinds.map((kind) => {
    const table = INBOX_TABLES[kind];
    return `(select count(*) from ${table.table} t where ${conditions(table, filters, tsquery, params, undefined).join(' and ')})`;
  });
  const [row] = await q.query<{ total: number }>(`select (${counts.join(' + ')})::int as total`, params.values);
  return row?.total ?? 0;
}

export function summaryOf(row: InboxRow): InboxItemSummary {
  return {
    kind: row.kind,
    id: row.id,
    createdAt: row.created_at.toISOString(),
    branch: row.branch as StaffBranch | null,
    status: row.status,
    name: row.name,
    email: row.email,
    company: row.company,
    preview: row.message,
    assignee: accountOf(row),
  };
}

/** The page the filters ask for, its total, and the cursor of the next page (null on the last). */
export async function listInbox(q: Queryable, filters: InboxFilters): Promise<InboxPage> {
  const tsquery = filters.q === undefined ? undefined : await searchQuery(q, filters.q);
  if (tsquery === null) return { items: [], total: 0, nextCursor: null };
  // one more than asked: whether a next page exists, without a second query
  const rows = await inboxRows(q, filters, tsquery, { message: 'summary', cursor: filters.cursor, limit: filters.limit + 1 });
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    total: await inboxTotal(q, filters, tsquery),
    nextCursor: rows.length > filters.limit && last !== undefined ? encodeCursor({ at: last.at_key, rank: last.rank, id: last.id }) : null,
  };
}

/** Every row the filters match, in the inbox's order, `batch` at a time (the CSV export: memory stays bounded). */
export async function* allInboxRows(q: Queryable, filters: InboxFilters, batch = 1000): AsyncGenerator<InboxRow> {
  const tsquery = filters.q === undefined ? undefined : await searchQuery(q, filters.q);
  if (tsquery === null) return;
  let cursor: InboxCursor | undefined;
  for (;;) {
    const rows = await inboxRows(q, filters, tsquery, { message: 'export', cursor, limit: batch });
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < batch || last === undefined) return;
    cursor = { at: last.at_key, rank: last.rank, id: last.id };
  }
}
