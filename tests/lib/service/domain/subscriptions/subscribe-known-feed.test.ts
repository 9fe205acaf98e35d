/*
 * A new subscription to a feed the install already stores starts from what the feed lists now,
 * not from every item ever stored for it: a feed nobody follows is fetched first (as a new feed
 * is), one others follow and fetched within its interval is not, and an OPML import starts from
 * what the latest fetch listed.
 */
import { describe, expect, it } from 'vitest';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { subscribe } from '@/lib/service/domain/subscriptions/subscribe';
import { document, rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

/** The feed at `path` now lists `count` items named after `run`, an hour apart. */
function serve(path: string, run: string, count: number): string {
  return site.route(path, document(rss(`Feed ${run}`, Array.from({ length: count }, (_, i) => ({
    guid: `${run}-${i}`, title: `${run} ${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000),
  })))));
}

const named = (run: string, count: number) => Array.from({ length: count }, (_, i) => `${run} ${i}`).sort();

async function titlesOf(key: string, subscriptionId: string): Promise<string[]> {
  const items = await harness().call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId, limit: 100 } });
  return items.body.data.map((item: { title: string }) => item.title).sort();
}

async function unreadOf(key: string, subscriptionId: string): Promise<number> {
  const list = await harness().call('GET', '/v1/subscriptions', { key });
  return list.body.data.find((s: { id: string }) => s.id === subscriptionId).unread_count;
}

describe('subscribing to a feed the install already stores', () => {
  it('subscribes, 13 items, unsubscribes, 8 items, subscribes again: exactly the 8 listed now, 8 unread', async () => {
    const { key } = await harness().createUser({ plan: 'pro' });
    const url = serve('/again.xml', 'first', 13);
    const first = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(first.status).toBe(201);
    await refreshFeeds(harness().service, [harness().service.db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(url) as string]);
    expect(await titlesOf(key, first.body.subscription_id)).toEqual(named('first', 13));
    expect((await harness().call('DELETE', `/v1/subscriptions/${first.body.subscription_id}`, { key })).status).toBe(200);

    serve('/again.xml', 'second', 8);
    const again = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(again.status).toBe(201);
    expect(await titlesOf(key, again.body.subscription_id)).toEqual(named('second', 8));
    expect(await unreadOf(key, again.body.subscription_id)).toBe(8);
  });

  it('gives a newcomer to a feed others follow what its latest fetch listed, without fetching it again', async () => {
    const alice = await harness().createUser({ plan: 'pro' });
    const url = serve('/followed.xml', 'old', 5);
    expect((await harness().call('POST', '/v1/subscriptions', { key: alice.key, body: { url } })).status).toBe(201);
    serve('/followed.xml', 'new', 3);
    await refreshFeeds(harness().service, [harness().service.db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(url) as string]);
    const fetched = site.hits.get('/followed.xml');

    const bob = await harness().createUser({ plan: 'pro' });
    const answer = await harness().call('POST', '/v1/subscriptions', { key: bob.key, body: { url } });
    expect(answer.status).toBe(201);
    expect(site.hits.get('/followed.xml')).toBe(fetched);
    expect(await titlesOf(bob.key, answer.body.subscription_id)).toEqual(named('new', 3));
  });

  it('imports a feed from OPML with what its latest fetch listed, not its whole history', async () => {
    const alice = await harness().createUser({ plan: 'pro' });
    const url = serve('/imported.xml', 'gone', 4);
    expect((await harness().call('POST', '/v1/subscriptions', { key: alice.key, body: { url } })).status).toBe(201);
    serve('/imported.xml', 'listed', 2);
    await refreshFeeds(harness().service, [harness().service.db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(url) as string]);

    const carol = await harness().createUser({ plan: 'pro' });
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline type="rss" text="Imported" xmlUrl="${url}"/></body></opml>`;
    const imported = await harness().call('POST', '/v1/opml/import', { key: carol.appToken, body: { opml } });
    expect(imported.body.imported).toBe(1);
    const list = await harness().call('GET', '/v1/subscriptions', { key: carol.key });
    expect(await titlesOf(carol.key, list.body.data[0].id)).toEqual(named('listed', 2));
  });

  it('subscribes to nothing (503) when the caller stops waiting for the fetch of a stale stored feed', async () => {
    const { user, key } = await harness().createUser({ plan: 'pro' });
    const url = serve('/slow.xml', 'slow', 2);
    const first = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect((await harness().call('DELETE', `/v1/subscriptions/${first.body.subscription_id}`, { key })).status).toBe(200);
    const later = rss('Feed slow', []);
    site.route('/slow.xml', (_request, response) => { setTimeout(() => response.end(later), 1500); });

    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const started = Date.now();
    await expect(subscribe(harness().service, user, { url }, { signal: stop.signal })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await harness().call('GET', '/v1/subscriptions', { key })).body.data).toEqual([]);
  });
});
