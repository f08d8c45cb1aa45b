// `npm run bench:catalogue-import`: the site while the staff app checks and imports a catalogue file (the checks once
// ran on the server's thread: a dry run of 1,000 rows held every request 12.7 s). A benchmark, not a test: it prints
// figures and exits 0 whatever they are (non-zero only if it could not run).
//
// The built server (server/dist, as production runs it) on a fresh database holding the site's catalogue and a
// catalogue-role account: embedded PGlite, and PostgreSQL too when reachable (TEST_DATABASE_URL, else the local
// trust-auth server; a fresh schema, dropped afterwards). A file of CATALOGUE_IMPORT_PRODUCTS new products (5,000) in
// CATALOGUE_IMPORT_SIZES sizes each (3: a row per size, 15,000 rows), generated as a distributor's lines are
// (file/generate.ts), as CSV. While it is sent as a dry run, then imported (each a job: the upload answered at once,
// the job followed to its end), /healthz and a product page are asked for every CATALOGUE_IMPORT_EVERY_MS (100) each,
// without waiting for the answers (a visitor does not wait for another's), and timed; the server's resident memory is
// read every 100 ms (its worker thread's heap included: one process). Printed: each phase's time (and the upload's
// answer), p50 / p99 / max of both addresses, and the server's peak RSS, beside the same addresses' figures with
// nothing running. Target: p99 within 200 ms.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, STAFF_API, type StaffSession } from '@site/contracts/staff-api';
import type { ImportJob } from '@site/contracts/staff-catalogue-api';
import { findPostgres, generateCatalogueRows, writeCsv } from '@site/server/test-support';
import {
  addStaffAccount,
  codeAt,
  currentStep,
  freshSchema,
  openDatabase,
  runMigrations,
  STAFF_TEST_PASSWORD,
  STAFF_TEST_TOTP_SECRET,
} from '@site/server/test-support/server';
import { buildIfNeeded } from '../../tests/support/build-if-needed.js';
import { startSite, type RunningSite } from '../../tests/support/site-server.js';
import { positiveNumber } from './lib/env.js';
import { ms, printTable } from './lib/format.js';
import { productPagePath } from './lib/pages.js';
import { percentile } from './lib/timed-calls.js';

const PRODUCTS = Math.round(positiveNumber('CATALOGUE_IMPORT_PRODUCTS', 5_000));
const SIZES = Math.round(positiveNumber('CATALOGUE_IMPORT_SIZES', 3));
const ROWS = PRODUCTS * SIZES;
const EVERY_MS = positiveNumber('CATALOGUE_IMPORT_EVERY_MS', 100);
const IDLE_MS = 3_000;
const TARGET_P99_MS = 200;
const EMAIL = 'layla.catalogue@example.com';

interface Phase {
  label: string;
  took: number;
  healthz: number[];
  page: number[];
  /** Requests that got no 2xx, by what they got (a status, or the error). */
  failures: Map<string, number>;
  peakRss: number;
  note: string;
}

/** The server's resident memory now (Linux), in bytes; 0 where /proc is not there. */
async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Runs `work` while asking for /healthz and the page every EVERY_MS (each request sent on time, whatever the
 * previous ones are doing) and reading the server's memory every 100 ms.
 */
async function during(site: RunningSite, label: string, work: () => Promise<string>): Promise<Phase> {
  const page = productPagePath();
  const healthz: number[] = [];
  const pageTimes: number[] = [];
  const failures = new Map<string, number>();
  const failed = (what: string): void => void failures.set(what, (failures.get(what) ?? 0) + 1);
  const inFlight = new Set<Promise<void>>();
  const ask = (url: string, into: number[]) => {
    const sent = performance.now();
    const request = fetch(`${site.url}${url}`)
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) failed(`${url === '/healthz' ? '/healthz' : 'page'} ${res.status}`);
        into.push(performance.now() - sent);
      })
      .catch((error: unknown) =>
        failed(
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
        ),
      );
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
  const asking = setInterval(() => {
    ask('/healthz', healthz);
    ask(page, pageTimes);
  }, EVERY_MS);
  let peakRss = await rssOf(site.process.pid ?? 0);
  const reading = setInterval(
    () => void rssOf(site.process.pid ?? 0).then((rss) => (peakRss = Math.max(peakRss, rss))),
    100,
  );
  const started = performance.now();
  let note: string;
  try {
    note = await work();
  } finally {
    clearInterval(asking);
    clearInterval(reading);
  }
  const took = performance.now() - started;
  while (inFlight.size > 0) await Promise.all(inFlight);
  return { label, took, healthz, page: pageTimes, failures, peakRss, note };
}

/** Signs the catalogue account in: its password, then its second step (the catalogue role has one). */
async function signIn(site: RunningSite): Promise<{ cookie: string; csrf: string }> {
  const cookieOf = (res: Response) => {
    const cookie = res.headers.getSetCookie().find((header) => /^(__Host-)?staff_session=/.test(header));
    if (cookie === undefined) throw new Error('sign-in: no session cookie');
    return cookie.split(';')[0]!;
  };
  const first = await fetch(`${site.staffUrl}${STAFF_API.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: STAFF_TEST_PASSWORD }),
  });
  if (!first.ok) throw new Error(`sign-in: ${first.status} ${await first.text()}`);
  const second = await fetch(`${site.staffUrl}${STAFF_API.secondFactor}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(first) },
    body: JSON.stringify({ code: codeAt(STAFF_TEST_TOTP_SECRET, currentStep()) }),
  });
  if (!second.ok) throw new Error(`second step: ${second.status} ${await second.text()}`);
  return { cookie: cookieOf(second), csrf: ((await second.json()) as StaffSession).csrfToken };
}

/** PRODUCTS new products in SIZES sizes each (a row per size), as a distributor's lines are: a CSV. */
function newProductsFile(): Buffer {
  const rows = generateCatalogueRows(PRODUCTS, {
    seed: 42,
    categoryIds: ['cables', 'wires', 'industrial_cable_glands', 'wiring_devices'],
    variants: SIZES,
  });
  const header = Object.keys(rows[0]!.row);
  return Buffer.from(
    writeCsv(
      header,
      rows.map(({ row }) => header.map((column) => row[column as keyof typeof row] ?? '')),
    ),
  );
}

/** Sends the file and follows its job to its end, as the page does (a read every second). */
async function sendFile(
  site: RunningSite,
  who: { cookie: string; csrf: string },
  file: Buffer,
  dryRun: boolean,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'catalogue.csv');
  const sent = performance.now();
  const res = await fetch(`${site.staffUrl}${STAFF_API.catalogueImport}${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    headers: { cookie: who.cookie, [CSRF_HEADER]: who.csrf },
    body: form,
  });
  const answered = performance.now() - sent;
  if (res.status !== 202) throw new Error(`import: ${res.status} ${await res.text()}`);
  let job = (await res.json()) as ImportJob;
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const read = await fetch(`${site.staffUrl}${STAFF_API.catalogueImportJobs}/${job.id}`, {
      headers: { cookie: who.cookie },
    });
    if (!read.ok) throw new Error(`import job: ${read.status} ${await read.text()}`);
    job = (await read.json()) as ImportJob;
  }
  const report = job.report;
  if (
    job.state !== 'done' ||
    report === null ||
    report.badRows > 0 ||
    report.rows !== ROWS ||
    report.written === dryRun
  )
    throw new Error(`import: ${JSON.stringify(job).slice(0, 500)}`);
  return `upload answered in ${ms(answered)}; ${report.added.toLocaleString('en')} new${report.written ? ', written' : ''}`;
}

async function benchDatabase(label: string, env: Record<string, string>, dataDir: string): Promise<Phase[]> {
  const site = await startSite({ SUBMIT_RATE_LIMIT_MAX: '0', ...env }, { dataDir });
  try {
    const who = await signIn(site);
    const file = newProductsFile();
    console.log(
      `${label}: ${PRODUCTS.toLocaleString('en')} products × ${SIZES} sizes = ${ROWS.toLocaleString('en')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB of CSV`,
    );
    // the page rendered a few times first: its first renders (modules, caches) are not what is measured
    for (let warm = 0; warm < 20; warm += 1) await (await fetch(`${site.url}${productPagePath()}`)).arrayBuffer();
    const phases = [
      await during(site, 'nothing else', () => new Promise((resolve) => setTimeout(() => resolve(''), IDLE_MS))),
    ];
    phases.push(await during(site, 'dry run', () => sendFile(site, who, file, true)));
    phases.push(await during(site, 'import', () => sendFile(site, who, file, false)));
    return phases.map((phase) => ({ ...phase, label: `${label}: ${phase.label}` }));
  } finally {
    await site.stop();
  }
}

/** A fresh database of the target with a catalogue-role account (the server seeds the catalogue as it starts). */
async function prepared(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await runMigrations(db);
    await addStaffAccount(db, EMAIL, 'catalogue');
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `npm run bench:catalogue-import: ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  if (os.loadavg()[0]! > os.cpus().length)
    console.log('  Note: the machine is busy (load above the core count): timing figures will be noisy.');
  buildIfNeeded();
  const phases: Phase[] = [];

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  try {
    await prepared(undefined, dataDir);
    phases.push(...(await benchDatabase('PGlite', {}, dataDir)));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const postgres = await findPostgres();
  if ('url' in postgres) {
    const schema = await freshSchema(postgres.url);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
    try {
      await prepared(schema.url, folder);
      phases.push(...(await benchDatabase('PostgreSQL', { DATABASE_URL: schema.url }, folder)));
    } finally {
      await schema.drop();
      await rm(folder, { recursive: true, force: true });
    }
  } else console.log(`PostgreSQL skipped: ${postgres.reason}`);

  const figures = (times: number[]) =>
    times.length === 0
      ? ['-', '-', '-']
      : [
          ms(
            percentile(
              [...times].sort((a, b) => a - b),
              50,
            ),
          ),
          ms(
            percentile(
              [...times].sort((a, b) => a - b),
              99,
            ),
          ),
          ms(Math.max(...times)),
        ];
  const p99 = (times: number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      99,
    );
  printTable(
    `The site while a catalogue file of ${ROWS.toLocaleString('en')} rows is checked and imported (asked every ${EVERY_MS} ms each; p50 / p99 / max)`,
    [
      [
        'phase',
        'took',
        'healthz p50',
        'p99',
        'max',
        'page p50',
        'p99',
        'max',
        'failed',
        'server RSS peak',
        `p99 ≤ ${TARGET_P99_MS} ms`,
        'outcome',
      ],
      ...phases.map((phase) => [
        phase.label,
        ms(phase.took),
        ...figures(phase.healthz),
        ...figures(phase.page),
        phase.failures.size === 0 ? '0' : [...phase.failures].map(([what, count]) => `${count} (${what})`).join(', '),
        `${Math.round(phase.peakRss / 1024 / 1024)} MB`,
        p99(phase.healthz) <= TARGET_P99_MS && p99(phase.page) <= TARGET_P99_MS ? 'ok' : 'MISSED',
        phase.note,
      ]),
    ],
    [
      `The page: ${productPagePath()} (server-rendered). On PGlite an import's transaction holds the database's one connection while it writes: every request that reads the database waits for it (docs/staff.md).`,
    ],
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
