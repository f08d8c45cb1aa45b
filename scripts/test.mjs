// `npm test`: every test of the project, on a fresh clone too: installs what is missing, type-checks,
// lints, builds the site, then runs the unit/component tests (jest), the server tests (node:test, embedded
// database and PostgreSQL when reachable) and the Playwright suites in Debian's Chromium.
import { existsSync } from 'node:fs';
import { build, ensureInstalled, repoRoot } from './lib/ensure-ready.mjs';
import { npmCommand, run } from './lib/run.mjs';
import { flakyNames } from './lib/playwright-summary.mjs';
import { clearTestTimes, slowestTestFiles } from './lib/test-times.mjs';
import { measureCpuBusy } from './lib/cpu-busy.mjs';

/** Above this many minutes a run warns and names its slowest files (not a failure: a slow machine must still land). */
const BUDGET_MINUTES = 30;

// Debian's headless shell when installed, else its full browser (tests/support/chromium.ts)
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));
if (chromium === undefined || !existsSync(chromium)) {
  console.error(
    `Chromium is missing${chromium === undefined ? '' : ` at ${chromium}`}; the browser tests need it.\n` +
      "Install Debian's build:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell chromium\n" +
      '(or point CHROMIUM_PATH at another Chromium). Playwright never downloads a browser here.',
  );
  process.exit(1);
}

await ensureInstalled();

/** Test counts read from each runner's closing lines. */
const totals = { passed: 0, failed: 0, skipped: 0 };
const count = (output, pattern) => Number(pattern.exec(output)?.[1] ?? 0);
/** Tests that failed and then passed on their retry: Playwright's summary lists them under "N flaky". */
const flakyTests = [];

const steps = [
  { name: 'types', command: npmCommand, args: ['run', 'typecheck'] },
  {
    name: 'unit and component tests (jest)',
    // ESLint and jest's one worker each keep one core busy: side by side they fill a 2-core machine (lint prints
    // when it ends; docs/decisions/033 has the minutes)
    beside: {
      name: 'lint (ESLint, zero warnings; tests of its boundary rules)',
      command: npmCommand,
      args: ['run', 'lint'],
    },
    command: npmCommand,
    args: ['run', 'test:unit', '--', '--ci'],
    read: (out) => ({
      passed: count(out, /^Tests:.*?(\d+) passed/m),
      failed: count(out, /^Tests:.*?(\d+) failed/m),
      skipped: count(out, /^Tests:.*?(\d+) skipped/m),
    }),
  },
  // before the server tests: a few render the built site's pages (a registered remote build's server rendering)
  {
    name: 'build',
    run: () =>
      process.env.SKIP_BUILD === '1'
        ? Promise.resolve({ code: 0, output: '' })
        : build().then(
            () => ({ code: 0, output: '' }),
            () => ({ code: 1, output: '' }),
          ),
  },
  {
    name: 'server tests (node:test)',
    command: npmCommand,
    args: ['run', 'test:server'],
    read: (out) => ({
      passed: count(out, /^# pass (\d+)/m),
      failed: count(out, /^# fail (\d+)/m),
      skipped: count(out, /^# skipped (\d+)/m),
    }),
  },
  {
    name: 'browser tests (Playwright)',
    command: npmCommand,
    args: ['run', 'test:e2e'],
    read: (out) => ({
      passed: count(out, /^\s*(\d+) passed/m),
      failed: count(out, /^\s*(\d+) failed/m),
      skipped: count(out, /^\s*(\d+) skipped/m),
      flaky: flakyNames(out),
    }),
  },
];

clearTestTimes();
const runStarted = performance.now();
const failedSteps = [];
/** Minutes each step took and how busy the cores were meanwhile, printed at the end: which parts dominate the run (docs/testing.md). */
const stepMinutes = [];
/** Runs one step, its output printed as it comes, or held back and printed at its end (`besideOf`: the step it runs beside). */
async function runStep(step, { besideOf } = {}) {
  const held = besideOf !== undefined;
  const started = performance.now();
  const cpuBusy = measureCpuBusy();
  const result = step.run
    ? await step.run()
    : await run(step.command, step.args, { cwd: repoRoot, capture: held || Boolean(step.read), echo: !held });
  const beside = held ? ` (beside the ${besideOf})` : '';
  stepMinutes.push(
    `${step.name}${beside}: ${((performance.now() - started) / 60_000).toFixed(1)} min (cores ${cpuBusy()}% busy)`,
  );
  if (held) console.log(`\n=== ${step.name}${beside} ===\n${result.output}`);
  if (result.code !== 0) failedSteps.push(step.name);
  return result;
}

for (const step of steps) {
  console.log(`\n=== ${step.name}${step.beside ? ` (and beside it: ${step.beside.name})` : ''} ===`);
  const beside = step.beside ? runStep(step.beside, { besideOf: step.name }) : undefined;
  const { output } = await runStep(step);
  await beside;
  if (step.read) {
    const counts = step.read(output);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    flakyTests.push(...(counts.flaky ?? []));
  }
}

console.log(`\n${stepMinutes.join('\n')}`);
const totalMinutes = (performance.now() - runStarted) / 60_000;
console.log(`total: ${totalMinutes.toFixed(1)} min`);
if (totalMinutes > BUDGET_MINUTES) {
  const slowest = slowestTestFiles(5);
  console.log(
    `Warning: the run took ${totalMinutes.toFixed(1)} min, over its ${BUDGET_MINUTES}-minute budget (docs/testing.md says how to find what grew).\n` +
      `  slowest spec files: ${slowest.playwright.join('; ') || 'none recorded'}\n` +
      `  slowest server test files: ${slowest.server.join('; ') || 'none recorded'}`,
  );
}
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join('; ')}`);
// a pass on the retry hides a bug or a race in the test: named here, to be fixed at its cause (docs/testing.md)
if (flakyTests.length > 0)
  console.log(`Flaky (failed, then passed on the retry): ${flakyTests.length}\n  ${flakyTests.join('\n  ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
