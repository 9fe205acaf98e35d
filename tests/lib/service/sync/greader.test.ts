/*
 * The Google Reader API under /greader, driven over real HTTP in the clients' wire formats
 * (form-encoded ClientLogin and writes, `GoogleLogin auth=` headers, `T=` tokens, item ids in all
 * four forms, stream ids with %2F in paths) against the real service on a temporary SQLite file;
 * its effects are checked through /v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let alice: TestUser;
let auth: string;
let token: string;
let news: { subscriptionId: string; feedId: string; itemIds: string[] };
let blog: { subscriptionId: string; feedId: string; itemIds: string[] };
const newsUrl = 'https://news.example.com/feed.xml';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>, key = auth) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) for (const one of [value].flat()) body.append(name, one);
  const response = await fetch(`${h.baseUrl}/greader/reader/api/0${path}`, {
    method, headers: { authorization: `GoogleLogin auth=${key}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? body.toString() : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as Json : undefined };
}

const v1Item = async (id: string) => (await h.call('GET', `/v1/items/${id}`, { key: alice.key })).body;

async function login(email: string, password: string, output?: string) {
  const response = await fetch(`${h.baseUrl}/greader/accounts/ClientLogin${output ? `?output=${output}` : ''}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: email, Passwd: password }).toString(),
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  h = await startHarness();
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  const folder = await h.createFolder(alice.user, 'Tech');
  news = await h.seedSubscription(alice.user, Array.from({ length: 30 }, (_, n) => article({ title: `News ${n}`, published_at: daysAgo(10 - n / 10) })),
    { title: 'Daily News', url: newsUrl, folderId: folder });
  blog = await h.seedSubscription(alice.user, [article({ title: 'Blog post', published_at: daysAgo(2) })], { title: 'Blog Roll' });
  const answer = await login('Alice@Example.com', alice.key);
  auth = /Auth=(\S+)/.exec(answer.text)![1];
  token = (await call('GET', '/token')).text;
});

afterAll(() => h.stop());

describe('Google Reader sign-in', () => {
  it('answers ClientLogin with an Auth token for the email and any API key, and BadAuthentication otherwise', async () => {
    const ok = await login('alice@example.com', alice.key);
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/^SID=.+\nLSID=.+\nAuth=.+\n$/);
    expect(JSON.parse((await login('alice@example.com', alice.key, 'json')).text)).toMatchObject({ Auth: expect.any(String) });
    const bob = await h.createUser({ email: 'bob@example.com' });
    for (const [email, password] of [['alice@example.com', bob.key], ['bob@example.com', alice.key], ['alice@example.com', 'wrong'], ['', '']]) {
      expect(await login(email, password)).toEqual({ status: 401, text: 'Error=BadAuthentication\n' });
    }
    expect((await call('GET', '/user-info')).json).toMatchObject({ userName: 'alice@example.com', userEmail: 'alice@example.com' });
    expect(token).toMatch(/^[0-9a-f]{57}$/);
  });

  it('answers 401 with X-Reader-Google-Bad-Token for a missing or stale token', async () => {
    const carol = await h.createUser({ email: 'carol@example.com' });
    const carolAuth = /Auth=(\S+)/.exec((await login('carol@example.com', carol.key)).text)![1];
    expect((await call('GET', '/tag/list', undefined, carolAuth)).status).toBe(200);
    const keyId = (await h.call('GET', '/v1/account/api-keys', { key: carol.appToken })).body.data[0].id;
    await h.call('DELETE', `/v1/account/api-keys/${keyId}`, { key: carol.appToken });
    for (const key of [carolAuth, 'nonsense']) {
      const stale = await call('GET', '/tag/list', undefined, key);
      expect(stale.status).toBe(401);
      expect(stale.headers.get('x-reader-google-bad-token')).toBe('true');
    }
  });
});

describe('Google Reader reads', () => {
  it('lists subscriptions with folders, labels, and unread counts per feed, folder and reading list', async () => {
    const subscriptions = (await call('GET', '/subscription/list?output=json')).json.subscriptions;
    expect(subscriptions).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^feed\/https:\/\/feeds\.example\.com\//), title: 'Blog Roll', categories: [] }),
      expect.objectContaining({ id: `feed/${newsUrl}`, title: 'Daily News', categories: [{ id: 'user/-/label/Tech', label: 'Tech' }] }),
    ]);
    expect((await call('GET', '/tag/list?output=json')).json.tags).toEqual([
      { id: 'user/-/state/com.google/starred' }, { id: 'user/-/label/Tech', type: 'folder' },
    ]);
    const counts = (await call('GET', '/unread-count?output=json')).json.unreadcounts;
    expect(counts).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: `feed/${newsUrl}`, count: 30 }), expect.objectContaining({ id: 'user/-/label/Tech', count: 30 }),
      expect.objectContaining({ id: 'user/-/state/com.google/reading-list', count: 31 }),
    ]));
  });

  it('pages stream/items/ids newest first with a continuation that stays put while items arrive', async () => {
    const first = (await call('GET', '/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=10')).json;
    expect(first.itemRefs).toHaveLength(10);
    expect(first.continuation).toEqual(expect.any(String));
    // A newer item arrives between pages: the next page goes on from where the first stopped.
    await h.storeItems(news.feedId, [article({ title: 'Breaking', published_at: daysAgo(0.1) })]);
    const seen = first.itemRefs.map((ref: Json) => ref.id);
    let continuation = first.continuation;
    while (continuation) {
      const page = (await call('GET', `/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=10&c=${continuation}`)).json;
      seen.push(...page.itemRefs.map((ref: Json) => ref.id));
      continuation = page.continuation;
    }
    expect(seen).toHaveLength(31);
    expect(new Set(seen).size).toBe(31);
    const all = (await call('GET', '/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=1000')).json.itemRefs;
    expect(all).toHaveLength(32);
    expect(all.slice(1).map((ref: Json) => ref.id)).toEqual(seen);
    expect(Number(all[0].timestampUsec)).toBeGreaterThan(Number(all[1].timestampUsec));

    const oldestFirst = (await call('GET', `/stream/items/ids?output=json&s=feed/${encodeURIComponent(newsUrl)}&r=o&n=2`)).json.itemRefs;
    const contents = await call('POST', '/stream/items/contents?output=json', { i: oldestFirst.map((ref: Json) => ref.id), T: token });
    expect(contents.json.items.map((entry: Json) => entry.title)).toEqual(['News 0', 'News 1']);
  });

  it('gives an item by any of the four id forms, and streams contents with %2F-encoded ids in the path', async () => {
    const [ref] = (await call('GET', '/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=1')).json.itemRefs;
    const number = Number(ref.id);
    const hex16 = number.toString(16).padStart(16, '0');
    for (const form of [`tag:google.com,2005:reader/item/${hex16}`, `tag:google.com,2005:reader/item/${number.toString(16)}`, hex16, String(number)]) {
      const { json } = await call('POST', '/stream/items/contents?output=json', { i: form });
      expect(json.items.map((entry: Json) => entry.id), form).toEqual([`tag:google.com,2005:reader/item/${hex16}`]);
    }
    const page = await call('GET', `/stream/contents/${encodeURIComponent(`feed/${newsUrl}`)}?output=json&n=3`);
    expect(page.status).toBe(200);
    expect(page.json.items).toHaveLength(3);
    expect(page.json.items[0]).toMatchObject({ title: 'Breaking', origin: { streamId: `feed/${newsUrl}`, title: 'Daily News' },
      categories: expect.arrayContaining(['user/-/state/com.google/reading-list', 'user/-/label/Tech']) });
    const plain = await call('GET', '/stream/contents/user/-/label/Tech?output=json&n=3');
    expect(plain.json.items.map((entry: Json) => entry.id)).toEqual(page.json.items.map((entry: Json) => entry.id));
  });
});

describe('Google Reader Atom form', () => {
  it('serves a stream as Atom with read and fresh categories, a whole first page for newsboat, and a continuation otherwise', async () => {
    await h.call('PATCH', `/v1/items/${news.itemIds[0]}`, { key: alice.key, body: { is_read: true } });
    try {
      const response = await fetch(`${h.baseUrl}/greader/reader/atom/${encodeURIComponent(`feed/${newsUrl}`)}?n=2&r=o`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
      const atom = await response.text();
      const entries = atom.split('<entry').slice(1);
      // A first page carries the whole (small) feed whatever n asks: newsboat follows no continuation.
      expect(entries.length).toBeGreaterThanOrEqual(30);
      expect(entries[0]).toContain('<title type="html">News 0</title>');
      expect(entries[0]).toContain('label="read"');
      expect(entries[0]).not.toContain('label="fresh"');
      expect(entries[1]).toContain('label="fresh"');
      expect(entries[1]).toMatch(/<id>tag:google\.com,2005:reader\/item\/[0-9a-f]{16}<\/id>/);
      expect(atom).not.toContain('<gr:continuation>');
      const asked = await fetch(`${h.baseUrl}/greader/reader/atom/${encodeURIComponent(`feed/${newsUrl}`)}?n=2&xt=user/-/state/com.google/starred`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
      const page = await asked.text();
      expect(page.split('<entry').slice(1)).toHaveLength(2);
      expect(page).toMatch(/<gr:continuation>[\w-]+<\/gr:continuation>/);
      const stale = await fetch(`${h.baseUrl}/greader/reader/atom/user/-/state/com.google/reading-list`, { headers: { authorization: 'GoogleLogin auth=stale' } });
      expect(stale.status).toBe(401);
    } finally {
      await h.call('PATCH', `/v1/items/${news.itemIds[0]}`, { key: alice.key, body: { is_read: false } });
    }
  });
});

describe('Google Reader writes', () => {
  it('edit-tag marks read, starred and labels, as /v1 then shows, and back', async () => {
    const [ref] = (await call('GET', `/stream/items/ids?output=json&s=feed/${encodeURIComponent(newsUrl)}&r=o&n=1`)).json.itemRefs;
    const itemId = news.itemIds[0];
    const longId = `tag:google.com,2005:reader/item/${Number(ref.id).toString(16).padStart(16, '0')}`;
    const done = await call('POST', '/edit-tag', { i: longId, a: ['user/-/state/com.google/read', 'user/-/state/com.google/starred', 'user/-/label/Later'], T: token });
    expect(done).toMatchObject({ status: 200, text: 'OK' });
    expect(await v1Item(itemId)).toMatchObject({ is_read: true, is_saved: true, tags: [expect.objectContaining({ name: 'Later' })] });
    const starred = (await call('GET', '/stream/items/ids?output=json&s=user/-/state/com.google/starred')).json.itemRefs;
    expect(starred.map((one: Json) => one.id)).toEqual([ref.id]);
    const unread = (await call('GET', '/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=1000')).json.itemRefs;
    expect(unread.map((one: Json) => one.id)).not.toContain(ref.id);

    await call('POST', '/edit-tag', { i: ref.id, r: ['user/-/state/com.google/read', 'user/-/state/com.google/starred', 'user/-/label/Later'], T: token });
    expect(await v1Item(itemId)).toMatchObject({ is_read: false, is_saved: false, tags: [] });
  });

  it('refuses a bad id or state with 400 and changes nothing', async () => {
    const [ref] = (await call('GET', '/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=1')).json.itemRefs;
    const before = (await call('GET', '/unread-count?output=json')).json;
    const bad: Record<string, string | string[]>[] = [
      { i: [ref.id, 'not-an-id!'], a: 'user/-/state/com.google/read' }, { i: ref.id, a: 'user/-/state/com.google/nonsense' },
      { i: ref.id }, { a: 'user/-/state/com.google/read' },
    ];
    for (const form of bad) {
      expect((await call('POST', '/edit-tag', { ...form, T: token })).status).toBe(400);
    }
    expect((await call('POST', '/mark-all-as-read', { s: 'nowhere', T: token })).status).toBe(400);
    expect((await call('POST', '/mark-all-as-read', { s: 'user/-/state/com.google/reading-list', ts: 'soon', T: token })).status).toBe(400);
    expect((await call('GET', '/unread-count?output=json')).json).toEqual(before);
  });

  it('mark-all-as-read marks a feed up to ts, then everything', async () => {
    const cutoffUsec = String((Date.now() - 9 * 86_400_000) * 1000);
    expect((await call('POST', '/mark-all-as-read', { s: `feed/${newsUrl}`, ts: cutoffUsec, T: token })).text).toBe('OK');
    const read = await Promise.all(news.itemIds.map(async (id) => (await v1Item(id)).is_read));
    expect(read.slice(0, 10).every(Boolean)).toBe(true);
    expect(read.slice(11).some(Boolean)).toBe(false);
    expect((await v1Item(blog.itemIds[0])).is_read).toBe(false);
    await call('POST', '/mark-all-as-read', { s: 'user/-/state/com.google/reading-list', T: token });
    expect((await h.call('GET', '/v1/items', { key: alice.key, query: { is_read: 'unread' } })).body.data).toEqual([]);
  });
});
