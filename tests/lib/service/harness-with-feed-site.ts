import { afterAll, beforeAll } from 'vitest';
import { FeedServer } from './feed-server';
import { startHarness, type Harness } from './harness';

/**
 * The hooks of a test file (or describe block) whose service fetches feeds: a service harness
 * allowed to reach this machine and the feed site it fetches from, up for the tests and stopped
 * after them. `harness()` answers the harness once the tests run.
 */
export function harnessWithFeedSite(): { harness: () => Harness; site: FeedServer } {
  let harness: Harness | undefined;
  const site = new FeedServer();
  let siteStarted = false;
  beforeAll(async () => {
    harness = await startHarness({ allowPrivateUrls: true });
    await site.start();
    siteStarted = true;
  });
  afterAll(async () => {
    if (siteStarted) await site.stop();
    await harness?.stop();
  });
  return { harness: () => harness!, site };
}
