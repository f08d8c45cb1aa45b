// Applying one feed (docs/stock.md): its rows read a batch at a time into a temporary table of the feed's transaction,
// checked there against the catalogue's variants and each other, then written in a few set-based statements. One
// feed is one transaction: all its valid rows apply or none; feeds take turns (an advisory lock), on every process.
// Only the stock tables are written and the variants are read without a lock: a feed never waits on a catalogue import
// (nor makes one wait) on PostgreSQL, and cannot deadlock with one. (On the embedded database the one connection makes
// them take turns anyway.) On the embedded database, which runs in the server's process and serves one transaction
// at a time, a feed is paced instead (feedApplyPaced.ts): the server goes on answering while it applies.
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { STOCK_FEED_LIMITS, type StockFeedReport } from '@site/contracts/stock-api';
import { SINGLE_KEY_LOCK, takeTurn } from '../platform/db/advisoryLocks.js';
import type { Database, DatabaseSchema } from '../platform/db/index.js';
import { applyPaced } from './feedApplyPaced.js';
import { csvFeedRows, FeedFormatError, jsonFeedRows } from './feedParse.js';
import {
  affected,
  countsOf,
  FeedRefused,
  finishFeed,
  recordRefused,
  refuseNamedTwice,
  refuseUnknownCodes,
  type FeedOptions,
  type FeedRequest,
} from './feedReport.js';
import { checkRow, dayOf } from './feedRows.js';
import { createStagingTables, FeedStaging } from './feedStaging.js';

export {
  FEEDS_KEPT_DAYS,
  FeedRefused,
  recordRefused,
  REFUSALS_LISTED,
  type FeedOptions,
  type FeedRequest,
} from './feedReport.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Writes the good rows whose figures differ from the stored ones; the count written. The difference is found first,
 * in one hash join against the stored rows: a stored row the feed states again as it is is not touched (an upsert of
 * every row would lock, and so write, each one even when its update does nothing). New rows are inserted without
 * `on conflict`: only feeds write the stock, and they take turns.
 */
async function applyRows(trx: Db, feedId: number, stockEmpty: boolean): Promise<number> {
  if (stockEmpty) {
    // nothing stored to compare with (a first snapshot): every good row is new, inserted in one join with the variants
    const inserted = await sql`
      insert into stock_levels (code_key, location, code, on_hand, incoming, incoming_date, lead_time_days, updated_at, feed_id)
      select r.code_key, r.location, v.code, r.on_hand, r.incoming, r.incoming_date, r.lead_time_days, now(), ${feedId}::bigint
      from stock_feed_rows as r join catalogue_product_variants as v on v.code_key = r.code_key`.execute(trx);
    return affected(inserted);
  }
  const { rows } = await sql<{ changed: number }>`
    with changes as materialized (
      select r.code_key, r.location, v.code, r.on_hand, r.incoming, r.incoming_date, r.lead_time_days, s.code_key is not null as stored
      from stock_feed_rows as r
        join catalogue_product_variants as v on v.code_key = r.code_key
        left join stock_levels as s on s.code_key = r.code_key and s.location = r.location
      where s.code_key is null
        or (s.code, s.on_hand, s.incoming, s.incoming_date, s.lead_time_days) is distinct from (v.code, r.on_hand, r.incoming, r.incoming_date, r.lead_time_days)
    ), added as (
      insert into stock_levels (code_key, location, code, on_hand, incoming, incoming_date, lead_time_days, updated_at, feed_id)
      select code_key, location, code, on_hand, incoming, incoming_date, lead_time_days, now(), ${feedId}::bigint from changes where not stored
    ), updated as (
      update stock_levels as s set code = c.code, on_hand = c.on_hand, incoming = c.incoming, incoming_date = c.incoming_date,
        lead_time_days = c.lead_time_days, updated_at = now(), feed_id = ${feedId}::bigint
      from changes as c where c.stored and s.code_key = c.code_key and s.location = c.location
    )
    select count(*)::int as changed from changes`.execute(trx);
  return Number(rows[0]?.changed ?? 0);
}

/**
 * A snapshot's other half: every stored code and location it does not name at all (a row of it refused still names
 * it: that stock stays as it was) goes to zero, its incoming stock and lead time cleared. The count cleared (rows
 * cleared already are left alone).
 */
async function clearUnnamed(trx: Db, feedId: number): Promise<number> {
  const result = await sql`
    update stock_levels as s set on_hand = 0, incoming = 0, incoming_date = null, lead_time_days = null, updated_at = now(), feed_id = ${feedId}::bigint
    where (s.on_hand <> 0 or s.incoming <> 0 or s.lead_time_days is not null)
      and not exists (select from stock_feed_rows as r where r.code_key = s.code_key and r.location = s.location)
      and not exists (select from stock_feed_refused as f where f.code_key = s.code_key and f.location = s.location)`.execute(
    trx,
  );
  return affected(result);
}

/**
 * Applies the feed in `file` (feedBody.ts kept it) and records it with its report (kept FEEDS_KEPT_DAYS days).
 * Throws FeedRefused (400: unreadable, 413: too many rows) when no row could be judged; that feed is recorded as
 * refused too. Otherwise answers the report: 'applied' (the valid rows written, the refused ones listed), or
 * 'refused' (strict and a row refused; or a snapshot with no valid row, which would clear all stock): nothing written.
 */
export async function applyStockFeed(
  db: Database,
  file: string,
  feed: FeedRequest,
  options: FeedOptions = {},
): Promise<StockFeedReport> {
  const started = performance.now();
  const maxRows = options.maxRows ?? STOCK_FEED_LIMITS.rows;
  const elapsed = () => Math.round(performance.now() - started);
  if (db.kind === 'embedded')
    return applyPaced(db, file, feed, { maxRows, today: () => dayOf(options.now?.() ?? new Date()), elapsed });
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      await takeTurn(trx, { key: SINGLE_KEY_LOCK.stockFeeds });
      // the day is read after the turn came: a feed that waited past midnight judges dates by the new day
      const today = dayOf(options.now?.() ?? new Date());
      const { id: feedId } = await trx
        .insertInto('stock_feeds')
        .values({
          kind: feed.kind,
          format: feed.format,
          source: feed.source,
          actor: feed.actor,
          token_id: feed.tokenId,
          strict: feed.strict,
          outcome: 'applied',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // the joins below hash every staged and stored row: in memory, not in batches spilled to disk
      await sql`set local work_mem = '128MB'`.execute(trx);
      await createStagingTables(trx);
      const staging = new FeedStaging(trx);
      let count = 0;
      try {
        for await (const read of feed.format === 'csv' ? csvFeedRows(file) : jsonFeedRows(file)) {
          count += read.length;
          if (count > maxRows)
            throw new FeedRefused(
              413,
              `The feed has more than ${maxRows.toLocaleString('en')} rows: send it in parts (PATCH)`,
            );
          for (const raw of read) staging.add(checkRow(raw, today));
          await staging.flush();
        }
      } catch (error) {
        await staging.settle();
        throw error;
      }
      const again = await staging.finish();
      if (count === 0 && feed.kind === 'snapshot')
        throw new FeedRefused(400, 'The snapshot has no rows: it would clear all stock. Nothing was applied');
      // the planner's figures for the joins below (a hash join, not a sort of a million rows or a loop over them)
      await sql`analyze stock_feed_rows`.execute(trx);
      await sql`analyze stock_feed_refused`.execute(trx);
      const moved = (await refuseUnknownCodes(trx)) + (await refuseNamedTwice(trx, again));
      const counts = await countsOf(trx, staging.good - moved);

      let refusal: string | undefined;
      if (feed.strict && counts.refused > 0)
        refusal = `${counts.refused.toLocaleString('en')} row(s) refused, and the feed was sent strict: nothing was applied`;
      else if (feed.kind === 'snapshot' && counts.applied === 0)
        refusal = 'No row of the snapshot can be applied: it would clear all stock. Nothing was applied';
      // read before writing: with no stored row there is nothing to compare with and nothing to clear
      const stockEmpty =
        refusal === undefined && (await sql`select from stock_levels limit 1`.execute(trx)).rows.length === 0;
      const changed = refusal === undefined ? await applyRows(trx, feedId, stockEmpty) : 0;
      const cleared =
        refusal === undefined && feed.kind === 'snapshot' && !stockEmpty ? await clearUnnamed(trx, feedId) : 0;
      return finishFeed(trx, feed, feedId, counts, { changed, cleared }, refusal, elapsed);
    });
  } catch (error) {
    const refused = error instanceof FeedFormatError ? new FeedRefused(400, error.message) : error;
    if (refused instanceof FeedRefused) {
      // rolled back with the rest: recorded again on its own, so that the feeds' list shows it
      await recordRefused(db.kysely, feed, refused.message, elapsed());
    }
    throw refused;
  }
}
