/*
 * Google Reader clients (and the third-party contract suite) put a feed's stream id in the path of
 * stream/contents encoding each segment but leaving its slashes plain: `feed/http%3A//host/feed.xml`.
 * Next answers a path with `//` by redirecting to it with the slashes merged (under `next dev`; the production
 * server hands the path on as sent), so the service is then asked for `feed/http%3A/host/feed.xml`: it must still
 * list that feed's items, in JSON and in Atom.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, FeedServer, rss } from '../feed-server';
import { startHarness, type Harness } from '../harness';

let h: Harness;
let site: FeedServer;
let auth: string;
let url: string;

const get = async (path: string) => {
  const response = await fetch(`${h.baseUrl}/greader${path}`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  const alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  auth = `alice@example.com/${alice.key}`;
  url = site.route('/feed.xml', document(rss('Path feed', [1, 2, 3].map((n) => ({ guid: `path-${n}`, title: `Path item ${n}`, date: new Date(Date.now() - n * 3_600_000) })))));
  const subscribed = await fetch(`${h.baseUrl}/greader/reader/api/0/subscription/edit`, {
    method: 'POST', headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ac: 'subscribe', s: `feed/${url}` }).toString(),
  });
  expect(await subscribed.text()).toBe('OK');
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

/** The stream id's path form as the suite's client writes it: each segment encoded, slashes plain. */
const bySegment = (streamId: string) => streamId.split('/').map(encodeURIComponent).join('/');

describe('a feed stream id in the path of stream/contents', () => {
  it('lists the feed with its slashes plain, encoded, and merged as Next redirects them', async () => {
    const streamId = `feed/${url}`;
    const merged = bySegment(streamId).replace('%3A//', '%3A/');
    for (const path of [bySegment(streamId), encodeURIComponent(streamId), merged]) {
      const answer = await get(`/reader/api/0/stream/contents/${path}?n=2`);
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text) as { id: string; items: { title: string }[]; continuation?: string };
      expect(body.id).toBe(streamId);
      expect(body.items.map((item) => item.title)).toEqual(['Path item 1', 'Path item 2']);
      expect(body.continuation).toBeTruthy();
    }
  });

  it('lists it in the Atom form too when Next merged the slashes', async () => {
    const merged = bySegment(`feed/${url}`).replace('%3A//', '%3A/');
    const answer = await get(`/reader/atom/${merged}?n=3`);
    expect(answer.status).toBe(200);
    expect(answer.text.match(/<entry/g)).toHaveLength(3);
  });
});
