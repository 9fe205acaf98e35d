/*
 * Google Reader's write token `T`, over real HTTP against the real service on a temporary SQLite
 * file: a write with the token /token gave is done, one without T is done (as on Miniflux), and one
 * with a T this server did not make for the key, or an old one, answers 401 with
 * X-Reader-Google-Bad-Token and changes nothing (checked through /v1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCredentialBySecret } from '@/lib/service/domain/accounts';
import { writeToken } from '@/lib/service/sync/greader/greader-token';
import { article, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let alice: TestUser;
let news: { subscriptionId: string; feedId: string; itemIds: string[] };
const newsUrl = 'https://news.example.com/token-feed.xml';
const day = 86_400_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>, key = alice.key) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) for (const one of [value].flat()) body.append(name, one);
  const response = await fetch(`${h.baseUrl}/greader/reader/api/0${path}`, {
    method, headers: { authorization: `GoogleLogin auth=${key}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? body.toString() : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as Json : undefined };
}

const isRead = async (itemId: string) => (await h.call('GET', `/v1/items/${itemId}`, { key: alice.key })).body.is_read;
const tokenOfKey = async (key: string, at = Date.now()) => writeToken(h.service.store, (await findCredentialBySecret(h.service.store, key))!.credential.id, at);
/** The long-form Google Reader id of one of the news items, by its place in the feed. */
async function greaderId(index: number): Promise<string> {
  const ids = (await call('GET', `/stream/items/ids?output=json&s=${encodeURIComponent(`feed/${newsUrl}`)}&n=100&r=o`)).json.itemRefs;
  return ids[index].id;
}

beforeAll(async () => {
  h = await startHarness();
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  await h.createFolder(alice.user, 'Tech');
  news = await h.seedSubscription(alice.user, Array.from({ length: 5 }, (_, n) => article({ title: `News ${n}`, published_at: new Date(Date.now() - (10 - n) * day).toISOString() })),
    { title: 'Daily News', url: newsUrl });
});

afterAll(() => h.stop());

describe('Google Reader write token (T)', () => {
  it('does a write sent with the token /token gave, with yesterday’s token, and with no T at all', async () => {
    const token = (await call('GET', '/token')).text;
    expect(token).toMatch(/^[0-9a-f]{57}$/);
    expect(await call('POST', '/edit-tag', { i: await greaderId(0), a: 'user/-/state/com.google/read', T: token })).toMatchObject({ status: 200, text: 'OK' });
    expect(await isRead(news.itemIds[0]!)).toBe(true);
    const yesterdays = await tokenOfKey(alice.key, Date.now() - day);
    expect((await call('POST', '/edit-tag', { i: await greaderId(1), a: 'user/-/state/com.google/read', T: yesterdays })).status).toBe(200);
    expect(await isRead(news.itemIds[1]!)).toBe(true);
    expect((await call('POST', '/edit-tag', { i: await greaderId(2), a: 'user/-/state/com.google/read' })).status).toBe(200);
    expect(await isRead(news.itemIds[2]!)).toBe(true);
  });

  it('answers 401 with X-Reader-Google-Bad-Token and changes nothing for a forged, foreign or old T on every write', async () => {
    const bob = await h.createUser({ email: 'bob@example.com' });
    const badTokens = {
      forged: 'f'.repeat(57),
      garbage: 'x',
      'another account’s': (await call('GET', '/token', undefined, bob.key)).text,
      'another key’s of the same account': await tokenOfKey(await h.issueKey(alice.user)),
      'a three-day-old': await tokenOfKey(alice.key, Date.now() - 3 * day),
    };
    const target = await greaderId(4);
    const writes: [string, Record<string, string | string[]>][] = [
      ['/edit-tag', { i: target, a: ['user/-/state/com.google/read', 'user/-/state/com.google/starred', 'user/-/label/Later'] }],
      ['/mark-all-as-read', { s: 'user/-/state/com.google/reading-list' }],
      ['/subscription/edit', { ac: 'edit', s: `feed/${newsUrl}`, t: 'Renamed', a: 'user/-/label/Elsewhere' }],
      ['/subscription/edit', { ac: 'unsubscribe', s: `feed/${newsUrl}` }],
      ['/subscription/quickadd', { quickadd: 'https://other.example.com/feed.xml' }],
      ['/rename-tag', { s: 'user/-/label/Tech', dest: 'user/-/label/Science' }],
      ['/disable-tag', { s: 'user/-/label/Tech' }],
    ];
    for (const [name, T] of Object.entries(badTokens)) {
      for (const [path, form] of writes) {
        const answer = await call('POST', path, { ...form, T });
        expect(answer.status, `${path} with ${name} T`).toBe(401);
        expect(answer.headers.get('x-reader-google-bad-token'), `${path} with ${name} T`).toBe('true');
      }
      const imported = await fetch(`${h.baseUrl}/greader/reader/api/0/subscription/import?T=${encodeURIComponent(T)}`, {
        method: 'POST', headers: { authorization: `GoogleLogin auth=${alice.key}`, 'content-type': 'text/xml' },
        body: '<opml version="2.0"><body><outline type="rss" text="X" xmlUrl="https://imported.example.com/feed.xml"/></body></opml>',
      });
      expect(imported.status, `import with ${name} T`).toBe(401);
    }
    const item = (await h.call('GET', `/v1/items/${news.itemIds[4]}`, { key: alice.key })).body;
    expect(item).toMatchObject({ is_read: false, is_saved: false });
    expect(await isRead(news.itemIds[3]!)).toBe(false);
    const subscriptions = (await h.call('GET', '/v1/subscriptions', { key: alice.key })).body.data;
    expect(subscriptions.map((one: Json) => one.title)).toEqual(['Daily News']);
    expect((await call('GET', '/subscription/list?output=json')).json.subscriptions).toEqual([
      expect.objectContaining({ id: `feed/${newsUrl}`, title: 'Daily News', categories: [] }),
    ]);
    expect((await call('GET', '/tag/list?output=json')).json.tags.map((tag: Json) => tag.id)).toEqual(['user/-/state/com.google/starred', 'user/-/label/Tech']);
  });

  it('does not ask reads for the token: a POSTed stream/items/contents with a stale T still answers', async () => {
    const answer = await call('POST', '/stream/items/contents?output=json', { i: await greaderId(0), T: 'f'.repeat(57) });
    expect(answer.status).toBe(200);
    expect(answer.json.items).toHaveLength(1);
  });
});
