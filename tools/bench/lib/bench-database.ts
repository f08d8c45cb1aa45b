// The database a catalogue benchmark measures on: PostgreSQL when TEST_DATABASE_URL is set (a fresh schema, dropped
// afterwards), else embedded PGlite in a temporary folder (removed afterwards).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freshSchema, openDatabase, type Database } from '@site/server/test-support/server';

/** Runs `measure` on a fresh database, named 'PostgreSQL' or 'PGlite' (`where`), and closes and removes it after. */
export async function withBenchDatabase(
  folderPrefix: string,
  measure: (db: Database, where: 'PostgreSQL' | 'PGlite') => Promise<void>,
): Promise<void> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url) {
    const schema = await freshSchema(url);
    const db = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    try {
      await measure(db, 'PostgreSQL');
    } finally {
      await db.close();
      await schema.drop();
    }
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await measure(db, 'PGlite');
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
