// A feed on the embedded database (PGlite), paced. PGlite runs in the server's process, on its one thread, and serves
// one transaction at a time: a snapshot of 500,000 rows applied in one transaction held every request for its whole
// length (/healthz 14.5 s), and its joins of every row held the thread itself for seconds (/robots.txt 6.2 s). So
// here the work is cut into statements of a few thousand rows, each on its own, with the event loop let run between
// them, and nothing the site reads is written until the end:
//
// 1. Outside any transaction, into the session's temporary tables (no reader looks at them): each batch of rows is
//    staged, its unknown codes refused and what differs from the stored stock noted (feedStaging.ts, paced); then the
//    duplicates; then, for a snapshot, the stored rows it does not name, found a slice of the stock at a time.
// 2. One transaction writes what was noted, a slice at a time: all of it or none, and no reader sees half of it
//    (the database serves one transaction at a time); other requests wait for it only while it writes, which is
//    nothing for a snapshot that changes nothing, and the rows it changes for one that does.
//
// Feeds take turns in the process (the embedded database is one process's), and the stock is written only by them,
// so what step 1 noted about the stored stock still holds in step 2.
import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { StockFeedReport } from '@site/contracts/stock-api';
import { SINGLE_KEY_LOCK, takeTurn } from '../platform/db/advisoryLocks.js';
import type { Database, DatabaseSchema } from '../platform/db/index.js';
import { csvFeedRows, FeedFormatError, jsonFeedRows } from './feedParse.js';
import {
  affected,
  countsOf,
  FeedRefused,
  finishFeed,
  recordRefused,
  refuseNamedTwice,
  type FeedRequest,
} from './feedReport.js';
import { checkRow } from './feedRows.js';
import { createStagingTables, dropStagingTables, FeedStaging } from './feedStaging.js';

type Db = Kysely<DatabaseSchema>;

/** Rows a statement reads or writes at a time: each one a few tens of milliseconds of the server's thread. */
export const PACED_SLICE_ROWS = 5_000;

/** The feeds running or waiting, per database folder: one at a time. */
const turns = new Map<string, Promise<unknown>>();

function inTurn<T>(location: string, task: () => Promise<T>): Promise<T> {
  const run = (turns.get(location) ?? Promise.resolve()).then(task, task);
  const settled = run.catch(() => undefined);
  turns.set(location, settled);
  void settled.then(() => {
    if (turns.get(location) === settled) turns.delete(location);
  });
  return run;
}

/** Lets the event loop run (requests, timers, I/O) before the next slice. */
const breathe = () => setImmediate();

export interface PacedOptions {
  maxRows: number;
  /** Today (YYYY-MM-DD), read once the feed's turn has come. */
  today: () => string;
  elapsed: () => number;
}

/** applyStockFeed on the embedded database: the same checks, report and outcome, paced (above). */
export async function applyPaced(
  db: Database,
  file: string,
  feed: FeedRequest,
  options: PacedOptions,
): Promise<StockFeedReport> {
  try {
    return await inTurn(db.location, async () => {
      try {
        return await stageAndWrite(db.kysely, file, feed, options);
      } finally {
        await dropStagingTables(db.kysely);
      }
    });
  } catch (error) {
    const refused = error instanceof FeedFormatError ? new FeedRefused(400, error.message) : error;
    if (refused instanceof FeedRefused) await recordRefused(db.kysely, feed, refused.message, options.elapsed());
    throw refused;
  }
}

async function stageAndWrite(db: Db, file: string, feed: FeedRequest, options: PacedOptions): Promise<StockFeedReport> {
  const today = options.today();
  await dropStagingTables(db);
  // only feeds write the stock, one at a time: what is stored now is what the writing below finds
  const stockEmpty = (await sql`select from stock_levels limit 1`.execute(db)).rows.length === 0;
  const clears = feed.kind === 'snapshot' && !stockEmpty;
  await createStagingTables(db, { indexed: clears });
  const staging = new FeedStaging(db, true);
  let count = 0;
  try {
    for await (const read of feed.format === 'csv' ? csvFeedRows(file) : jsonFeedRows(file)) {
      count += read.length;
      if (count > options.maxRows)
        throw new FeedRefused(
          413,
          `The feed has more than ${options.maxRows.toLocaleString('en')} rows: send it in parts (PATCH)`,
        );
      for (let at = 0; at < read.length; at += 1) {
        staging.add(checkRow(read[at]!, today));
        if (at % PACED_SLICE_ROWS === PACED_SLICE_ROWS - 1) {
          await staging.flush();
          await breathe();
        }
      }
      await staging.flush();
      await breathe();
    }
  } catch (error) {
    await staging.settle();
    throw error;
  }
  const again = await staging.finish();
  if (count === 0 && feed.kind === 'snapshot')
    throw new FeedRefused(400, 'The snapshot has no rows: it would clear all stock. Nothing was applied');
  const moved = await refuseNamedTwice(db, again);
  if (moved > 0) {
    // their rows were noted as changes as each batch was staged: not to be written
    await sql`delete from stock_feed_changes as c where exists (
      select from stock_feed_refused as f where f.reason = 'duplicate' and f.code_key = c.code_key and f.location = c.location)`.execute(
      db,
    );
  }
  const counts = await countsOf(db, staging.good - moved);

  let refusal: string | undefined;
  if (feed.strict && counts.refused > 0)
    refusal = `${counts.refused.toLocaleString('en')} row(s) refused, and the feed was sent strict: nothing was applied`;
  else if (feed.kind === 'snapshot' && counts.applied === 0)
    refusal = 'No row of the snapshot can be applied: it would clear all stock. Nothing was applied';
  if (refusal === undefined && clears) await noteUnnamed(db);

  // the planner's figures for the slices below (each a range of the numbered rows, read by their key)
  await sql`analyze stock_feed_changes`.execute(db);
  await sql`analyze stock_feed_clear`.execute(db);
  return db.transaction().execute(async (trx) => {
    await takeTurn(trx, { key: SINGLE_KEY_LOCK.stockFeeds });
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
    const changed = refusal === undefined ? await writeChanges(trx, feedId) : 0;
    const cleared = refusal === undefined && clears ? await writeCleared(trx, feedId) : 0;
    return finishFeed(trx, feed, feedId, counts, { changed, cleared }, refusal, options.elapsed);
  });
}

/**
 * A snapshot's other half, noted before it is written: the stored rows that hold something and that no staged row
 * (good or refused) names, read a slice of the stock at a time in its key's order (each stored row looked up among
 * the staged ones by their index).
 */
async function noteUnnamed(db: Db): Promise<void> {
  let after: { code_key: string; location: string } | undefined = { code_key: '', location: '' };
  while (after !== undefined) {
    const { rows }: { rows: { code_key: string; location: string }[] } = await sql<{
      code_key: string;
      location: string;
    }>`
      with slice as materialized (
        select code_key, location, on_hand, incoming, lead_time_days from stock_levels
        where (code_key, location) > (${after.code_key}, ${after.location}) order by code_key, location limit ${PACED_SLICE_ROWS}
      ), noted as (
        insert into stock_feed_clear (code_key, location)
        select code_key, location from slice as s
        where (s.on_hand <> 0 or s.incoming <> 0 or s.lead_time_days is not null)
          and not exists (select from stock_feed_rows as r where r.code_key = s.code_key and r.location = s.location)
          and not exists (select from stock_feed_refused as f where f.code_key = s.code_key and f.location = s.location)
      )
      select code_key, location from slice order by code_key desc, location desc limit 1`.execute(db);
    after = rows[0];
    await breathe();
  }
}

/** The highest number of a noted table's rows (they are numbered from 1, with gaps where duplicates were taken out). */
async function lastOf(trx: Db, table: 'stock_feed_changes' | 'stock_feed_clear'): Promise<number> {
  const { rows } = await sql<{ last: number | null }>`select max(n) as last from ${sql.table(table)}`.execute(trx);
  return Number(rows[0]?.last ?? 0);
}

/**
 * Writes the noted changes, a slice at a time: new rows inserted (without `on conflict`: only feeds write the stock,
 * and they take turns), stored ones updated. Rows stated again as they are were never noted, so never touched.
 */
async function writeChanges(trx: Db, feedId: number): Promise<number> {
  const last = await lastOf(trx, 'stock_feed_changes');
  let written = 0;
  for (let from = 0; from < last; from += PACED_SLICE_ROWS) {
    const to = from + PACED_SLICE_ROWS;
    const added = await sql`
      insert into stock_levels (code_key, location, code, on_hand, incoming, incoming_date, lead_time_days, updated_at, feed_id)
      select code_key, location, code, on_hand, incoming, incoming_date, lead_time_days, now(), ${feedId}::bigint
      from stock_feed_changes where n > ${from} and n <= ${to} and not stored`.execute(trx);
    const updated = await sql`
      update stock_levels as s set code = c.code, on_hand = c.on_hand, incoming = c.incoming, incoming_date = c.incoming_date,
        lead_time_days = c.lead_time_days, updated_at = now(), feed_id = ${feedId}::bigint
      from stock_feed_changes as c where c.n > ${from} and c.n <= ${to} and c.stored and s.code_key = c.code_key and s.location = c.location`.execute(
      trx,
    );
    written += affected(added) + affected(updated);
    await breathe();
  }
  return written;
}

/** Clears the noted rows, a slice at a time: to zero, their incoming stock and lead time cleared. */
async function writeCleared(trx: Db, feedId: number): Promise<number> {
  const last = await lastOf(trx, 'stock_feed_clear');
  let cleared = 0;
  for (let from = 0; from < last; from += PACED_SLICE_ROWS) {
    const result = await sql`
      update stock_levels as s set on_hand = 0, incoming = 0, incoming_date = null, lead_time_days = null, updated_at = now(), feed_id = ${feedId}::bigint
      from stock_feed_clear as c where c.n > ${from} and c.n <= ${from + PACED_SLICE_ROWS} and s.code_key = c.code_key and s.location = c.location`.execute(
      trx,
    );
    cleared += affected(result);
    await breathe();
  }
  return cleared;
}
