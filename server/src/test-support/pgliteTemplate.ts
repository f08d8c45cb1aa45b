// A fresh embedded database costs an initdb in WebAssembly and every migration: 4–8 s on a quiet 2-core machine, over
// 30 s on a loaded one, and the server tests make dozens. The first test process that needs one makes a migrated
// database once, closes it cleanly and keeps it; every fresh embedded database of the tests starts as a copy of it,
// the database a fresh start would make. Kept in the system's temp folder under a name made of what decides its
// content (the migrations, PGlite's version), so a changed migration makes a new one.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, pgliteDir, runMigrations } from '../platform/db/index.js';
import { MIGRATIONS } from '../platform/db/migrations/index.js';

let templateOfThisProcess: Promise<string> | undefined;

async function pgliteVersion(): Promise<string> {
  // the package's exports leave out package.json: found from its entry point instead
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@electric-sql/pglite') return manifest.version ?? 'unknown';
    } catch {
      // not this folder: one up
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function makeTemplate(): Promise<string> {
  const hash = createHash('sha256').update(await pgliteVersion());
  for (const migration of MIGRATIONS) hash.update(`\0${migration.version}\0${migration.sql}`);
  const template = path.join(os.tmpdir(), `site-server-tests-pglite-${hash.digest('hex').slice(0, 16)}`);
  if (await exists(path.join(template, 'pglite'))) return template;
  // made aside and renamed into place: a process that finds the template finds it whole
  const making = await mkdtemp(`${template}-making-`);
  try {
    const db = await openDatabase({ dataDir: making, databaseUrl: undefined });
    await runMigrations(db);
    await db.close();
    await rename(making, template);
  } catch (error) {
    await rm(making, { recursive: true, force: true });
    // another test process put its own in place first: the same database
    if (await exists(path.join(template, 'pglite'))) return template;
    throw error;
  }
  return template;
}

/** Puts a migrated, empty embedded database in `dataDir` (which has none yet), as a copy of the run's template. */
export async function placeMigratedDatabase(dataDir: string): Promise<void> {
  templateOfThisProcess ??= makeTemplate();
  const template = await templateOfThisProcess;
  await cp(pgliteDir(template), pgliteDir(dataDir), { recursive: true });
}
