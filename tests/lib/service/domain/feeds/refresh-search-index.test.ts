import { describe, expect, it } from 'vitest';
import { refreshFeeds, type RefreshOutcome } from '@/lib/service/domain/feeds/refresh-feed';
import { rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

/** Segments of the full-text index now: one row per leaf page in items_fts_idx, named by its segment. */
const segments = () => harness().service.db.prepare('SELECT COUNT(DISTINCT segid) FROM items_fts_idx').pluck().get() as number;

describe('the search index behind a refresh', () => {
  it('gets a batch of refreshed feeds as one segment, every item searchable once its feed is stored', async () => {
    const { user, key } = await harness().createUser({ plan: 'pro' });
    const db = harness().service.db;
    // No merging, so the segments written are the segments counted.
    db.exec("INSERT INTO items_fts (items_fts, rank) VALUES ('automerge', 0); INSERT INTO items_fts (items_fts, rank) VALUES ('crisismerge', 1000)");
    const feedIds: string[] = [];
    for (const name of ['alpha', 'beta', 'gamma', 'delta']) {
      let items = [{ guid: `${name}-old`, title: `Earlier ${name} report`, date: new Date(Date.now() - 9 * 3_600_000) }];
      site.route(`/search-${name}.xml`, (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss(`Search ${name}`, items));
      });
      const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}/search-${name}.xml` } });
      expect(answer.status).toBe(201);
      feedIds.push(db.prepare('SELECT feed_id FROM subscriptions WHERE id = ? AND user_id = ?').pluck().get(answer.body.subscription_id, user.id) as string);
      const fresh = Array.from({ length: 5 }, (_, i) => ({ guid: `${name}-${i}`, title: `Zorblat ${name} report ${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000) }));
      items = [...fresh, ...items];
    }
    const before = segments();
    const batches: RefreshOutcome[][] = [];
    const searchable: number[] = [];
    await refreshFeeds(harness().service, feedIds, 4, undefined, (outcomes) => {
      batches.push(outcomes);
      searchable.push(db.prepare("SELECT COUNT(*) FROM items_fts WHERE items_fts MATCH 'zorblat'").pluck().get() as number);
    });
    expect(batches.flat().map((outcome) => outcome.added)).toEqual([5, 5, 5, 5]);
    // Each batch is found as soon as it is written, and wrote one segment, not one per item.
    expect(searchable).toEqual(batches.map((_, i) => batches.slice(0, i + 1).flat().length * 5));
    expect(segments() - before).toBe(batches.length);
    const found = await harness().call('GET', '/v1/items?q=zorblat', { key });
    expect(found.body.pagination.total).toBe(20);
  });
});
