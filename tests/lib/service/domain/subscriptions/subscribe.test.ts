import { describe, expect, it } from 'vitest';
import { document, rss } from '../../feed-server';
import { startHarness } from '../../harness';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const day = 86_400_000;
const { harness, site } = harnessWithFeedSite();

const recent = (n: number) => Array.from({ length: n }, (_, i) => ({ guid: `post-${i}`, title: `Post ${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000) }));

describe('POST /v1/subscriptions', () => {
  it('fetches an unknown feed inline, then answers already_subscribed for the same URL', async () => {
    const { key } = await harness().createUser();
    const url = site.route('/blog.xml', document(rss('Quiet Blog', recent(3))));
    const first = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ status: 'subscribed', subscription_id: expect.any(String), title: 'Quiet Blog' });
    const again = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'already_subscribed', subscription_id: first.body.subscription_id, title: 'Quiet Blog' });
    const items = await harness().call('GET', '/v1/items', { key, query: { subscription_ids: first.body.subscription_id } });
    expect(items.body.data.map((item: { title: string }) => item.title)).toEqual(['Post 0', 'Post 1', 'Post 2']);
  });

  it('subscribes to a feed another user already follows without fetching it again', async () => {
    const url = site.route('/shared.xml', document(rss('Shared Feed', recent(2))));
    const alice = await harness().createUser();
    expect((await harness().call('POST', '/v1/subscriptions', { key: alice.key, body: { url } })).status).toBe(201);
    const fetched = site.hits.get('/shared.xml');
    const bob = await harness().createUser();
    const answer = await harness().call('POST', '/v1/subscriptions', { key: bob.key, body: { url } });
    expect(answer.status).toBe(201);
    expect(site.hits.get('/shared.xml')).toBe(fetched);
    const items = await harness().call('GET', '/v1/items', { key: bob.key });
    expect(items.body.pagination.total).toBe(2);
  });

  it('finds the feed a web page links to', async () => {
    const feedUrl = site.route('/linked/feed.xml', document(rss('Linked Feed', recent(1))));
    const page = site.route('/linked/', document(`<!doctype html><html><head><title>Home</title>
      <link rel="alternate" type="application/rss+xml" title="RSS" href="/linked/feed.xml"></head><body>Hi</body></html>`, 'text/html'));
    const { key } = await harness().createUser();
    const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: page } });
    expect(answer.status).toBe(201);
    expect(answer.body.title).toBe('Linked Feed');
    const detail = await harness().call('GET', `/v1/subscriptions/${answer.body.subscription_id}`, { key });
    expect(detail.body.canonical_url).toBe(feedUrl);
  });

  it('recognises a podcast and gives its episodes audio and durations', async () => {
    const url = site.route('/show.xml', document(rss('Night Show', [
      { guid: 'ep-2', title: 'Two', date: new Date(Date.now() - day), enclosure: { url: 'https://cdn.example.org/2.mp3', seconds: 3725 } },
      { guid: 'ep-1', title: 'One', date: new Date(Date.now() - 2 * day), enclosure: { url: 'https://cdn.example.org/1.mp3', seconds: 61 } },
    ], '<itunes:author>Night Crew</itunes:author><itunes:explicit>no</itunes:explicit>')));
    const { key } = await harness().createUser();
    const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    const detail = await harness().call('GET', `/v1/subscriptions/${answer.body.subscription_id}`, { key });
    expect(detail.body).toMatchObject({ source_type: 'podcast', artist: 'Night Crew', episode_count: 2, playback_speed: 1 });
    const items = await harness().call('GET', '/v1/items', { key, query: { item_type: 'episode' } });
    expect(items.body.data.map((item: { audio_url: string; duration_seconds: number }) => [item.audio_url, item.duration_seconds]))
      .toEqual([['https://cdn.example.org/2.mp3', 3725], ['https://cdn.example.org/1.mp3', 61]]);
  });

  it('answers 400 for a URL that is not http(s), a folder that is not the user\'s, and a page without feeds', async () => {
    const { key } = await harness().createUser();
    for (const url of ['ftp://example.org/feed', 'javascript:alert(1)', 'not a url at all']) {
      const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
      expect(answer.status, url).toBe(400);
      expect(answer.body.message).toMatch(/http/);
    }
    const url = site.route('/ok.xml', document(rss('Fine', recent(1))));
    const folder = await harness().call('POST', '/v1/subscriptions', { key, body: { url, folder_id: '00000000-0000-4000-8000-000000000000' } });
    expect(folder.status).toBe(400);
    expect(folder.body.message).toMatch(/folder/);
    const page = site.route('/plain.html', document('<!doctype html><title>No feed</title><p>Nothing here</p>', 'text/html'));
    const noFeed = await harness().call('POST', '/v1/subscriptions', { key, body: { url: page } });
    expect(noFeed.status).toBe(400);
    expect(noFeed.body.message).toMatch(/parseable feed/);
    const subscriptions = await harness().call('GET', '/v1/subscriptions', { key, query: { all: 'true' } });
    expect(subscriptions.body.data).toEqual([]);
  });

  it('answers 400 for malformed XML with only a recovered title, and stores no feed or subscription', async () => {
    const { key } = await harness().createUser();
    const url = site.route('/mangled.xml', document('<?xml version="1.0"?><rss version="2.0"><channel><title>Mangled</title><item><title>Cut'));
    const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The URL does not host a parseable feed: The document is not well-formed XML and no feed items could be read from it.');
    expect(harness().service.db.prepare('SELECT COUNT(*) FROM feeds WHERE url = ?').pluck().get(url)).toBe(0);
    const list = await harness().call('GET', '/v1/subscriptions', { key, query: { all: 'true' } });
    expect(list.body.data).toEqual([]);
  });

  it('answers 503 when the URL cannot be fetched', async () => {
    const { key } = await harness().createUser();
    site.route('/broken', (_request, response) => { response.writeHead(500); response.end(); });
    const failing = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}/broken` } });
    expect(failing.status).toBe(503);
    const refused = await harness().call('POST', '/v1/subscriptions', { key, body: { url: 'http://127.0.0.1:9/feed.xml' } });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/could not be fetched/);
  });

  it('answers 400 naming the url field when the address is private or local, and subscribes to nothing', async () => {
    const guarded = await startHarness({ allowPrivateUrls: false });
    try {
      const { key } = await guarded.createUser();
      const url = site.route('/private.xml', document(rss('Private', recent(1))));
      for (const address of [url, url.replace('127.0.0.1', 'localhost')]) {
        const answer = await guarded.call('POST', '/v1/subscriptions', { key, body: { url: address } });
        expect(answer.status, address).toBe(400);
        // Refusals about one field begin with its name; "no feed here" (capitalised prose) names none.
        expect(answer.body.message, address).toMatch(/^url is refused: .*private or local address/);
      }
      expect((await guarded.call('GET', '/v1/subscriptions', { key, query: { all: 'true' } })).body.data).toEqual([]);
    } finally {
      await guarded.stop();
    }
  });

  it('answers 402 once the free plan has 50 subscriptions, and adds nothing', async () => {
    const { user, key } = await harness().createUser({ plan: 'free' });
    for (let i = 0; i < 50; i++) await harness().subscribe(user, await harness().createFeed());
    const url = site.route('/one-too-many.xml', document(rss('One Too Many', recent(1))));
    const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toMatch(/50 subscriptions/);
    expect(site.hits.get('/one-too-many.xml')).toBeUndefined();
  });

  it('hides items older than 90 days from a free subscription and says so', async () => {
    const old = [{ guid: 'old', title: 'Ancient', date: new Date(Date.now() - 200 * day) }, ...recent(1)];
    const url = site.route('/history.xml', document(rss('History', old)));
    const free = await harness().createUser({ plan: 'free' });
    const pro = await harness().createUser({ plan: 'pro' });
    const freeSub = await harness().call('POST', '/v1/subscriptions', { key: free.key, body: { url } });
    await harness().call('POST', '/v1/subscriptions', { key: pro.key, body: { url } });
    const freeItems = await harness().call('GET', '/v1/items', { key: free.key });
    const proItems = await harness().call('GET', '/v1/items', { key: pro.key });
    expect(freeItems.body.data.map((item: { title: string }) => item.title)).toEqual(['Post 0']);
    expect(proItems.body.data.map((item: { title: string }) => item.title)).toEqual(['Post 0', 'Ancient']);
    const list = await harness().call('GET', '/v1/subscriptions', { key: free.key });
    expect(list.body.data.find((s: { id: string }) => s.id === freeSub.body.subscription_id).history_capped).toBe(true);
  });

  it('answers a feed of hundreds of items with all of them listed, and indexes those past the first hundred while answering other requests', async () => {
    const { key } = await harness().createUser({ plan: 'pro' });
    const many = Array.from({ length: 600 }, (_, i) => ({ guid: `bulk-${i}`, title: `Harbour report ${i}`, date: new Date(Date.now() - (i + 1) * 60_000) }));
    const url = site.route('/bulk.xml', document(rss('Bulk', many)));
    const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
    expect(answer.status).toBe(201);
    const { db, intelligence } = harness().service;
    const feedId = db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(url);
    const indexed = () => db.prepare('SELECT COUNT(*) FROM intel_docs WHERE source_id = ?').pluck().get(feedId);
    expect(indexed()).toBeLessThan(600);
    let backlogDone = false;
    const backlog = intelligence.idle().then(() => { backlogDone = true; });
    const during = await harness().call('GET', '/v1/items', { key, query: { subscription_ids: answer.body.subscription_id, limit: 1 } });
    expect(during.body.pagination.total).toBe(600);
    expect(backlogDone).toBe(false);
    await backlog;
    expect(indexed()).toBe(600);
  });

  it('stores a large new feed a slice at a time, so other requests are answered while it is written', async () => {
    const { key } = await harness().createUser({ plan: 'pro' });
    const many = Array.from({ length: 4000 }, (_, i) => ({ guid: `huge-${i}`, title: `Tide table ${i}`, date: new Date(Date.now() - (i + 1) * 60_000) }));
    const url = site.route('/huge.xml', document(rss('Huge', many)));
    const { db } = harness().service;
    const stored = () => db.prepare('SELECT COUNT(*) FROM items i JOIN feeds f ON f.id = i.feed_id WHERE f.url = ?').pluck().get(url) as number;
    let answered = false;
    const subscribing = harness().call('POST', '/v1/subscriptions', { key, body: { url } }).finally(() => { answered = true; });
    // What another request would see on each turn of the event loop until the answer.
    const seen = new Set<number>();
    while (!answered) {
      seen.add(stored());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await subscribing).status).toBe(201);
    expect(stored()).toBe(4000);
    const partly = [...seen].filter((count) => count > 0 && count < 4000);
    expect(partly.length).toBeGreaterThanOrEqual(3);
  });
});
