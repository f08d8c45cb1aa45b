import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './support/chromium';
import { canaryPin, deployedSite, qaTokenHeaders } from './support/site-mode';

// Against a deployed site (E2E_SITE_URL, or `--site` through scripts/e2e.mjs) the run also writes an HTML report with
// the failures' traces and screenshots, for QA to read; the default run keeps its two reporters.
const deployed = deployedSite();
const pin = canaryPin(deployed);
const qaHeaders = qaTokenHeaders(deployed);

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // 2 in CI, one a core. 3 were tried (2026-12-01): the same six spec files took 199 s against 231 s at 2 on a quiet
  // machine, but the whole suite was no faster (21.5 min against 21.1 at 2), and on CI's busier machines each run then
  // failed a different pair of tests on their first try by time alone (a server's cold start, a hydration past 15 s).
  // PLAYWRIGHT_WORKERS sets another number.
  workers: process.env.PLAYWRIGHT_WORKERS ? Number(process.env.PLAYWRIGHT_WORKERS) : process.env.CI ? 2 : undefined,
  // In CI a test that fails once and passes on its second try is reported as flaky (and listed), not as a failure:
  // one slow moment of a shared machine must not refuse a submission. Locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['./support/near-limit-reporter.ts'],
    ['./support/file-times-reporter.ts'],
    ...(deployed === undefined
      ? []
      : ([
          ['./support/site-skips-reporter.ts'],
          ['html', { outputFolder: './playwright-report', open: 'never' }],
        ] as const)),
  ],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    // In CI a trace is written for the retry only: recording one for every test costs every test its snapshots,
    // and a failure there is tried again anyway. Locally and against a deployed site, every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // a canary pinned for the run (E2E_CANARY): every page the tests open is on that remote's canary build
    ...(pin === undefined ? {} : { storageState: pin }),
    // a QA token for the run (SITE_QA_TOKEN): the deployed site's per-address limits do not refuse the run's requests
    ...(qaHeaders === undefined ? {} : { extraHTTPHeaders: qaHeaders }),
  },
});
