/*
 * gpodder API v2 at the server's root, as AntennaPod calls it: its GpodnetService keeps only the
 * scheme, host and port of the server it is given, signs in once with Basic at
 * /api/2/auth/<user>/login.json and then rides the session cookie its cookie jar keeps. Over real
 * HTTP against the real service and a podcast served from 127.0.0.1; effects checked through /v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, FeedServer, rss } from '../feed-server';
import { episode, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let site: FeedServer;
let alice: TestUser;
let show: { feedId: string; subscriptionId: string; itemIds: string[] };
const showUrl = 'https://podcasts.example.com/root-show.xml';
const user = 'alice@example.com';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** AntennaPod's cookie jar: the `sessionid` cookie and the path it was set for. */
let jar: { cookie: string; path: string } | null = null;

/** One call at the root the way AntennaPod makes it: Basic only on login, then the cookie when its path covers the call. */
async function antennaPod(method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': path.includes('/auth/') ? 'plain/text; charset=utf-8' : 'application/json; charset=utf-8' };
  if (path.includes('/auth/')) headers.authorization = `Basic ${Buffer.from(`${user}:${alice.key}`).toString('base64')}`;
  else if (jar && path.startsWith(jar.path)) headers.cookie = jar.cookie;
  const response = await fetch(`${h.baseUrl}${path}`, { method, headers, body: method === 'POST' ? (body === undefined ? '' : JSON.stringify(body)) : undefined });
  const setCookie = response.headers.get('set-cookie');
  if (setCookie) jar = { cookie: setCookie.split(';')[0]!, path: /Path=([^;]+)/.exec(setCookie)![1]! };
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as Json : undefined };
}

const titles = async () => ((await h.call('GET', '/v1/subscriptions', { key: alice.key, query: { all: true } })).body.data as Json[]).map((one) => one.title).sort();

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  alice = await h.createUser({ plan: 'pro', email: user });
  show = await h.seedSubscription(alice.user, [
    episode({ title: 'Root 1', audio_url: 'https://cdn.example.com/root-1.mp3', media_url: 'https://cdn.example.com/root-1.mp3', duration_seconds: 1000 }),
  ], { title: 'The Root Show', url: showUrl, source_type: 'podcast' });
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

describe('gpodder at the server root (AntennaPod)', () => {
  it('signs in at /api/2/auth, then syncs devices, subscriptions and episode actions with the session cookie alone', async () => {
    const signedIn = await antennaPod('POST', `/api/2/auth/${user}/login.json`);
    expect(signedIn.status).toBe(200);
    expect(jar?.path).toBe('/api/2');

    expect((await antennaPod('POST', `/api/2/devices/${user}/antennapod.json`, { caption: 'AntennaPod on Pixel', type: 'mobile' })).status).toBe(200);
    expect((await antennaPod('GET', `/api/2/devices/${user}.json`)).json).toEqual([
      { id: 'antennapod', caption: 'AntennaPod on Pixel', type: 'mobile', subscriptions: 1 },
    ]);

    const first = await antennaPod('GET', `/api/2/subscriptions/${user}/antennapod.json?since=0`);
    expect(first.json).toEqual({ add: [showUrl], remove: [], timestamp: expect.any(Number) });
    const radio = site.route('/root-radio.xml', document(rss('Root Radio', [{ guid: 'rr1', title: 'Radio 1', date: new Date(Date.now() - 3_600_000),
      enclosure: { url: 'https://cdn.example.com/root-radio-1.mp3', seconds: 600 } }])));
    expect((await antennaPod('POST', `/api/2/subscriptions/${user}/antennapod.json`, { add: [radio], remove: [] })).json)
      .toEqual({ timestamp: expect.any(Number), update_urls: [] });
    expect(await titles()).toEqual(['Root Radio', 'The Root Show']);

    const play = { podcast: showUrl, episode: 'https://cdn.example.com/root-1.mp3', device: 'antennapod', action: 'play',
      started: 0, position: 420, total: 1000, timestamp: new Date(Date.now() - 60_000).toISOString().slice(0, 19) };
    expect((await antennaPod('POST', `/api/2/episodes/${user}.json`, [play])).status).toBe(200);
    expect((await h.call('GET', `/v1/items/${show.itemIds[0]}`, { key: alice.key })).body.playback_position).toBe(420);
    const actions = (await antennaPod('GET', `/api/2/episodes/${user}.json?since=0`)).json.actions;
    expect(actions).toEqual(expect.arrayContaining([expect.objectContaining({ episode: 'https://cdn.example.com/root-1.mp3', action: 'play', position: 420 })]));
  });

  it('asks for Basic at the root too, and keeps the /gpodder prefix and its cookie path', async () => {
    const none = await fetch(`${h.baseUrl}/api/2/devices/${user}.json`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const prefixed = await fetch(`${h.baseUrl}/gpodder/api/2/auth/${user}/login.json`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${user}:${alice.key}`).toString('base64')}` },
    });
    expect(prefixed.status).toBe(200);
    expect(prefixed.headers.get('set-cookie')).toMatch(/; Path=\/gpodder;/);
    // The Simple API stays under /gpodder: /subscriptions at the root is the app's own page.
    expect((await fetch(`${h.baseUrl}/subscriptions/${user}.json`)).status).toBe(404);
  });
});
