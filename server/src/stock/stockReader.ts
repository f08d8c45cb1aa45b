// What other features read the stock through: availability for a list of codes, kept per stock version (a small
// cache of recent lists), so that a feed applied by any process is seen here as soon as its announcement arrives (a
// NOTIFY on commit: well within 2 s), and the catalogue's caches are left alone.
import type { VariantAvailability } from '@site/contracts/stock-api';
import { VersionedMemo } from '../catalogue/index.js';
import type { Database } from '../platform/db/index.js';
import { watchStockVersion, type StockVersionWatch } from './state.js';
import { readAvailability } from './stockStore.js';

/** How many lists of codes are kept for the current version. */
const LISTS_KEPT = 500;

export class StockReader {
  private watch: StockVersionWatch | undefined;
  private readonly memo: VersionedMemo<VariantAvailability[]>;

  constructor(private readonly db: Database) {
    // not listening (yet, or the database was down at start): nothing is kept, every read asks the database
    this.memo = new VersionedMemo(() => this.watch?.current() ?? -1, LISTS_KEPT);
  }

  /** Starts following the stock's version; until it does (or when it cannot), every read asks the database. */
  async start(): Promise<void> {
    this.watch ??= await watchStockVersion(this.db, () => undefined);
  }

  async stop(): Promise<void> {
    const watch = this.watch;
    this.watch = undefined;
    await watch?.stop();
  }

  /** The stock version this process has heard of; -1 before it listens. */
  version(): number {
    return this.watch?.current() ?? -1;
  }

  /** The availability of each code, in the order asked (readAvailability). */
  availability(codes: readonly string[]): Promise<VariantAvailability[]> {
    return this.memo.get(JSON.stringify(codes), () => readAvailability(this.db.kysely, codes));
  }
}
