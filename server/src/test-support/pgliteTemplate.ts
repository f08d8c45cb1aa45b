// A fresh embedded database costs an initdb in WebAssembly and every migration: 4–8 s on a quiet 2-core machine, over
// 30 s on a loaded one, and the server tests make dozens. The first test process that needs one makes a migrated
// database once, closes it cleanly and keeps it; every fresh embedded database of the tests starts from it, the
// database a fresh start would make. Kept in the system's temp folder under a name made of what decides its content
// (the migrations, PGlite's version), so a changed migration makes a new one.
//
// Most tests' databases live in memory, loaded from the template's dump (a tar file kept beside it): 0.5 s against
// 1.9 s for a copy of its 1,300 files and an open from disk (quiet 2-core machine, 2026-12-01), and 2–4 s when the
// machine is busy. A database another process must open by its folder (a CLI child, DATA_DIR) is a copy on disk.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import {
  type Database,
  openDatabase,
  PGLITE_EXTENSIONS,
  pgliteClient,
  pgliteDir,
  runMigrations,
  withKysely,
} from '../platform/db/index.js';
import { MIGRATIONS } from '../platform/db/migrations/index.js';

let templateOfThisProcess: Promise<string> | undefined;

/** The folder of PGlite's entry point, where its WebAssembly and file-system bundle are. */
const pgliteDist = (): string => path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

async function pgliteVersion(): Promise<string> {
  // the package's exports leave out package.json: found from its entry point instead
  let dir = pgliteDist();
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
  // 'dump': templates of this form keep their dump beside them
  const hash = createHash('sha256').update(`dump\0${await pgliteVersion()}`);
  for (const migration of MIGRATIONS) hash.update(`\0${migration.version}\0${migration.sql}`);
  const template = path.join(os.tmpdir(), `site-server-tests-pglite-${hash.digest('hex').slice(0, 16)}`);
  if (await exists(dumpOf(template))) return template;
  // made aside and renamed into place: a process that finds the template finds it whole
  const making = await mkdtemp(`${template}-making-`);
  try {
    const db = await openDatabase({ dataDir: making, databaseUrl: undefined });
    await runMigrations(db);
    await db.close();
    // its dump, from which the in-memory databases load
    const pg = await PGlite.create(pgliteDir(making), { extensions: PGLITE_EXTENSIONS });
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    await writeFile(dumpOf(making), Buffer.from(await dump.arrayBuffer()));
    await rename(making, template);
  } catch (error) {
    await rm(making, { recursive: true, force: true });
    // another test process put its own in place first: the same database
    if (await exists(dumpOf(template))) return template;
    throw error;
  }
  return template;
}

const dumpOf = (template: string): string => path.join(template, 'pglite.tar');

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// Node's WebAssembly, which the server's compiler settings (no DOM library) do not declare
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

interface LoadedOnce {
  dump: Blob;
  pgliteWasmModule: WasmModule;
  fsBundle: Blob;
}
let loadedOfThisProcess: Promise<LoadedOnce> | undefined;

/** What every in-memory database of this process starts from: read and compiled once. */
async function loadOnce(): Promise<LoadedOnce> {
  templateOfThisProcess ??= makeTemplate();
  const template = await templateOfThisProcess;
  const [dump, code, fsBundle] = await Promise.all([
    readFile(dumpOf(template)),
    readFile(path.join(pgliteDist(), 'pglite.wasm')),
    readFile(path.join(pgliteDist(), 'pglite.data')),
  ]);
  return {
    dump: new Blob([dump]),
    pgliteWasmModule: await wasm.compile(code),
    fsBundle: new Blob([fsBundle]),
  };
}

/** A migrated, empty embedded database in memory (gone when closed): the run's template, loaded from its dump. */
export async function migratedDatabaseInMemory(): Promise<Database> {
  loadedOfThisProcess ??= loadOnce();
  const { dump, pgliteWasmModule, fsBundle } = await loadedOfThisProcess;
  const pg = await PGlite.create({
    dataDir: 'memory://',
    loadDataDir: dump,
    extensions: PGLITE_EXTENSIONS,
    pgliteWasmModule,
    fsBundle,
  });
  return withKysely(pgliteClient(pg, 'memory://'));
}

/** Puts a migrated, empty embedded database in `dataDir` (which has none yet), as a copy of the run's template. */
export async function placeMigratedDatabase(dataDir: string): Promise<void> {
  templateOfThisProcess ??= makeTemplate();
  const template = await templateOfThisProcess;
  await cp(pgliteDir(template), pgliteDir(dataDir), { recursive: true });
}
