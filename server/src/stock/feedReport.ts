// What a feed's application shares, in a transaction (feedApply.ts) or paced (feedApplyPaced.ts): how a feed is
// described, why one is refused whole, the checks of every staged row that moves good rows to the refused ones, and
// the report with its record among the feeds.
import { sql, type Kysely } from 'kysely';
import type { StockFeedReport, StockRefusal, StockRefusalReason } from '@site/contracts/stock-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { storable } from './feedRows.js';
import type { NamedAgain } from './feedStaging.js';
import { bumpStockVersion } from './state.js';

type Db = Kysely<DatabaseSchema>;

/** How a feed came, and what it asks for. */
export interface FeedRequest {
  kind: 'snapshot' | 'delta';
  format: 'json' | 'csv';
  strict: boolean;
  source: 'api' | 'cli';
  /** Who sent it, as the feeds' list shows it: 'token 4 "ERP"', 'command line (user)'. */
  actor: string;
  tokenId: number | null;
}

export interface FeedOptions {
  /** The most rows a feed may hold (a row is a code at a location). */
  maxRows?: number;
  /** The clock of "a past date" (tests). */
  now?: () => Date;
}

/** A feed refused whole before any row could apply: its HTTP status and the sentence that says why. */
export class FeedRefused extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'FeedRefused';
  }
}

/** How many refused rows a report lists (and the feeds' list keeps); every one is counted. */
export const REFUSALS_LISTED = 1_000;
/** How long a feed's report is kept. */
export const FEEDS_KEPT_DAYS = 30;

export const affected = (result: { numAffectedRows?: bigint }): number => Number(result.numAffectedRows ?? 0n);

/** Moves the good rows whose code no variant has to the refused ones (unknown-code); the count moved. */
export async function refuseUnknownCodes(trx: Db): Promise<number> {
  const unknown = await sql`
    with gone as (
      delete from stock_feed_rows as r where not exists (select from catalogue_product_variants as v where v.code_key = r.code_key)
      returning line, code, code_key, location
    )
    insert into stock_feed_refused (line, code, code_key, location, reason, message)
    select line, code, code_key, location, 'unknown-code', 'No variant of the catalogue has this code' from gone`.execute(
    trx,
  );
  return affected(unknown);
}

/**
 * Moves every good row of a code and location named more than once (among those the reading found may be: `again`)
 * to the refused ones (duplicate); the count moved.
 */
export async function refuseNamedTwice(trx: Db, again: readonly NamedAgain[]): Promise<number> {
  if (again.length === 0) return 0;
  // every row of a code and location named more than once (whatever the other row's problem): which one the ERP
  // meant cannot be told, so none applies, and a snapshot leaves that stock as it was
  const namedTwice = await sql`
    with again as (
      select * from unnest(${again.map((one) => one.codeKey)}::text[], ${again.map((one) => one.location)}::text[]) as t(code_key, location)
    ), named as (
      select r.line, r.code_key, r.location from stock_feed_rows as r join again using (code_key, location)
      union all
      select f.line, f.code_key, f.location from stock_feed_refused as f join again using (code_key, location)
      where f.reason not in ('missing-code', 'unknown-location', 'bad-row')
    ), twice as (
      select code_key, location, string_agg(line::text, ', ' order by line) as lines from named group by code_key, location having count(*) > 1
    ), gone as (
      delete from stock_feed_rows as r using twice where r.code_key = twice.code_key and r.location = twice.location
      returning r.line, r.code, r.code_key, r.location, twice.lines
    )
    insert into stock_feed_refused (line, code, code_key, location, reason, message)
    select line, code, code_key, location, 'duplicate', 'The code and location are on more than one row (lines ' || lines || ')' from gone`.execute(
    trx,
  );
  return affected(namedTwice);
}

export interface Counts {
  rows: number;
  applied: number;
  refused: number;
  reasons: Partial<Record<StockRefusalReason, number>>;
  refusals: StockRefusal[];
}

/** The report's figures: the good rows left, and the refused ones by reason (the first REFUSALS_LISTED listed). */
export async function countsOf(trx: Db, applied: number): Promise<Counts> {
  const { rows: byReason } = await sql<{ reason: StockRefusalReason; count: number }>`
    select reason, count(*)::int as count from stock_feed_refused group by reason`.execute(trx);
  const { rows: listed } = await sql<StockRefusal>`
    select line, code, reason, message from stock_feed_refused order by line limit ${REFUSALS_LISTED}`.execute(trx);
  const reasons: Counts['reasons'] = {};
  let refused = 0;
  for (const { reason, count } of byReason) {
    reasons[reason] = Number(count);
    refused += Number(count);
  }
  return {
    rows: applied + refused,
    applied,
    refused,
    reasons,
    refusals: listed.map((row) => ({ ...row, line: Number(row.line) })),
  };
}

export const reportOf = (
  feedId: number,
  kind: FeedRequest['kind'],
  counts: Counts,
  outcome: 'applied' | 'refused',
  changed: number,
  cleared: number,
  durationMs: number,
  message?: string,
): StockFeedReport => ({
  feedId,
  kind,
  outcome,
  ...(message === undefined ? {} : { message }),
  rows: counts.rows,
  applied: counts.applied,
  changed,
  cleared,
  refused: counts.refused,
  reasons: counts.reasons,
  refusals: counts.refusals,
  durationMs,
});

/** Keeps FEEDS_KEPT_DAYS of feeds. */
/**
 * A feed's end, in its transaction: the version bumped when stock changed, the feed's row with its outcome and counts,
 * old feeds pruned; the report the sender gets.
 */
export async function finishFeed(
  trx: Db,
  feed: FeedRequest,
  feedId: number,
  counts: Counts,
  written: { changed: number; cleared: number },
  refusal: string | undefined,
  durationMs: () => number,
): Promise<StockFeedReport> {
  const { changed, cleared } = written;
  if (changed + cleared > 0) await bumpStockVersion(trx);
  const outcome = refusal === undefined ? 'applied' : 'refused';
  const duration = durationMs();
  await trx
    .updateTable('stock_feeds')
    .set({
      outcome,
      message: refusal ?? null,
      rows: counts.rows,
      applied: counts.applied,
      changed,
      cleared,
      refused: counts.refused,
      reasons: JSON.stringify(counts.reasons),
      refusals: JSON.stringify(counts.refusals),
      duration_ms: duration,
    })
    .where('id', '=', feedId)
    .execute();
  await pruneFeeds(trx);
  return reportOf(feedId, feed.kind, counts, outcome, changed, cleared, duration, refusal);
}

export async function pruneFeeds(db: Db): Promise<void> {
  await db
    .deleteFrom('stock_feeds')
    .where('at', '<', sql<Date>`now() - make_interval(days => ${FEEDS_KEPT_DAYS})`)
    .execute();
}

/** A feed refused before any row could be judged (its body too large, unreadable), as the feeds' list shows it. */
export async function recordRefused(db: Db, feed: FeedRequest, message: string, durationMs: number): Promise<void> {
  await db
    .insertInto('stock_feeds')
    .values({
      kind: feed.kind,
      format: feed.format,
      source: feed.source,
      actor: feed.actor,
      token_id: feed.tokenId,
      strict: feed.strict,
      outcome: 'refused',
      message: storable(message),
      duration_ms: durationMs,
    })
    .execute();
  await pruneFeeds(db);
}
