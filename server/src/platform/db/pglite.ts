import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CHANNEL_NAME_SQL } from './channels.js';
import { describeError } from './errors.js';
import type { DatabaseClient, RunResult, Transaction } from './types.js';

/** pg_trgm: the catalogue search's trigram indexes (migration 009), as on PostgreSQL. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Folders opened by this process: a second PGlite on the same folder would corrupt it. */
const openInThisProcess = new Set<string>();

/**
 * The embedded database: PGlite with its files in `dir` (created if missing; survives restarts).
 * One process at a time: a lock file next to the folder stops a second server from opening it.
 */
export async function openPglite(dir: string): Promise<DatabaseClient> {
  const folder = path.resolve(dir);
  await mkdir(folder, { recursive: true });
  const lockPath = `${folder}.lock`;
  await acquireLock(folder, lockPath);

  let pg: PGlite;
  try {
    pg = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    await releaseLock(folder, lockPath);
    throw new Error(`Cannot open the embedded database in ${folder}: ${describeError(error)}`, { cause: error });
  }

  return pgliteClient(pg, folder, () => releaseLock(folder, lockPath));
}

/**
 * The embedded database's client over an open PGlite instance at `location` (a folder, or `memory://` for the tests'
 * databases loaded from a dump: test-support/pgliteTemplate.ts). `afterClose` runs once the instance is closed.
 */
export function pgliteClient(pg: PGlite, location: string, afterClose?: () => Promise<void>): DatabaseClient {
  let closed = false;
  return {
    kind: 'embedded',
    location,
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await pg.query<T>(sql, [...params]);
      return result.rows;
    },
    async run<T>(sql: string, params: readonly unknown[] = []): Promise<RunResult<T>> {
      const result = await pg.query<T>(sql, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
            const result = await tx.query<R>(sql, [...params]);
            return result.rows;
          },
          async run<R>(sql: string, params: readonly unknown[] = []): Promise<RunResult<R>> {
            const result = await tx.query<R>(sql, [...params]);
            return { rows: result.rows, affectedRows: result.affectedRows };
          },
          async exec(sql: string): Promise<void> {
            await tx.exec(sql);
          },
        }),
      );
    },
    async listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>> {
      // one process holds the embedded database, so its own NOTIFYs are all there is to hear; nothing reconnects.
      // The channel is named as notifyChannel names it (db/channels.ts), quoted as PGlite passes it to LISTEN as is.
      const name = (await pg.query<{ name: string }>(CHANNEL_NAME_SQL, [channel])).rows[0]?.name ?? channel;
      const stop = await pg.listen(`"${name.replace(/"/g, '""')}"`, (payload) => onNotify(payload));
      return async () => {
        if (!closed) await stop();
      };
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        await afterClose?.();
      }
    },
  };
}

async function acquireLock(folder: string, lockPath: string): Promise<void> {
  if (openInThisProcess.has(folder)) {
    throw new Error(`The embedded database in ${folder} is already open in this process: close it first`);
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: 'wx' });
      openInThisProcess.add(folder);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
    // Our own pid with the folder not in openInThisProcess is a stale lock left by an earlier process
    // that had the same pid (a container restarted: the server is pid 1 again).
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${folder} is in use by another process (pid ${pid}): stop that server, ` +
          `or set DATA_DIR to another folder. If no such process is running, delete ${lockPath}`,
      );
    }
    await unlink(lockPath).catch(() => undefined); // stale: its process is gone
  }
  throw new Error(`Cannot lock the embedded database in ${folder}: ${lockPath} keeps reappearing`);
}

async function releaseLock(folder: string, lockPath: string): Promise<void> {
  openInThisProcess.delete(folder);
  await unlink(lockPath).catch(() => undefined);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
