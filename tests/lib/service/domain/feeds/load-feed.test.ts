import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedNotFound, loadFeed } from '@/lib/service/domain/feeds/load-feed';
import { wellKnownFeedPaths } from '@/lib/service/ingest/discover';
import { document, FeedServer } from '../../feed-server';

let site: FeedServer;
beforeAll(async () => { site = await new FeedServer().start(); });
afterAll(async () => { await site.stop(); });

describe('loadFeed on a slow site', () => {
  it('stops guessing feed paths at its deadline and answers that the page has no feed', async () => {
    const page = site.route('/slow/blog', document('<!doctype html><html><head><title>Blog</title></head><body>No feed links.</body></html>', 'text/html'));
    // Every usual feed path answers nothing: each fetch alone may take 15 s, and there are 14 of them.
    for (const guess of wellKnownFeedPaths(page)) site.route(new URL(guess).pathname, () => {});
    const loading = loadFeed(page, { allowPrivate: true, timeoutMs: 1500 });
    await expect(loading).rejects.toBeInstanceOf(FeedNotFound);
    await expect(loading).rejects.toMatchObject({ reason: 'not_a_feed' });
    expect(site.hits.get('/slow/blog')).toBe(1);
  });
});
