// Reading the stock: availability for a list of variant codes (what other features show), and the feeds' list for
// the staff (the last 30 days, and whether the feed is late).
import { sql, type Kysely } from 'kysely';
import {
  STOCK_LOCATIONS,
  type LocationAvailability,
  type StockFeedDetail,
  type StockFeedHealth,
  type StockFeedList,
  type StockFeedSummary,
  type StockLocation,
  type StockRefusal,
  type VariantAvailability,
} from '@site/contracts/stock-api';
import type { DatabaseSchema, Row } from '../platform/db/index.js';
import { FEEDS_KEPT_DAYS } from './feedApply.js';
import { codeKeyOf } from './feedRows.js';

type Db = Kysely<DatabaseSchema>;

/** The most codes one call reads (a quote, a listing's page). */
export const AVAILABILITY_CODES_MAX = 1_000;

/**
 * The stock of each code asked for (compared by letters and digits, answered under the code as asked), by location
 * in STOCK_LOCATIONS' order: only the locations a feed stated (none: the ERP never named the code, which says nothing
 * about its stock, and is not "0").
 */
export async function readAvailability(db: Db, codes: readonly string[]): Promise<VariantAvailability[]> {
  if (codes.length > AVAILABILITY_CODES_MAX) throw new RangeError(`at most ${AVAILABILITY_CODES_MAX} codes at once`);
  const keys = [...new Set(codes.map(codeKeyOf).filter((key) => key !== ''))];
  const rows =
    keys.length === 0
      ? []
      : (
          await sql<{
            code_key: string;
            location: StockLocation;
            on_hand: number;
            incoming: number;
            incoming_date: string | null;
            lead_time_days: number | null;
            updated_at: Date;
          }>`
            select code_key, location, on_hand, incoming, incoming_date::text as incoming_date, lead_time_days, updated_at
            from stock_levels where code_key = any(${keys}::text[])`.execute(db)
        ).rows;
  const byKey = new Map<string, LocationAvailability[]>();
  for (const row of rows) {
    const list = byKey.get(row.code_key) ?? [];
    list.push({
      location: row.location,
      onHand: Number(row.on_hand),
      incoming:
        row.incoming_date === null || Number(row.incoming) === 0
          ? null
          : { quantity: Number(row.incoming), date: row.incoming_date },
      leadTimeDays: row.lead_time_days === null ? null : Number(row.lead_time_days),
      updatedAt: new Date(row.updated_at).toISOString(),
    });
    byKey.set(row.code_key, list);
  }
  const order = (a: LocationAvailability, b: LocationAvailability) =>
    STOCK_LOCATIONS.indexOf(a.location) - STOCK_LOCATIONS.indexOf(b.location);
  return codes.map((code) => ({ code, locations: [...(byKey.get(codeKeyOf(code)) ?? [])].sort(order) }));
}

const FEED_COLUMNS = [
  'id',
  'at',
  'kind',
  'format',
  'source',
  'actor',
  'strict',
  'outcome',
  'message',
  'rows',
  'applied',
  'changed',
  'cleared',
  'refused',
  'reasons',
  'duration_ms',
] as const;

/** A feed's row as the staff list reads it: the table's columns (a driver may hand the JSON column back as text). */
type FeedRow = Omit<Pick<Row<'stock_feeds'>, (typeof FEED_COLUMNS)[number]>, 'reasons'> & {
  reasons: Record<string, number> | string;
};

const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const summaryOf = (row: FeedRow): StockFeedSummary => ({
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  kind: row.kind,
  format: row.format,
  source: row.source,
  actor: row.actor,
  strict: row.strict,
  outcome: row.outcome,
  message: row.message,
  rows: Number(row.rows),
  applied: Number(row.applied),
  changed: Number(row.changed),
  cleared: Number(row.cleared),
  refused: Number(row.refused),
  reasons: jsonOf(row.reasons),
  durationMs: Number(row.duration_ms),
});

export const FEEDS_PAGE = 100;

const withinKept = sql<boolean>`at >= now() - make_interval(days => ${FEEDS_KEPT_DAYS})`;

/** When the last feed arrived (applied or not: the ERP is talking), and whether that is longer ago than `staleAfterMinutes`. */
export async function readFeedHealth(
  db: Db,
  staleAfterMinutes: number,
  now: Date = new Date(),
): Promise<StockFeedHealth> {
  const last = await db.selectFrom('stock_feeds').select('at').orderBy('at', 'desc').limit(1).executeTakeFirst();
  const lastFeedAt = last === undefined ? null : new Date(last.at);
  return {
    lastFeedAt: lastFeedAt?.toISOString() ?? null,
    staleAfterMinutes,
    stale: lastFeedAt === null || now.getTime() - lastFeedAt.getTime() > staleAfterMinutes * 60_000,
  };
}

/** The feeds of the last 30 days, newest first, FEEDS_PAGE a page (`before`: the last id of the page before). */
export async function listFeeds(db: Db, staleAfterMinutes: number, before?: number): Promise<StockFeedList> {
  let query = db
    .selectFrom('stock_feeds')
    .select(FEED_COLUMNS)
    .where(withinKept)
    .orderBy('id', 'desc')
    .limit(FEEDS_PAGE + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows: FeedRow[] = await query.execute();
  const feeds = rows.slice(0, FEEDS_PAGE).map(summaryOf);
  return {
    ...(await readFeedHealth(db, staleAfterMinutes)),
    feeds,
    next: rows.length > FEEDS_PAGE ? (feeds.at(-1)?.id ?? null) : null,
  };
}

/** One feed of the last 30 days with its refused rows; undefined when there is none. */
export async function readFeed(db: Db, id: number): Promise<StockFeedDetail | undefined> {
  const row = await db
    .selectFrom('stock_feeds')
    .select([...FEED_COLUMNS, 'refusals'])
    .where('id', '=', id)
    .where(withinKept)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    ...summaryOf(row),
    refusals: jsonOf(row.refusals as StockRefusal[] | string).map((refusal) => ({
      ...refusal,
      line: Number(refusal.line),
    })),
  };
}
