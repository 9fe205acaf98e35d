import { describe, expect, it } from 'vitest';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

describe('ids of stored items', () => {
  it('sort in the order the items were stored, across feeds and refreshes, so each insert appends to the indexes keyed by item id', async () => {
    const { key } = await harness().createUser({ plan: 'pro' });
    const db = harness().service.db;
    const feeds: { id: string; items: { guid: string; title: string; date: Date }[] }[] = [];
    for (const name of ['north', 'south', 'east']) {
      const feed = { id: '', items: [{ guid: `${name}-0`, title: `${name} 0`, date: new Date(Date.now() - 10 * 3_600_000) }] };
      site.route(`/ids-${name}.xml`, (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss(`Ids ${name}`, feed.items));
      });
      const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}/ids-${name}.xml` } });
      expect(answer.status).toBe(201);
      feed.id = db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(answer.body.subscription_id) as string;
      feeds.push(feed);
    }
    for (const feed of feeds) {
      feed.items = [...Array.from({ length: 8 }, (_, i) => ({ guid: `${feed.id}-${i + 1}`, title: `Item ${i + 1}`, date: new Date(Date.now() - (i + 1) * 60_000) })), ...feed.items];
    }
    const outcomes = await refreshFeeds(harness().service, feeds.map((feed) => feed.id), 3);
    expect(outcomes.map((outcome) => outcome.added)).toEqual([8, 8, 8]);
    const ids = db.prepare('SELECT id FROM items ORDER BY rowid').pluck().all() as string[];
    expect(ids).toHaveLength(27);
    expect([...ids].sort()).toEqual(ids);
  });
});
