// The stock tests' set-up: the seeded catalogue on a fresh database, and the ERP's figures fed to it as the stock
// feed's CLI applies a delta (stock/index.ts applyStockFeed), so each test reads stock as a buyer's request would.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedCatalogue } from '../catalogue/seed.js';
import type { Database } from '../platform/db/index.js';
import { applyStockFeed } from '../stock/index.js';
import type { DatabaseTarget, TestDatabase } from './databases.js';

/** Feed rows as a delta file ({code, location, onHand, incoming?, incomingDate?, leadTimeDays?}); it must apply. */
export async function feedStock(db: Database, rows: object[]): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stock-feed-'));
  try {
    const file = path.join(dir, 'feed.json');
    await writeFile(file, JSON.stringify(rows));
    const report = await applyStockFeed(db, file, {
      kind: 'delta',
      format: 'json',
      strict: true,
      source: 'cli',
      actor: 'test',
      tokenId: null,
    });
    assert.equal(report.outcome, 'applied', JSON.stringify(report));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A fresh database of `target` with the seeded catalogue and these stock rows fed. */
export async function stockedCatalogue(target: DatabaseTarget, rows: object[]): Promise<TestDatabase> {
  const database = await target.fresh();
  await seedCatalogue(database.db);
  await feedStock(database.db, rows);
  return database;
}
