// A process killed with SIGKILL in the middle of an import's writes (its job 'writing'), on PostgreSQL: nothing of the
// import is in the catalogue afterwards (its transaction died with it), its job is still 'running' with a stopped
// heartbeat, and another process takes the job up from its held file once the heartbeat is past the lease (here made
// old at once, rather than waiting the 30 s): the import is done once, on its second attempt, every product written.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../app.js';
import { writeCsv } from '../../../platform/spreadsheet/csv.js';
import { onPostgres } from '../../../test-support/databases.js';
import { createFixture } from '../../../test-support/fixture.js';
import { jobEnded } from '../../../test-support/importJobs.js';
import { addStaffAccount, signInStaff } from '../../../test-support/staffSignIn.js';
import { seedCatalogue } from '../../seed.js';
import { CATALOGUE_COLUMNS } from '../../file/columns.js';
import { generateCatalogueRows } from '../../file/generate.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test-support/importJobChild.ts');
/** New products in the file, 3 sizes each: an import whose writes take a few seconds. */
const PRODUCTS = 1_500;

test('a process killed mid-import leaves nothing half-applied, and another takes the job up and does it once', {
  timeout: 240_000,
}, async (t) => {
  await onPostgres(t, async (target) => {
    const database = await target.fresh({ openedByPath: true });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'import-crash-'));
    t.after(async () => {
      await database.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    });
    const { db } = database;
    await seedCatalogue(db);
    await addStaffAccount(db, 'crash@crescent.example', 'catalogue');
    await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
    const rows = generateCatalogueRows(PRODUCTS, { seed: 5, categoryIds: ['cables', 'wires'], variants: 3 });
    const file = path.join(dataDir, 'crash.csv');
    await writeFile(
      file,
      writeCsv(
        CATALOGUE_COLUMNS,
        rows.map(({ row }) => CATALOGUE_COLUMNS.map((c) => row[c] ?? '')),
      ),
    );
    const ids = [...new Set(rows.map(({ row }) => row.id))];
    const imported = async () =>
      Number(
        (
          await db.query<{ n: string }>('select count(*)::text as n from catalogue_products where id = any($1)', [ids])
        )[0]!.n,
      );
    const version = async () =>
      Number((await db.query<{ version: string }>('select version from catalogue_state'))[0]!.version);
    const before = await version();

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        ...database.env,
        DATA_DIR: dataDir,
        IMPORT_FILE: file,
        IMPORT_EMAIL: 'crash@crescent.example',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit');
    t.after(() => child.kill('SIGKILL'));
    let output = '';
    const id = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no job in 90 s:\n${output}`)), 90_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /^job ([a-f0-9-]{36})$/m.exec(output);
        if (found !== null) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`the child exited (${code}):\n${output}`)));
    });
    // killed as soon as its import's transaction holds the catalogue's lock (the phase is written as it takes it):
    // from there on, up to its commit, it checks and writes inside that one transaction
    const phase = async () =>
      (
        await db.query<{ phase: string; state: string }>(
          'select phase, state from catalogue_import_jobs where id = $1',
          [id],
        )
      )[0]!;
    const deadline = Date.now() + 150_000;
    while ((await phase()).phase !== 'writing') {
      assert.ok(Date.now() < deadline, `the job never wrote: ${JSON.stringify(await phase())}\n${output}`);
      await sleep(10);
    }
    child.kill('SIGKILL');
    await exited;
    assert.equal(await imported(), 0, 'nothing of the import is in the catalogue');
    assert.equal(await version(), before);
    assert.deepEqual(await phase(), { phase: 'writing', state: 'running' }, 'the job is left running, its runner dead');

    // another process: past the lease (made so at once), it takes the job up from the held file
    await db.query(`update catalogue_import_jobs set heartbeat_at = now() - interval '1 hour' where id = $1`, [id]);
    const fixture = await createFixture({ env: { DATA_DIR: dataDir, SUBMIT_RATE_LIMIT_MAX: '0' } });
    const app = await buildApp(fixture.config, await database.openAnother());
    t.after(async () => {
      await app.close();
      await fixture.cleanup();
    });
    await app.ready();
    const job = await jobEnded(app, await signInStaff(app, 'layla@crescent.example'), id, 180_000);
    assert.equal(job.state, 'done', job.failure ?? '');
    assert.deepEqual([job.attempts, job.report?.added, job.report?.written], [2, PRODUCTS, true]);
    assert.equal(await imported(), PRODUCTS);
    assert.equal(await version(), before + 1, 'written once');
  });
});
