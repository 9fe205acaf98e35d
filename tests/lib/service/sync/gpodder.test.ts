/*
 * The gpodder.net API v2 under /gpodder, over real HTTP with Basic credentials and JSON bodies as
 * podcast apps send them, against the real service and a podcast served from 127.0.0.1; the
 * effects are checked through /v1, and /v1's changes through gpodder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, FeedServer, rss } from '../feed-server';
import { episode, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let site: FeedServer;
let alice: TestUser;
let show: { feedId: string; subscriptionId: string; itemIds: string[] };
const showUrl = 'https://podcasts.example.com/show.xml';
const user = 'alice@example.com';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function gpodder(method: 'GET' | 'POST', path: string, body?: unknown, credentials: string | null = `${user}:${alice.key}`) {
  const response = await fetch(`${h.baseUrl}/gpodder/api/2${path}`, {
    method, headers: {
      ...(credentials === null ? {} : { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as Json : undefined };
}

const titles = async () => ((await h.call('GET', '/v1/subscriptions', { key: alice.key, query: { all: true } })).body.data as Json[]).map((one) => one.title).sort();
const v1Item = async (id: string) => (await h.call('GET', `/v1/items/${id}`, { key: alice.key })).body;

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  alice = await h.createUser({ plan: 'pro', email: user });
  show = await h.seedSubscription(alice.user, [
    episode({ title: 'Show 1', audio_url: 'https://cdn.example.com/show-1.mp3', media_url: 'https://cdn.example.com/show-1.mp3', duration_seconds: 1000 }),
    episode({ title: 'Show 2', audio_url: 'https://cdn.example.com/show-2.mp3', media_url: 'https://cdn.example.com/show-2.mp3', duration_seconds: 1000 }),
  ], { title: 'The Show', url: showUrl, source_type: 'podcast' });
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

describe('gpodder sign-in and devices', () => {
  it('asks for Basic credentials, takes the email and an API key, and refuses another user in the path', async () => {
    const none = await gpodder('POST', `/auth/${user}/login.json`, undefined, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await gpodder('POST', `/auth/${user}/login.json`)).status).toBe(200);
    expect((await gpodder('POST', `/auth/${encodeURIComponent(user)}/login.json`)).status).toBe(200);
    expect((await gpodder('POST', `/auth/${user}/login.json`, undefined, `${user}:tid_live_wrongwrongwrongwrongwrong`)).status).toBe(401);
    const bob = await h.createUser({ email: 'bob@example.com' });
    expect((await gpodder('GET', '/devices/bob@example.com.json', undefined, `${user}:${alice.key}`)).status).toBe(401);
    expect((await gpodder('GET', `/devices/${user}.json`, undefined, `bob@example.com:${bob.key}`)).status).toBe(401);
  });

  it('saves devices and lists them', async () => {
    expect((await gpodder('POST', `/devices/${user}/phone.json`, { caption: 'My phone', type: 'mobile' })).status).toBe(200);
    expect((await gpodder('GET', `/devices/${user}.json`)).json).toEqual([{ id: 'phone', caption: 'My phone', type: 'mobile', subscriptions: 1 }]);
    expect((await gpodder('POST', `/devices/${user}/phone.json`, '{nope')).status).toBe(400);
  });
});

describe('gpodder subscriptions', () => {
  it('lists Tidings podcasts, subscribes and unsubscribes both ways, and reports changes since a timestamp', async () => {
    const first = (await gpodder('GET', `/subscriptions/${user}/phone.json?since=0`)).json;
    expect(first).toEqual({ add: [showUrl], remove: [], timestamp: expect.any(Number) });

    const radio = site.route('/radio.xml', document(rss('Radio Hour', [{ guid: 'r1', title: 'Radio 1', date: new Date(Date.now() - 3_600_000),
      enclosure: { url: 'https://cdn.example.com/radio-1.mp3', seconds: 600 } }])));
    const uploaded = await gpodder('POST', `/subscriptions/${user}/phone.json`, { add: [radio], remove: [showUrl] });
    expect(uploaded.json).toEqual({ timestamp: expect.any(Number), update_urls: [] });
    expect(await titles()).toEqual(['Radio Hour']);

    const changes = (await gpodder('GET', `/subscriptions/${user}/phone.json?since=${first.timestamp}`)).json;
    expect(changes).toMatchObject({ add: [radio], remove: [showUrl] });

    // Unsubscribing in Tidings shows up as a removal.
    const radioSubscription = ((await h.call('GET', '/v1/subscriptions', { key: alice.key, query: { all: true } })).body.data as Json[])[0].id;
    await h.call('DELETE', `/v1/subscriptions/${radioSubscription}`, { key: alice.key });
    const later = (await gpodder('GET', `/subscriptions/${user}/phone.json?since=${changes.timestamp}`)).json;
    // Back to where the other tests start.
    await h.subscribe(alice.user, show.feedId);
    // Timestamps are whole seconds and `since` counts its own second, so a change of that second may come again.
    expect(later.add).toEqual([]);
    expect(later.remove).toContain(radio);
    expect(later.remove.filter((url: string) => url !== radio && url !== showUrl)).toEqual([]);
  });

  it('refuses a bad upload with 400 and changes nothing', async () => {
    const before = await titles();
    for (const body of [{ add: [showUrl], remove: [showUrl] }, { add: 'not a list' }, { remove: ['not a url'] }, '[1, 2'] as unknown[]) {
      expect((await gpodder('POST', `/subscriptions/${user}/phone.json`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await gpodder('GET', `/subscriptions/${user}/phone.json?since=soon`)).status).toBe(400);
    expect(await titles()).toEqual(before);
  });
});

describe('gpodder episode actions', () => {
  it('moves playback with play actions (last write wins by the client timestamp) and reports Tidings plays back', async () => {
    const start = (await gpodder('GET', `/episodes/${user}.json?since=0`)).json.timestamp;
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 19);
    const play = (position: number, timestamp: string) => ({
      podcast: showUrl, episode: 'https://cdn.example.com/show-1.mp3', device: 'phone', action: 'play', started: 0, position, total: 1000, timestamp,
    });
    expect((await gpodder('POST', `/episodes/${user}.json`, [play(120, at(60_000))])).json).toMatchObject({ timestamp: expect.any(Number), update_urls: [] });
    expect((await v1Item(show.itemIds[0])).playback_position).toBe(120);
    // An older play (by the client's clock) does not move it back.
    await gpodder('POST', `/episodes/${user}.json`, [play(30, at(120_000))]);
    expect((await v1Item(show.itemIds[0])).playback_position).toBe(120);

    // A position set in the Tidings player shows up as a play action.
    await h.call('POST', `/v1/items/${show.itemIds[1]}/playback-progress`, { key: alice.key, body: { position_seconds: 300 } });
    const actions = (await gpodder('GET', `/episodes/${user}.json?since=${start}`)).json.actions;
    expect(actions).toEqual(expect.arrayContaining([
      expect.objectContaining({ podcast: showUrl, episode: 'https://cdn.example.com/show-1.mp3', action: 'play', position: 120, total: 1000 }),
      expect.objectContaining({ podcast: showUrl, episode: 'https://cdn.example.com/show-2.mp3', action: 'play', position: 300 }),
    ]));
  });

  it('keeps download, delete and new actions and plays of unknown episodes, and hands them back', async () => {
    const start = (await gpodder('GET', `/episodes/${user}.json?since=0`)).json.timestamp;
    const kept = [
      { podcast: showUrl, episode: 'https://cdn.example.com/show-2.mp3', action: 'download', timestamp: '2026-01-01T10:00:00' },
      { podcast: 'https://elsewhere.example.com/feed.xml', episode: 'https://elsewhere.example.com/1.mp3', action: 'play', position: 10, started: 0, total: 50 },
    ];
    expect((await gpodder('POST', `/episodes/${user}.json`, kept)).status).toBe(200);
    const back = (await gpodder('GET', `/episodes/${user}.json?since=${start}&podcast=${encodeURIComponent('https://elsewhere.example.com/feed.xml')}`)).json.actions;
    expect(back).toEqual([expect.objectContaining({ episode: 'https://elsewhere.example.com/1.mp3', action: 'play', position: 10 })]);
    const all = (await gpodder('GET', `/episodes/${user}.json?since=${start}`)).json.actions;
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'download', timestamp: '2026-01-01T10:00:00' })]));
  });

  it('refuses a bad upload with 400 and changes nothing', async () => {
    const before = (await v1Item(show.itemIds[0])).playback_position;
    const good = { podcast: showUrl, episode: 'https://cdn.example.com/show-1.mp3', action: 'play', position: 999, started: 0, total: 1000 };
    for (const body of [[good, { ...good, action: 'skip' }], [good, { ...good, position: -1 }], [good, { ...good, timestamp: 'yesterday' }],
      [{ ...good, podcast: undefined }], { actions: [good] }]) {
      expect((await gpodder('POST', `/episodes/${user}.json`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await v1Item(show.itemIds[0])).playback_position).toBe(before);
  });
});
