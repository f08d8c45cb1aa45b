// The inbox list: one UNION ALL over the four submission tables, newest first, every filter pushed into each branch
// (so each uses its own indexes: migration 006), keyset paging on (created_at, kind, id) and the total count.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { InboxPage, InboxItemSummary, InboxKind, InboxStatus, StaffBranch } from '@site/contracts/staff-api';
import { encodeInboxCursor, type InboxCursor } from '@site/contracts/staff-api-schemas';
import type { DatabaseSchema } from '../../platform/db/index.js';
import type { InboxFilters } from './inboxFilters.js';
import { INBOX_TABLES, type InboxTable } from './inboxTables.js';
import { ACCOUNT_COLUMNS, accountOf } from './staffAccounts.js';

/** Characters of the message the list shows. */
export const PREVIEW_LENGTH = 200;
/** Most search words used (each must match, as a prefix). */
const MAX_SEARCH_TERMS = 10;

/** created_at to the microsecond, as the cursor keeps it. */
const AT_KEY = sql<string>`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The status the inbox shows: 'spam' for a flagged row, whatever its workflow status. */
export const SHOWN_STATUS = sql<InboxStatus>`case when t.spam then 'spam' else t.status end`;

/** An ISO instant as a timestamptz parameter: cast in SQL, so a cursor's microseconds are kept (a JS Date has none). */
const instant = (iso: string) => sql<Date>`${iso}::timestamptz`;

/**
 * The search text as a tsquery: its words as the index's parser and 'simple' configuration see them, each a prefix
 * ('aish' finds Aisha), all required. null when it has no word (only punctuation): nothing can match.
 */
export async function searchQuery(db: Kysely<DatabaseSchema>, text: string): Promise<string | null> {
  const rows = await db
    .selectFrom(sql<{ lexeme: string }>`unnest(to_tsvector('simple', ${text}::text))`.as('words'))
    .select('lexeme')
    .orderBy('lexeme')
    .limit(MAX_SEARCH_TERMS)
    .execute();
  if (rows.length === 0) return null;
  // tsquery's own quoting: inside '...', a quote is doubled and a backslash escaped
  return rows.map(({ lexeme }) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
}

/** One table's rows (alias t) that pass the filters and, for a page, come after where the cursor left off. */
function filteredRows(
  db: Kysely<DatabaseSchema>,
  table: InboxTable,
  filters: InboxFilters,
  tsquery: string | undefined,
  cursor: InboxCursor | undefined,
) {
  return db.selectFrom(db.dynamic.table(table.table).as('t')).where((eb) => {
    const where: Expression<SqlBool>[] = [filters.status === 'spam' ? eb.ref('t.spam') : eb.not(eb.ref('t.spam'))];
    if (filters.status !== undefined && filters.status !== 'spam') where.push(eb('t.status', '=', filters.status));
    if (filters.branch !== undefined) where.push(eb(table.branch, '=', filters.branch));
    if (filters.fromInstant !== undefined) where.push(eb('t.created_at', '>=', instant(filters.fromInstant)));
    if (filters.toInstant !== undefined) where.push(eb('t.created_at', '<', instant(filters.toInstant)));
    if (tsquery !== undefined) where.push(sql<SqlBool>`t.search @@ to_tsquery('simple', ${tsquery})`); // the stored tsvector of migration 006
    if (cursor !== undefined) {
      // after (at, rank, id) in "created_at desc, rank desc, id desc": this table's rank is fixed, so the row
      // comparison reduces to one an index on (created_at, id) can seek
      const at = instant(cursor.at);
      if (table.rank < cursor.rank) where.push(eb('t.created_at', '<=', at));
      else if (table.rank > cursor.rank) where.push(eb('t.created_at', '<', at));
      else where.push(eb(eb.refTuple('t.created_at', 't.id'), '<', eb.tuple(at, sql<number>`${cursor.id}::bigint`)));
    }
    return eb.and(where);
  });
}

export interface InboxRowsOptions {
  /** 'summary': the message's first PREVIEW_LENGTH characters; 'export': all of it. */
  message: 'summary' | 'export';
  cursor?: InboxCursor;
  limit: number;
}

/** One page of rows in the inbox's order (limit rows at most), with their assignees. */
export function inboxRows(
  db: Kysely<DatabaseSchema>,
  filters: InboxFilters,
  tsquery: string | undefined,
  options: InboxRowsOptions,
) {
  const branches = filters.kinds.map((kind) => {
    const table = INBOX_TABLES[kind];
    const rows = filteredRows(db, table, filters, tsquery, options.cursor)
      .select([
        sql<InboxKind>`${kind}::text`.as('kind'),
        sql<number>`${table.rank}::int`.as('rank'),
        't.id',
        't.created_at',
        AT_KEY.as('at_key'),
        table.branch.as('branch'),
        SHOWN_STATUS.as('status'),
        table.name.as('name'),
        table.email.as('email'),
        table.company.as('company'),
        table.phone.as('phone'),
        table.reference.as('reference'),
        (options.message === 'summary' ? sql<string>`left(${table.message}, ${PREVIEW_LENGTH})` : table.message).as(
          'message',
        ),
        't.assignee_id',
      ])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(options.limit);
    // a subquery of its own: a set operation's operands take no order by / limit of their own
    return db.selectFrom(rows.as('one_table')).selectAll();
  });
  const newest = db
    .selectFrom(branches.reduce((all, next) => all.unionAll(next)).as('each_table'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('rank', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  return db
    .selectFrom(newest.as('u'))
    .leftJoin('staff_accounts as a', 'a.id', 'u.assignee_id')
    .select([
      'u.kind',
      'u.rank',
      'u.id',
      'u.created_at',
      'u.at_key',
      'u.branch',
      'u.status',
      'u.name',
      'u.email',
      'u.company',
      'u.phone',
      'u.reference',
      'u.message',
      ...ACCOUNT_COLUMNS,
    ])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.rank', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}

export type InboxRow = Awaited<ReturnType<typeof inboxRows>>[number];

/** How many rows match the filters, over every page. */
export async function inboxTotal(
  db: Kysely<DatabaseSchema>,
  filters: InboxFilters,
  tsquery: string | undefined,
): Promise<number> {
  const counts = filters.kinds.map((kind) =>
    filteredRows(db, INBOX_TABLES[kind], filters, tsquery, undefined).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  // each count a scalar subquery, summed in one statement
  const row = await db.selectNoFrom(sql<number>`(${sql.join(counts, sql` + `)})::int`.as('total')).executeTakeFirst();
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
export async function listInbox(db: Kysely<DatabaseSchema>, filters: InboxFilters): Promise<InboxPage> {
  const tsquery = filters.q === undefined ? undefined : await searchQuery(db, filters.q);
  if (tsquery === null) return { items: [], total: 0, nextCursor: null };
  // one more than asked: whether a next page exists, without a second query
  const rows = await inboxRows(db, filters, tsquery, {
    message: 'summary',
    cursor: filters.cursor,
    limit: filters.limit + 1,
  });
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    total: await inboxTotal(db, filters, tsquery),
    nextCursor:
      rows.length > filters.limit && last !== undefined
        ? encodeInboxCursor({ at: last.at_key, rank: last.rank, id: last.id })
        : null,
  };
}

/** Every row the filters match, in the inbox's order, `batch` at a time (the CSV export: memory stays bounded). */
export async function* allInboxRows(
  db: Kysely<DatabaseSchema>,
  filters: InboxFilters,
  batch = 1000,
): AsyncGenerator<InboxRow> {
  const tsquery = filters.q === undefined ? undefined : await searchQuery(db, filters.q);
  if (tsquery === null) return;
  let cursor: InboxCursor | undefined;
  for (;;) {
    const rows = await inboxRows(db, filters, tsquery, { message: 'export', cursor, limit: batch });
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < batch || last === undefined) return;
    cursor = { at: last.at_key, rank: last.rank, id: last.id };
  }
}
