// Lists, after a run, every test that took more than half of its time limit: on a machine twice as slow it would
// fail. The list is how the suite stays well inside its limits (docs/testing.md).
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

type NearLimit = { title: string; seconds: number; limitSeconds: number };

const seconds = (milliseconds: number) => Math.round(milliseconds / 100) / 10;

export default class NearLimitReporter implements Reporter {
  private readonly nearLimit: NearLimit[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // test.timeout already counts test.slow() and test.setTimeout(); 0 means no limit
    if (test.timeout > 0 && result.duration > test.timeout / 2) {
      this.nearLimit.push({
        title: `${test.location.file.split('/specs/').pop() ?? test.location.file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`,
        seconds: seconds(result.duration),
        limitSeconds: seconds(test.timeout),
      });
    }
  }

  onEnd(_result: FullResult): void {
    if (this.nearLimit.length === 0) {
      console.log('\nNo test took more than half of its time limit.');
      return;
    }
    console.log(`\n${this.nearLimit.length} test(s) took more than half of their time limit:`);
    for (const { title, seconds: taken, limitSeconds } of this.nearLimit.sort(
      (a, b) => b.seconds / b.limitSeconds - a.seconds / a.limitSeconds,
    )) {
      console.log(`  ${taken} s of ${limitSeconds} s  ${title}`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
