// Where a run's seconds per test file are kept (written by the server tests' and Playwright's file-times reporters),
// and the slowest files read back: `npm test` names them when a run goes over its budget (docs/testing.md).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One folder per checkout, outside git; each run starts it empty. */
export const testTimesDir = path.join(repoRoot, 'node_modules', '.cache', 'test-times');
export const serverTimesFile = path.join(testTimesDir, 'server.jsonl');
export const playwrightTimesFile = path.join(testTimesDir, 'playwright.json');

export function clearTestTimes() {
  rmSync(testTimesDir, { recursive: true, force: true });
  mkdirSync(testTimesDir, { recursive: true });
}

/** The server tests' seconds per file: the top-level tests' durations added up (one JSON line per top-level test). */
function serverSeconds() {
  if (!existsSync(serverTimesFile)) return new Map();
  const seconds = new Map();
  for (const line of readFileSync(serverTimesFile, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const { file, ms } = JSON.parse(line);
    const name = path.relative(path.join(repoRoot, 'server'), file);
    seconds.set(name, (seconds.get(name) ?? 0) + ms / 1000);
  }
  return seconds;
}

/** Playwright's seconds per spec file (every try of every test in it, added up). */
function playwrightSeconds() {
  if (!existsSync(playwrightTimesFile)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(playwrightTimesFile, 'utf8'))));
}

const slowest = (seconds, count) =>
  [...seconds.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file, total]) => `${file} ${(total / 60).toFixed(1)} min`);

/** The `count` slowest spec files and server test files of the last run, as "file N.N min". */
export function slowestTestFiles(count) {
  return { playwright: slowest(playwrightSeconds(), count), server: slowest(serverSeconds(), count) };
}
