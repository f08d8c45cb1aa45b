// Runs every src/**/*.test.ts with node:test, each file in a process of its own, two files at a time, from one esbuild
// bundle of them all made first (bundle-tests.mjs says why; SERVER_TESTS_THROUGH_TSX=1 runs the sources through tsx).
// (Node 20's `node --test` does not expand glob patterns itself, and sh has no recursive **.)
// Extra arguments are passed on, e.g. `npm test -w server -- --test-name-pattern=healthz`.
//
// Two at a time because one file rarely keeps CI's two cores busy (it waits on PostgreSQL, child processes, timers):
// the whole suite took 14.8 min at 2 against 23.5 min at 1, on a 2-core machine with other work beside it. Files side
// by side share nothing that could make one fail the other: each test's database is its own (a copy of a template, or
// a schema, whose NOTIFY channels are named after it), Redis keys and connection names are the test's own, every server listens on port 0,
// files go to temp folders of their own.
// SERVER_TEST_CONCURRENCY sets another number (1: one file at a time, to tell a collision from a plain failure).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleTests } from './bundle-tests.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const concurrency = process.env.SERVER_TEST_CONCURRENCY?.trim() || '2';
if (!/^[1-9]\d*$/.test(concurrency)) {
  console.error(`SERVER_TEST_CONCURRENCY must be a whole number of 1 or more (got "${concurrency}")`);
  process.exit(2);
}

const srcDir = path.join(serverDir, 'src');
const sources = findTests(srcDir).sort();
const throughTsx = process.env.SERVER_TESTS_THROUGH_TSX === '1';
const { dependencies = {}, devDependencies = {} } = JSON.parse(
  readFileSync(path.join(serverDir, 'package.json'), 'utf8'),
);
const started = performance.now();
const files = throughTsx
  ? sources
  : await bundleTests({
      serverDir,
      srcDir,
      outDir: path.join(serverDir, '.test-bundle'),
      files: sources,
      external: Object.keys({ ...dependencies, ...devDependencies }).filter((name) => !name.startsWith('@site/')),
    });
if (!throughTsx)
  console.log(`# bundled ${files.length} test files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// The usual report on standard output (spec on a terminal, TAP otherwise: `npm test` reads its counts), and each file's
// seconds to a file of the run's test times (scripts/lib/test-times.mjs).
const timesDir = path.join(serverDir, '..', 'node_modules', '.cache', 'test-times');
mkdirSync(timesDir, { recursive: true });
const reporters = [
  `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
  '--test-reporter-destination=stdout',
  `--test-reporter=${path.join(serverDir, 'scripts', 'file-times-reporter.mjs')}`,
  `--test-reporter-destination=${path.join(timesDir, 'server.jsonl')}`,
];
const result = spawnSync(
  process.execPath,
  [
    ...(throughTsx ? ['--import', 'tsx'] : ['--enable-source-maps']),
    '--test',
    `--test-concurrency=${concurrency}`,
    ...reporters,
    ...process.argv.slice(2),
    ...files,
  ],
  { cwd: serverDir, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
