import { test, expect } from '../support/fixtures';
import { HOME_JS_GUARD, visitorDownloads } from '../support/visitor-downloads';

// What /home downloads, guarded: a size, not a timing, so it holds on any machine. The measure is the benchmark's own
// (`npm run bench:size`): every script and manifest the page fetched in Chromium, the chat included, each body gzip -9.
// The guard is today's size with @module-federation/enhanced plus ~1 % (support/visitor-downloads.ts): a change that
// makes every visitor download more fails here. The ratio to a build without federation is the benchmark's.
test('/home downloads at most 176 KB of JS (gzip): federation runtime, remote entries and the chat included', async ({ baseURL }) => {
  test.setTimeout(90_000);
  const home = await visitorDownloads(baseURL!, '/home');
  expect(home.heading).toBe('Electrical Products & Industrial Solutions');
  // The page really was federated: the shell plus the company and chat remotes' entries and chunks.
  expect(home.byKind.get('remote entry / manifest') ?? 0).toBeGreaterThan(0);
  expect(home.byKind.get('remote chunk') ?? 0).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'result', description: `/home JS ${(home.gzip / 1024).toFixed(1)} KB gzip in ${home.files} files` });
  expect(home.gzip).toBeLessThanOrEqual(HOME_JS_GUARD);
});
