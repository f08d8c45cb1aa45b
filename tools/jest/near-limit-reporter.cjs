// Lists, after a run, every test that took more than half of the default 15 s limit (tools/jest/setup-dom.ts): on a
// machine twice as slow it would fail, unless the test set a longer limit of its own.
const HALF_OF_LIMIT_MS = 7_500;

class NearLimitReporter {
  constructor() {
    this.nearLimit = [];
  }

  onTestResult(test, testResult) {
    for (const result of testResult.testResults) {
      if ((result.duration ?? 0) > HALF_OF_LIMIT_MS) {
        this.nearLimit.push({
          file: test.path.replace(`${process.cwd()}/`, ''),
          title: result.fullName,
          seconds: result.duration / 1000,
        });
      }
    }
  }

  onRunComplete() {
    if (this.nearLimit.length === 0) return;
    console.log(
      `\n${this.nearLimit.length} test(s) took more than ${HALF_OF_LIMIT_MS / 1000} s (half of the default limit):`,
    );
    for (const { file, title, seconds } of this.nearLimit.sort((a, b) => b.seconds - a.seconds)) {
      console.log(`  ${seconds.toFixed(1)} s  ${file} › ${title}`);
    }
  }
}

module.exports = NearLimitReporter;
