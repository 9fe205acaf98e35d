import type { Reporter, TestCase } from 'vitest/node';

/*
 * Under CI the end-to-end tests get one retry (vitest.e2e.config.mts): a race in a test or in the
 * app, met once in a run of twenty minutes, should not throw away the run, but it must not pass
 * unseen either. This reporter names every test that passed only on its retry, with what its
 * first attempt failed on, as lines starting with `[retried]`; run-shards.ts repeats them after
 * its summary, where a CI log's tail shows them.
 */

/** The marker of a retried test's lines, which run-shards.ts collects. */
export const RETRIED_MARK = '[retried]';

function firstLine(message: string | undefined): string {
  return (message ?? 'no message').split('\n', 1)[0]!.slice(0, 300);
}

/** Prints each test that passed only on a retry, and its first attempt's error. */
export default class RetryReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.diagnostic()?.flaky) return;
    const errors = testCase.result().errors ?? [];
    this.retried.push(`${RETRIED_MARK} ${testCase.module.moduleId.replace(/^.*\/tests\//, 'tests/')} > ${testCase.fullName}: first failed with ${firstLine(errors[0]?.message)}`);
  }

  onTestRunEnd(): void {
    if (!this.retried.length) return;
    console.log(`\n${RETRIED_MARK} ${this.retried.length} test${this.retried.length === 1 ? '' : 's'} passed only on a retry:`);
    for (const line of this.retried) console.log(line);
  }
}
