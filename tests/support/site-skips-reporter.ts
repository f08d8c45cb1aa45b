// Against a deployed site (site mode only): after the run, the specs skipped because they need the suite's own
// servers (`@local`) or data the site's catalogue does not have (`@data`), each file once with its reason, so QA sees
// what the run did not cover and why.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SiteSkipsReporter implements Reporter {
  /** File → reason → number of tests skipped for it. */
  private readonly skipped = new Map<string, Map<string, number>>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason = test.annotations.find(
      (annotation) =>
        annotation.type === 'skip' &&
        (annotation.description?.startsWith('@local') === true || annotation.description?.startsWith('@data') === true),
    )?.description;
    if (reason === undefined) return;
    const file = test.location.file.split('/specs/').pop() ?? test.location.file;
    const reasons = this.skipped.get(file) ?? new Map<string, number>();
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    this.skipped.set(file, reasons);
  }

  onEnd(): void {
    if (this.skipped.size === 0) return;
    console.log('\nSkipped against the deployed site:');
    for (const [file, reasons] of [...this.skipped].sort(([a], [b]) => a.localeCompare(b))) {
      for (const [reason, count] of reasons) console.log(`  ${file} (${count}): ${reason}`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
