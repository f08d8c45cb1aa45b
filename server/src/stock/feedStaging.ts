// A feed's checked rows on their way into its transaction's temporary tables (feedApply.ts): the good rows a batch at a
// time as columns (one statement of arrays each), the refused ones apart (few, and all the report lists), and the
// code-locations that may be named twice found while reading, so that finding them needs no pass over every staged row.
import { sql, type Kysely } from 'kysely';
import type { StockRefusalReason } from '@site/contracts/stock-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { codeKeyOf, type CheckedRow } from './feedRows.js';
import { SeenSet } from './feedSeen.js';

type Db = Kysely<DatabaseSchema>;

/** Joins a batch's codes (a control character no code of the catalogue holds). */
const CODE_SEPARATOR = '\u0001';

/**
 * Good rows staged per statement. A paced feed's statement also finds its rows' variants and what they change, on the
 * server's thread (the embedded database is in the process): kept to a few tens of milliseconds.
 */
const BATCH = { postgres: 10_000, paced: 5_000 };

/** Rows of these reasons name no code and location that another row could be a duplicate of (as feedApply.ts counts). */
const NAMES_NOTHING = new Set<StockRefusalReason | null>(['missing-code', 'unknown-location', 'bad-row']);

/** A code (its key) and location that more than one row may name (feedSeen.ts: checked exactly in SQL). */
export interface NamedAgain {
  codeKey: string;
  location: string;
}

/**
 * The temporary tables: the good rows, and the refused ones with their reasons. In the feed's transaction they are
 * dropped at its commit; a paced feed (feedApplyPaced.ts, the embedded database) stages outside any transaction, so
 * they live in the session until it drops them, with two more: the rows to write and those a snapshot clears.
 */
export async function createStagingTables(trx: Db, paced?: { indexed: boolean }): Promise<void> {
  const lifetime = paced === undefined ? sql`on commit drop` : sql``;
  await sql`
    create temp table stock_feed_rows (
      line integer not null, code text not null, code_key text not null, location text not null, on_hand integer not null,
      incoming integer not null, incoming_date date, lead_time_days integer
    ) ${lifetime}`.execute(trx);
  await sql`
    create temp table stock_feed_refused (
      line integer not null, code text not null, code_key text not null, location text not null, reason text not null, message text not null
    ) ${lifetime}`.execute(trx);
  if (paced === undefined) return;
  // numbered, so that they are written a slice at a time
  await sql`
    create temp table stock_feed_changes (
      n serial primary key, code_key text not null, location text not null, code text not null, on_hand integer not null,
      incoming integer not null, incoming_date date, lead_time_days integer, stored boolean not null
    )`.execute(trx);
  await sql`create temp table stock_feed_clear (n serial primary key, code_key text not null, location text not null)`.execute(
    trx,
  );
  if (paced.indexed) {
    // a snapshot's clearing looks each stored row up among the staged ones, a slice of the stock at a time
    await sql`create index on stock_feed_rows (code_key, location)`.execute(trx);
    await sql`create index on stock_feed_refused (code_key, location)`.execute(trx);
  }
}

/** Drops a paced feed's tables (before it starts, should a feed have stopped half way, and when it ends). */
export async function dropStagingTables(db: Db): Promise<void> {
  await sql`drop table if exists stock_feed_rows, stock_feed_refused, stock_feed_changes, stock_feed_clear`.execute(db);
}

/** Rows waiting to be staged, with their codes' keys. */
class Waiting {
  rows: CheckedRow[] = [];
  keys: string[] = [];

  push(row: CheckedRow, key: string): void {
    this.rows.push(row);
    this.keys.push(key);
  }

  take(): { rows: CheckedRow[]; keys: string[] } {
    const taken = { rows: this.rows, keys: this.keys };
    this.rows = [];
    this.keys = [];
    return taken;
  }
}

export class FeedStaging {
  /** Good rows staged, and refused rows staged (as read: before the checks against the catalogue). */
  good = 0;
  refused = 0;
  private readonly batch = new Waiting();
  private readonly refusedBatch = new Waiting();
  /** The code-locations named so far, and those named again. */
  private readonly seen = new SeenSet();
  private readonly again = new Map<string, NamedAgain>();
  /** The staging statement running, if any. */
  private running: Promise<void> | undefined;

  private readonly batchSize: number;

  /** `paced`: feedApplyPaced.ts's staging, each batch checked against the catalogue and the stock as it goes. */
  constructor(
    private readonly trx: Db,
    private readonly paced = false,
  ) {
    this.batchSize = paced ? BATCH.paced : BATCH.postgres;
  }

  /** Takes a row; staged by the next `flush` once a batch is full. */
  add(row: CheckedRow): void {
    const codeKey = codeKeyOf(row.code);
    if (codeKey !== '' && !NAMES_NOTHING.has(row.reason)) {
      if (this.seen.seenBefore(codeKey, row.location))
        this.again.set(`${codeKey}\u0000${row.location}`, { codeKey, location: row.location });
    }
    (row.reason === null ? this.batch : this.refusedBatch).push(row, codeKey);
  }

  /**
   * Stages the full batches (called between the reader's batches: a row at a time would be a promise a row). One
   * statement is left running while the next rows are read and checked (on PostgreSQL the server stages a batch
   * while this process reads the next); the one before is awaited first, so one runs at a time.
   */
  async flush(): Promise<void> {
    if (this.batch.rows.length < this.batchSize && this.refusedBatch.rows.length < this.batchSize) return;
    await this.running;
    const good = this.batch.rows.length >= this.batchSize;
    this.running = good ? this.flushGood() : this.flushRefused();
    // its failure is met by the next await of it (here or in finish); not an unhandled rejection meanwhile
    this.running.catch(() => undefined);
  }

  /** Waits for the statement running, whatever its outcome (before the transaction rolls back). */
  async settle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Stages what is left; answers the code-locations that may be named more than once. */
  async finish(): Promise<NamedAgain[]> {
    await this.running;
    await this.flushGood();
    await this.flushRefused();
    return [...this.again.values()];
  }

  /**
   * One statement: each column a text, its values joined, split again in SQL (string_to_array): a driver's array of a
   * million strings, each quoted and escaped, cost more than the rows' staging itself. The codes' keys (letters and
   * digits), locations, numbers and dates hold no comma; a code is joined by a control character, and a batch with
   * a code holding one goes as arrays. The keys are made here as the variants' are in SQL (codeKeyOf: a variant's
   * code is ASCII, so both agree on every key that can match one).
   */
  private async flushGood(): Promise<void> {
    const { rows, keys } = this.batch.take();
    if (rows.length === 0) return;
    this.good += rows.length;
    const codes = rows.map((row) => row.code);
    const joined = (values: readonly (string | number | null)[]) => values.map((value) => value ?? '').join(',');
    const codeList = codes.some((code) => code.includes(CODE_SEPARATOR))
      ? sql`${codes}::text[]`
      : sql`string_to_array(${codes.join(CODE_SEPARATOR)}, ${CODE_SEPARATOR})`;
    const batch = sql`unnest(string_to_array(${joined(rows.map((row) => row.line))}, ',')::int[], ${codeList}, string_to_array(${keys.join(',')}, ','),
        string_to_array(${joined(rows.map((row) => row.location))}, ','), string_to_array(${joined(rows.map((row) => row.onHand))}, ',')::int[],
        string_to_array(${joined(rows.map((row) => row.incoming))}, ',')::int[], string_to_array(${joined(rows.map((row) => row.incomingDate))}, ',', '')::date[],
        string_to_array(${joined(rows.map((row) => row.leadTimeDays))}, ',', '')::int[])`;
    if (!this.paced) {
      await sql`insert into stock_feed_rows (line, code, code_key, location, on_hand, incoming, incoming_date, lead_time_days) select * from ${batch}`.execute(
        this.trx,
      );
      return;
    }
    // the batch's rows whose code no variant has are refused here (unknown-code), and those that differ from the
    // stored stock noted with the catalogue's spelling: per batch, a few thousand index lookups, where one join of
    // every row would hold the server's thread (and the database) for seconds
    const { rows: counted } = await sql<{ known: number }>`
      with batch as materialized (
        select * from ${batch} as t(line, code, code_key, location, on_hand, incoming, incoming_date, lead_time_days)
      ), known as materialized (
        select b.*, v.code as catalogue_code from batch as b join catalogue_product_variants as v on v.code_key = b.code_key
      ), staged as (
        insert into stock_feed_rows (line, code, code_key, location, on_hand, incoming, incoming_date, lead_time_days)
        select line, code, code_key, location, on_hand, incoming, incoming_date, lead_time_days from known
      ), unknown as (
        insert into stock_feed_refused (line, code, code_key, location, reason, message)
        select line, code, code_key, location, 'unknown-code', 'No variant of the catalogue has this code' from batch as b
        where not exists (select from known as k where k.line = b.line)
      ), changes as (
        insert into stock_feed_changes (code_key, location, code, on_hand, incoming, incoming_date, lead_time_days, stored)
        select k.code_key, k.location, k.catalogue_code, k.on_hand, k.incoming, k.incoming_date, k.lead_time_days, s.code_key is not null
        from known as k left join stock_levels as s on s.code_key = k.code_key and s.location = k.location
        where s.code_key is null
          or (s.code, s.on_hand, s.incoming, s.incoming_date, s.lead_time_days) is distinct from (k.catalogue_code, k.on_hand, k.incoming, k.incoming_date, k.lead_time_days)
      )
      select count(*)::int as known from known`.execute(this.trx);
    this.good -= rows.length - Number(counted[0]?.known ?? 0);
  }

  private async flushRefused(): Promise<void> {
    const { rows, keys } = this.refusedBatch.take();
    if (rows.length === 0) return;
    this.refused += rows.length;
    await sql`
      insert into stock_feed_refused (line, code, code_key, location, reason, message)
      select * from unnest(${rows.map((row) => row.line)}::int[], ${rows.map((row) => row.code)}::text[], ${keys}::text[],
        ${rows.map((row) => row.location)}::text[], ${rows.map((row) => row.reason)}::text[], ${rows.map((row) => row.message)}::text[])`.execute(
      this.trx,
    );
  }
}
