// Writes each spec file's seconds (every try of every test in it, added up) for `npm test` to name the slowest files
// when a run goes over its budget (scripts/lib/test-times.mjs, docs/testing.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const TIMES_FILE = path.resolve(__dirname, '..', '..', 'node_modules', '.cache', 'test-times', 'playwright.json');

export default class FileTimesReporter implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = `specs/${test.location.file.split('/specs/').pop() ?? test.location.file}`;
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd(): void {
    mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
    writeFileSync(TIMES_FILE, JSON.stringify(Object.fromEntries(this.seconds), null, 1));
  }

  printsToStdio(): boolean {
    return false;
  }
}
