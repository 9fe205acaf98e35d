import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitByTime } from './shard-split';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Vitest's sequencer, but `--shard=i/N` takes its share of the files by recorded time (shard-split.ts), not by count. */
class ShardByTimeSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const byPath = new Map(files.map((spec) => [path.relative(root, spec.moduleId), spec]));
    return splitByTime([...byPath.keys()], count)[index - 1]!.map((file) => byPath.get(file)!);
  }
}

// One production server and one Chromium per run: files run one after another
// in a single worker so they never compete for the server. `npm run test:e2e` runs
// concurrent runs of a shard each (run-shards.ts), with a server of their own.
export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { sequencer: ShardByTimeSequencer },
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Under CI a test gets one more try: a race met once in a twenty-minute run does not throw the
    // run away, and retry-reporter.ts names every test that needed it, with its first failure.
    retry: process.env.CI ? 1 : 0,
    // A Playwright wait left pending by a test that failed (or no longer needed it) rejects once its
    // page closes: the failure itself is reported, and this echo of it must not fail a run whose
    // retry passed. Every other error outside a test still fails the run.
    onUnhandledError: (error) => !/Target page, context or browser has been closed/.test(error.message ?? ''),
    reporters: ['default', './tests/e2e/retry-reporter.ts'],
  },
});
