import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Lists, at the end of the run, every test that failed and then passed on a retry, so a flaky
 * test is seen and fixed at its cause rather than hidden by the retry.
 */
export default class FlakyListReporter implements Reporter {
  private readonly flaky = new Map<string, TestCase>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' && result.retry > 0) this.flaky.set(test.id, test);
  }

  onEnd(_result: FullResult): void {
    if (this.flaky.size === 0) return;
    const lines = [...this.flaky.values()].map(
      (test) =>
        `  - ${test.titlePath().filter(Boolean).join(' › ')} (${test.location.file.split('/e2e/')[1] ?? test.location.file}:${test.location.line})`,
    );
    console.log(`\nPassed only on retry (flaky: fix each at its cause):\n${lines.join('\n')}\n`);
  }
}
