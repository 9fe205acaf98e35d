/*
 * Chapters of episodes through the real service: a podcast feed served on 127.0.0.1 with
 * Podlove simple chapters inline and a podcast:chapters JSON file, subscribed to through
 * /v1/subscriptions, then read with GET /v1/items/{id}/chapters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaptersMaxBytes } from '@/lib/service/domain/items/chapters';
import { document, FeedServer } from '../../feed-server';
import { episode, startHarness, type Harness } from '../../harness';

let h: Harness;
let site: FeedServer;
beforeAll(async () => {
  h = await startHarness({ allowPrivateUrls: true });
  site = await new FeedServer().start();
});
afterAll(async () => {
  await h.stop();
  await site.stop();
});

function podcast(items: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:psc="http://podlove.org/simple-chapters"
  xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Chaptered</title><link>https://example.org/</link>
<description>A show with chapters</description>${items}</channel></rss>`;
}

function item(guid: string, extra: string): string {
  return `<item><guid>${guid}</guid><title>${guid}</title><pubDate>${new Date().toUTCString()}</pubDate>
    <enclosure url="https://cdn.example.org/${guid}.mp3" type="audio/mpeg" length="1000"/><itunes:duration>3600</itunes:duration>${extra}</item>`;
}

async function chaptersOfFeed(path: string, body: string) {
  const { appToken } = await h.createUser({ plan: 'pro' });
  site.route(path, document(body));
  const subscribed = await h.call('POST', '/v1/subscriptions', { key: appToken, body: { url: `${site.baseUrl}${path}` } });
  expect(subscribed.status).toBe(201);
  const list = await h.call('GET', '/v1/items', { key: appToken, query: { item_type: 'episode' } });
  const [first] = list.body.data as { id: string }[];
  return h.call('GET', `/v1/items/${first.id}/chapters`, { key: appToken });
}

describe('GET /v1/items/{item_id}/chapters', () => {
  it('gives the Podlove simple chapters of the feed, stored at ingest, in order', async () => {
    const answer = await chaptersOfFeed('/psc.xml', podcast(item('psc-1', `<psc:chapters version="1.2">
      <psc:chapter start="00:00:00.000" title="Welcome"/>
      <psc:chapter start="00:12:30.500" title="The interview" href="https://example.org/guest"/>
      <psc:chapter start="5:00" title="News" image="https://example.org/news.png"/>
    </psc:chapters>`)));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { start_seconds: 0, title: 'Welcome', url: null, image_url: null },
      { start_seconds: 300, title: 'News', url: null, image_url: 'https://example.org/news.png' },
      { start_seconds: 750, title: 'The interview', url: 'https://example.org/guest', image_url: null },
    ]);
  });

  it('fetches a podcast:chapters file when asked, once, leaving out entries kept out of the table of contents', async () => {
    site.route('/chapters.json', document(JSON.stringify({ version: '1.2.0', chapters: [
      { startTime: 0, title: 'Cold open' },
      { startTime: 95.5, title: 'Main topic', url: 'https://example.org/topic', img: 'https://example.org/topic.jpg' },
      { startTime: 100, title: 'Hidden marker', toc: false },
    ] }), 'application/json+chapters'));
    const answer = await chaptersOfFeed('/json-chapters.xml', podcast(item('json-1',
      `<podcast:chapters url="${site.baseUrl}/chapters.json" type="application/json+chapters"/>`)));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { start_seconds: 0, title: 'Cold open', url: null, image_url: null },
      { start_seconds: 95.5, title: 'Main topic', url: 'https://example.org/topic', image_url: 'https://example.org/topic.jpg' },
    ]);
    expect(site.hits.get('/chapters.json')).toBe(1);
  });

  it('gives no chapters for a file past the size cap or not JSON, and the episode still answers', async () => {
    site.route('/huge.json', document(JSON.stringify({ chapters: [{ startTime: 0, title: 'x'.repeat(chaptersMaxBytes) }] }), 'application/json'));
    const huge = await chaptersOfFeed('/huge.xml', podcast(item('huge-1', `<podcast:chapters url="${site.baseUrl}/huge.json" type="application/json+chapters"/>`)));
    expect(huge.status).toBe(200);
    expect(huge.body.data).toEqual([]);
    site.route('/html.json', document('<html>not chapters</html>', 'text/html'));
    const html = await chaptersOfFeed('/html.xml', podcast(item('html-1', `<podcast:chapters url="${site.baseUrl}/html.json" type="application/json+chapters"/>`)));
    expect(html.body.data).toEqual([]);
  });

  it('answers 404 for an item the person does not have', async () => {
    const { appToken } = await h.createUser();
    const other = await h.createUser();
    const [id] = (await h.seedSubscription(other.user, [episode({ platform_metadata: { chapters: [{ start: 0, title: 'Mine' }] } })])).itemIds;
    expect((await h.call('GET', `/v1/items/${id}/chapters`, { key: appToken })).status).toBe(404);
    expect((await h.call('GET', `/v1/items/${id}/chapters`, { key: other.appToken })).body.data).toEqual([{ start_seconds: 0, title: 'Mine', url: null, image_url: null }]);
  });
});

describe('chapters files at private addresses', () => {
  it('are never fetched when private addresses are refused', async () => {
    const guarded = await startHarness();
    try {
      site.route('/private.json', document(JSON.stringify({ chapters: [{ startTime: 0, title: 'Secret' }] }), 'application/json'));
      const { user, appToken } = await guarded.createUser();
      const [id] = (await guarded.seedSubscription(user, [episode({ platform_metadata: { chapters_url: `${site.baseUrl}/private.json` } })])).itemIds;
      const answer = await guarded.call('GET', `/v1/items/${id}/chapters`, { key: appToken });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([]);
      expect(site.hits.get('/private.json')).toBeUndefined();
    } finally {
      await guarded.stop();
    }
  });
});
