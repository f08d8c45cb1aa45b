// Catalogue imports as jobs, through the whole app (buildApp, real sessions and CSRF tokens) on both databases: the
// upload answered at once with its queued job, its progress then its report; the same upload sent twice one job (its
// Idempotency-Key, or the same file still running); one import at a time, the second told which runs; a job whose
// process died taken up again from its held file and done once; past its attempts, or its file gone, failed in words;
// a process closing mid-job hands it to the next; and a runner whose job was taken writes nothing.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type {
  ImportBusy,
  ImportJob,
  ImportJobList,
  ProductDiff,
  ProductVersionList,
} from '@site/contracts/staff-catalogue-api';
import { readCsv, writeCsv } from '../../../platform/spreadsheet/csv.js';
import { catalogueEditorApp } from '../../../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../../test-support/databases.js';
import { importJobOf, jobEnded, readImportJob, sendCatalogueFile } from '../../../test-support/importJobs.js';
import { addStaffAccount, onStaffOrigin, signInStaff, type StaffCaller } from '../../../test-support/staffSignIn.js';
import { CATALOGUE_COLUMNS } from '../../file/columns.js';
import { generateCatalogueRows } from '../../file/generate.js';
import { DiskMediaStore } from '../../media/mediaStore.js';
import { NOT_UNDOABLE, shownFileName } from '../importExport.js';
import { FILE_GONE, GIVEN_UP, MAX_ATTEMPTS } from './jobRunner.js';
import { JobLostError } from './jobRows.js';
import { runJob } from './jobWork.js';

/** Products in the test's file, each in 3 sizes: enough rows that a job is seen running for a while. */
const PRODUCTS = 300;
const SIZES = 3;
const GLAND = 'hex_cw_brass_cable_gland';

const fileOf = (seed: number, products = PRODUCTS): Buffer =>
  Buffer.from(
    writeCsv(
      CATALOGUE_COLUMNS,
      generateCatalogueRows(products, { seed, categoryIds: ['cables', 'wires'], variants: SIZES }).map(({ row }) =>
        CATALOGUE_COLUMNS.map((column) => row[column] ?? ''),
      ),
    ),
  );

async function jobList(app: FastifyInstance, who: StaffCaller): Promise<ImportJobList> {
  const res = await app.inject({
    url: STAFF_API.catalogueImportJobs,
    headers: { ...onStaffOrigin(app), cookie: who.cookie },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<ImportJobList>();
}

async function jobsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // another process's app on the same database: it takes up jobs too, and the one a closing process hands over
  const { app, db, fixture, other } = await catalogueEditorApp(t, target, { anotherProcess: true });
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'rashid@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const rashid = await signInStaff(app, 'rashid@crescent.example');
  const store = new DiskMediaStore(path.join(fixture.config.dataDir, 'catalogue-media'));
  const version = async () =>
    Number((await db.query<{ version: string }>('select version from catalogue_state'))[0]!.version);
  const audited = async (action: string) =>
    (await db.query<{ detail: string }>('select detail from staff_audit_log where action = $1', [action])).length;
  const heldFilesGone = async () => {
    for (let tries = 0; (await store.heldNames()).length > 0; tries += 1) {
      assert.ok(tries < 100, `held files left: ${(await store.heldNames()).join(', ')}`);
      await sleep(50);
    }
  };
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(sql, params))[0]!.n);

  await t.test(
    'the upload is answered at once with its job, which shows its progress and then its report',
    async () => {
      const file = fileOf(11);
      const before = await version();
      const sent = await sendCatalogueFile(app, layla, false, 'price-list.csv', file);
      assert.equal(sent.statusCode, 202, sent.body);
      const job = sent.json<ImportJob>();
      assert.deepEqual(
        { ...job, id: '', createdAt: '' },
        {
          id: '',
          kind: 'import',
          state: 'queued',
          phase: 'waiting',
          fileName: 'price-list.csv',
          bytes: file.length,
          by: 'layla@crescent.example',
          createdAt: '',
          startedAt: null,
          finishedAt: null,
          rowsTotal: null,
          rowsChecked: 0,
          rowsWritten: 0,
          attempts: 0,
          report: null,
          failure: null,
          undoOf: null,
          undoneBy: null,
        },
      );
      // followed as the page does: its rows counted while it checks them
      const seen: ImportJob[] = [];
      for (;;) {
        const now = await readImportJob(app, layla, job.id);
        seen.push(now);
        if (now.state !== 'queued' && now.state !== 'running') break;
        await sleep(25);
      }
      const checking = seen.filter((read) => read.phase === 'checking');
      assert.ok(checking.length > 0, `the checks were seen: ${seen.map((read) => read.phase).join(' ')}`);
      assert.ok(checking.every((read) => read.state === 'running' && read.rowsTotal === PRODUCTS * SIZES));
      const done = seen.at(-1)!;
      assert.equal(done.state, 'done', done.failure ?? '');
      assert.deepEqual(
        [done.phase, done.rowsTotal, done.rowsChecked, done.rowsWritten, done.attempts],
        ['finished', PRODUCTS * SIZES, PRODUCTS * SIZES, PRODUCTS * SIZES, 1],
      );
      assert.deepEqual(
        [done.report?.written, done.report?.added, done.report?.rows, done.report?.version],
        [true, PRODUCTS, PRODUCTS * SIZES, before + 1],
      );
      assert.equal(await version(), before + 1);
      // the list: newest first, without reports; nothing running now
      const list = await jobList(app, layla);
      assert.equal(list.running, null);
      assert.deepEqual([list.jobs[0]?.id, list.jobs[0]?.state, list.jobs[0]?.report], [job.id, 'done', null]);
      // the held file goes once the job is over (just after its end is committed)
      await heldFilesGone();
      const unknown = await app.inject({
        url: `${STAFF_API.catalogueImportJobs}/00000000-0000-0000-0000-000000000000`,
        headers: { ...onStaffOrigin(app), cookie: layla.cookie },
      });
      assert.deepEqual([unknown.statusCode, unknown.json()], [404, { error: 'There is no such import job.' }]);
    },
  );

  await t.test(
    'the same upload sent twice is one job: by its Idempotency-Key, or the same file still running',
    async () => {
      const file = fileOf(12);
      const checks = await audited('catalogue.import-check');
      const first = await sendCatalogueFile(app, layla, true, 'check.csv', file, { idempotencyKey: 'check-key-0001' });
      assert.equal(first.statusCode, 202, first.body);
      // the browser's retry: the same key (its body not even read), the same job
      const again = await sendCatalogueFile(app, layla, true, 'check.csv', file, { idempotencyKey: 'check-key-0001' });
      assert.deepEqual([again.statusCode, again.json<ImportJob>().id], [200, first.json<ImportJob>().id]);
      // without a key, the same file of the same kind while its job is not over
      const twin = await sendCatalogueFile(app, layla, true, 'check (1).csv', file);
      assert.deepEqual([twin.statusCode, twin.json<ImportJob>().id], [200, first.json<ImportJob>().id]);
      const ended = await jobEnded(app, layla, first.json<ImportJob>().id);
      assert.equal(ended.state, 'done', ended.failure ?? '');
      assert.equal(ended.report?.written, false);
      // the key of a job that is over is still that job: a late retry does not run it again
      const late = await sendCatalogueFile(app, layla, true, 'check.csv', file, { idempotencyKey: 'check-key-0001' });
      assert.deepEqual([late.statusCode, late.json<ImportJob>().state], [200, 'done']);
      assert.equal(await audited('catalogue.import-check'), checks + 1, 'one dry run ran');
      assert.equal(
        await count("select count(*)::text as n from catalogue_import_jobs where file_name like 'check%'"),
        1,
      );
      // the sender's file name is kept without its path, control or direction characters
      const named = await sendCatalogueFile(app, layla, true, 'C:\\exports\\price\u0007list.csv', fileOf(15, 5));
      assert.equal(named.statusCode, 202, named.body);
      assert.equal(named.json<ImportJob>().fileName, 'pricelist.csv');
      assert.equal(shownFileName('\u202Evsc.exe\u202C.csv'), 'vsc.exe.csv');
      assert.equal(shownFileName('/tmp/\u0000'), 'catalogue file');
      await jobEnded(app, layla, named.json<ImportJob>().id);
      const badKey = await sendCatalogueFile(app, layla, true, 'check.csv', file, { idempotencyKey: 'no spaces!' });
      assert.equal(badKey.statusCode, 400, badKey.body);
      assert.equal(
        badKey.json<{ error: string }>().error,
        'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
      );
    },
  );

  await t.test('one import at a time: a second is told which runs, and is taken once it is over', async () => {
    const first = await sendCatalogueFile(app, layla, false, 'january.csv', fileOf(13));
    assert.equal(first.statusCode, 202, first.body);
    const second = await sendCatalogueFile(app, rashid, false, 'february.csv', fileOf(14));
    assert.equal(second.statusCode, 409, second.body);
    const busy = second.json<ImportBusy>();
    assert.equal(busy.job.id, first.json<ImportJob>().id);
    assert.match(
      busy.error,
      /^Another import is running: "january\.csv", sent by layla@crescent\.example on \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2} \(Dubai time\); (it is waiting to start|its file is being read|[\d,]+ of 900 rows (checked|written))\. Wait for it to finish, then send this file again\.$/,
    );
    assert.equal((await jobList(app, rashid)).running?.id, first.json<ImportJob>().id);
    // a dry run is not an import: it is taken meanwhile
    const check = await sendCatalogueFile(app, rashid, true, 'february.csv', fileOf(14));
    assert.equal(check.statusCode, 202, check.body);
    assert.equal((await jobEnded(app, layla, first.json<ImportJob>().id)).state, 'done');
    assert.equal((await jobEnded(app, rashid, check.json<ImportJob>().id)).state, 'done');
    const later = await sendCatalogueFile(app, rashid, false, 'february.csv', fileOf(14));
    assert.equal(later.statusCode, 202, later.body);
    assert.equal((await jobEnded(app, rashid, later.json<ImportJob>().id)).report?.written, true);
  });

  await t.test('an import is a version of each product it changes, its differences by variant code', async () => {
    const exported = await app.inject({
      url: `${STAFF_API.catalogueExport}?format=csv`,
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    });
    const [header, ...records] = readCsv(exported.body);
    const column = (name: string) => header!.cells.indexOf(name);
    const cells = records.map((record) => [...record.cells]);
    const row = cells.find((candidate) => candidate[column('code')] === 'HEX-CW-25')!;
    const before = row[column('price')]!;
    row[column('price')] = String(Number(before) + 1);
    const job = await importJobOf(app, layla, false, 'gland-prices.csv', Buffer.from(writeCsv(header!.cells, cells)));
    assert.equal(job.state, 'done', job.failure ?? '');
    assert.equal(job.report?.changed, 1);
    const versionsOf = async (id: string) =>
      (
        await app.inject({
          url: staffApiPath(STAFF_API.catalogueVersions, { id }),
          headers: { ...onStaffOrigin(app), cookie: layla.cookie },
        })
      ).json<ProductVersionList>().versions;
    const versions = await versionsOf(GLAND);
    assert.deepEqual(
      versions.map(({ version, publishedBy, action, importedFrom, importJob }) => ({
        version,
        publishedBy,
        action,
        importedFrom,
        importJob,
      })),
      [
        {
          version: versions[0]!.version,
          publishedBy: 'layla@crescent.example',
          action: 'import',
          importedFrom: 'gland-prices.csv',
          importJob: job.id,
        },
        { version: 0, publishedBy: null, action: 'publish', importedFrom: undefined, importJob: undefined },
      ],
    );
    assert.ok(versions[0]!.version >= 1);
    const diff = await app.inject({
      url: `${staffApiPath(STAFF_API.catalogueDiff, { id: GLAND })}?from=0&to=${versions[0]!.version}`,
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    });
    assert.deepEqual(diff.json<ProductDiff>().changes, [
      { field: 'HEX-CW-25: price', before, after: String(Number(before) + 1) },
    ]);
    // a product the file names but leaves as it was has no version of the import
    const untouched = cells.find((candidate) => candidate[column('id')] !== GLAND)![column('id')]!;
    assert.deepEqual(await versionsOf(untouched), []);
  });

  await t.test(
    'an import is undone as one step: checked first, refused in words where a later change touched the same field',
    async () => {
      const exportCells = async () => {
        const exported = await app.inject({
          url: `${STAFF_API.catalogueExport}?format=csv`,
          headers: { ...onStaffOrigin(app), cookie: layla.cookie },
        });
        const [header, ...records] = readCsv(exported.body);
        return { header: header!.cells, cells: records.map((record) => [...record.cells]) };
      };
      const { header, cells } = await exportCells();
      const column = (name: string) => header.indexOf(name);
      const rowOf = (rows: string[][], code: string) => rows.find((candidate) => candidate[column('code')] === code)!;
      const other = cells.find((candidate) => candidate[column('id')] !== GLAND)!;
      const otherId = other[column('id')]!;
      const otherName = other[column('productName')]!;
      const priceBefore = rowOf(cells, 'HEX-CW-25')[column('price')]!;
      const cheaperBefore = rowOf(cells, 'HEX-CW-20')[column('price')]!;
      // the import: a gland size's price, another product's name, and a new product
      rowOf(cells, 'HEX-CW-25')[column('price')] = String(Number(priceBefore) + 2);
      for (const row of cells.filter((candidate) => candidate[column('id')] === otherId))
        row[column('productName')] = `${otherName}, imported`;
      const added = [...rowOf(cells, 'HEX-CW-25')];
      added[column('id')] = 'undo_added_gland';
      added[column('code')] = 'UNDO-ADDED-1';
      const imported = await importJobOf(
        app,
        layla,
        false,
        'undo-me.csv',
        Buffer.from(writeCsv(header, [...cells, added])),
      );
      assert.equal(imported.report?.written, true, imported.failure ?? '');
      // a later import: the same name again (the same field), and another size's price (another field)
      const later = await exportCells();
      for (const row of later.cells.filter((candidate) => candidate[column('id')] === otherId))
        row[column('productName')] = `${otherName}, renamed later`;
      rowOf(later.cells, 'HEX-CW-20')[column('price')] = String(Number(cheaperBefore) + 1);
      const laterJob = await importJobOf(app, rashid, false, 'later.csv', Buffer.from(writeCsv(header, later.cells)));
      assert.equal(laterJob.report?.written, true, laterJob.failure ?? '');

      const undo = async (id: string, dryRun: boolean) => {
        const sent = await app.inject({
          method: 'POST',
          url: `${staffApiPath(STAFF_API.catalogueImportUndo, { id })}${dryRun ? '?dryRun=1' : ''}`,
          headers: { ...onStaffOrigin(app), cookie: layla.cookie, [CSRF_HEADER]: layla.csrf },
        });
        return sent;
      };
      const undoneJob = async (id: string, dryRun: boolean) => {
        const sent = await undo(id, dryRun);
        assert.equal(sent.statusCode, 202, sent.body);
        assert.equal(sent.json<ImportJob>().undoOf, id);
        return jobEnded(app, layla, sent.json<ImportJob>().id);
      };
      const versionBefore = await version();
      // checked: the name is refused (changed again by rashid), the rest would be set back
      const check = await undoneJob(imported.id, true);
      assert.equal(check.kind, 'undo-check');
      assert.deepEqual(
        check.report?.problems.map(({ id, column }) => [id, column]),
        [[otherId, 'productName']],
      );
      assert.match(
        check.report?.problems[0]?.reason ?? '',
        /^productName was changed again after the import by rashid@crescent\.example on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Dubai time\)$/,
      );
      assert.deepEqual(
        check.report?.changes?.map(({ id, change }) => [id, change]),
        [
          [GLAND, `HEX-CW-25: price ${Number(priceBefore) + 2} → ${Number(priceBefore)}`],
          ['undo_added_gland', 'product undo_added_gland: withdrawn (the import added it)'],
        ],
      );
      // done while the conflict stands: nothing changes
      const refused = await undoneJob(imported.id, false);
      assert.deepEqual([refused.state, refused.report?.written, refused.report?.badRows], ['done', false, 1]);
      assert.equal(await version(), versionBefore);
      // the later import undone first (nothing changed it since), then the first: every field back as it was
      const laterUndone = await undoneJob(laterJob.id, false);
      assert.equal(laterUndone.report?.written, true, JSON.stringify(laterUndone));
      const undone = await undoneJob(imported.id, false);
      assert.equal(undone.report?.written, true, JSON.stringify(undone));
      const now = await exportCells();
      assert.equal(rowOf(now.cells, 'HEX-CW-25')[column('price')], String(Number(priceBefore)));
      assert.equal(rowOf(now.cells, 'HEX-CW-20')[column('price')], String(Number(cheaperBefore)));
      assert.ok(
        now.cells
          .filter((row) => row[column('id')] === otherId)
          .every((row) => row[column('productName')] === otherName),
      );
      assert.equal(now.cells.filter((row) => row[column('id')] === 'undo_added_gland').length, 0, 'withdrawn');
      assert.equal(
        (await app.inject({ url: `/api/catalogue/products/undo_added_gland` })).statusCode >= 400,
        true,
        'the added product is gone from the public API',
      );
      // the undo is in the history, and the import says so; undone twice, or a dry run undone, is refused
      const history = await app.inject({
        url: staffApiPath(STAFF_API.catalogueVersions, { id: GLAND }),
        headers: { ...onStaffOrigin(app), cookie: layla.cookie },
      });
      assert.deepEqual(
        [
          history.json<ProductVersionList>().versions[0]?.action,
          history.json<ProductVersionList>().versions[0]?.importedFrom,
        ],
        ['undo-import', 'undo of undo-me.csv'],
      );
      assert.equal((await readImportJob(app, layla, imported.id)).undoneBy, undone.id);
      const again = await undo(imported.id, true);
      assert.deepEqual(
        [again.statusCode, again.json<{ error: string }>().error],
        [409, `This import was undone already (job ${undone.id}).`],
      );
      const ofCheck = await undo(check.id, true);
      assert.deepEqual([ofCheck.statusCode, ofCheck.json<{ error: string }>().error], [409, NOT_UNDOABLE]);
    },
  );

  /** A job as a process left it: its file held, its row as given (a runner that died, say). */
  const leftJob = async (columns: { state: string; runner: string | null; attempts: number; held: boolean }) => {
    const id = crypto.randomUUID();
    const file = fileOf(20 + columns.attempts, 20);
    if (columns.held) {
      const temp = await store.tempFile();
      await writeFile(temp, file);
      await store.hold(temp, id);
    }
    await db.query(
      `insert into catalogue_import_jobs (id, kind, state, phase, file_name, file_bytes, file_sha256, staff_id, staff_email,
         started_at, runner, heartbeat_at, attempts)
       values ($1, 'import', $2, 'checking', 'left.csv', $3, 'x', 1, 'layla@crescent.example', now() - interval '1 hour',
         $4, now() - interval '1 hour', $5)`,
      [id, columns.state, file.length, columns.runner, columns.attempts],
    );
    return id;
  };

  await t.test('a job whose process died is taken up again from its file and done once', async () => {
    const before = await version();
    const imports = await audited('catalogue.import');
    const id = await leftJob({ state: 'running', runner: 'gone:1:dead', attempts: 1, held: true });
    const job = await jobEnded(app, layla, id, 60_000);
    assert.deepEqual([job.state, job.attempts, job.report?.written, job.report?.added], ['done', 2, true, 20]);
    assert.equal(await version(), before + 1, 'written once');
    assert.equal(await audited('catalogue.import'), imports + 1);
  });

  await t.test('past its attempts, or with its file gone, a job is failed in words, nothing imported', async () => {
    const before = await version();
    const tired = await leftJob({ state: 'running', runner: 'gone:1:dead', attempts: MAX_ATTEMPTS, held: true });
    const tiredJob = await jobEnded(app, layla, tired, 60_000);
    assert.deepEqual([tiredJob.state, tiredJob.failure], ['failed', GIVEN_UP]);
    const lost = await leftJob({ state: 'running', runner: 'gone:1:dead', attempts: 1, held: false });
    const lostJob = await jobEnded(app, layla, lost, 60_000);
    assert.deepEqual([lostJob.state, lostJob.failure], ['failed', FILE_GONE]);
    assert.equal(await version(), before);
    await heldFilesGone();
  });

  await t.test('a runner whose job was taken from it writes nothing: its import rolls back', async () => {
    const before = await version();
    const imports = await audited('catalogue.import');
    const id = await leftJob({ state: 'running', runner: 'the-other-one', attempts: 1, held: true });
    // the app's runner would take it up: this one is for the direct call below alone
    await db.query(`update catalogue_import_jobs set heartbeat_at = now() + interval '1 hour' where id = $1`, [id]);
    const [row] = await db.kysely.selectFrom('catalogue_import_jobs').selectAll().where('id', '=', id).execute();
    const progress = { phase: 'reading' as const, rowsTotal: null, rowsChecked: 0, rowsWritten: 0 };
    await assert.rejects(
      runJob(
        { db, audit: async () => undefined },
        row!,
        (await store.heldFile(id))!,
        'a-runner-that-lost-it',
        progress,
        new AbortController().signal,
      ),
      JobLostError,
    );
    assert.equal(await version(), before, 'nothing written');
    assert.equal(await audited('catalogue.import'), imports);
    await db.query(`update catalogue_import_jobs set state = 'failed', runner = null where id = $1`, [id]);
    await store.release(id);
  });

  await t.test('a process closing mid-job hands the job to the next, which does it once', async () => {
    const before = await version();
    const sent = await sendCatalogueFile(app, layla, false, 'handed-over.csv', fileOf(30, 1_000));
    assert.equal(sent.statusCode, 202, sent.body);
    const id = sent.json<ImportJob>().id;
    // closed while it checks its 3,000 rows (seconds), not before it started
    for (;;) {
      const now = await readImportJob(app, layla, id);
      if (now.phase === 'checking') break;
      assert.ok(
        now.state === 'queued' || now.state === 'running',
        `the job ended before it was seen checking: ${now.state}`,
      );
      await sleep(20);
    }
    await app.close();
    const job = await jobEnded(other, await signInStaff(other, 'layla@crescent.example'), id, 60_000);
    assert.equal(job.state, 'done', job.failure ?? '');
    assert.equal(job.attempts, 2);
    assert.equal(await version(), before + 1, 'written once');
  });
}

test('catalogue imports as jobs on embedded PGlite', { timeout: 240_000 }, async (t) => {
  await jobsSuite(t, pgliteTarget);
});

test('catalogue imports as jobs on PostgreSQL', { timeout: 240_000 }, async (t) => {
  await onPostgres(t, (target) => jobsSuite(t, target));
});
