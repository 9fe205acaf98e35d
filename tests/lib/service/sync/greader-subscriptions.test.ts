/*
 * Google Reader's subscription and label management under /greader, over real HTTP against the
 * real service and feeds served from 127.0.0.1; the effects are checked through /v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, FeedServer, rss } from '../feed-server';
import { startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let site: FeedServer;
let alice: TestUser;
let auth: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>, raw?: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) for (const one of [value].flat()) body.append(name, one);
  const response = await fetch(`${h.baseUrl}/greader/reader/api/0${path}`, {
    method, headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': raw ? 'text/xml' : 'application/x-www-form-urlencoded' },
    body: raw ?? (form ? body.toString() : undefined),
  });
  const text = await response.text();
  return { status: response.status, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as Json : undefined };
}

const subscriptions = async () => (await h.call('GET', '/v1/subscriptions', { key: alice.key, query: { all: true } })).body.data as Json[];
const folders = async () => ((await h.call('GET', '/v1/folders', { key: alice.appToken })).body.data as Json[]).map((folder) => folder.name);
const hourAgo = new Date(Date.now() - 3_600_000);

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  const login = await fetch(`${h.baseUrl}/greader/accounts/ClientLogin`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: 'alice@example.com', Passwd: alice.key }).toString(),
  });
  auth = /Auth=(\S+)/.exec(await login.text())![1];
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

describe('Google Reader subscriptions', () => {
  it('quickadds a web page by discovering its feed, then renames it and moves it into a label', async () => {
    const feed = site.route('/river.xml', document(rss('River Notes', [{ guid: 'r1', title: 'River one', date: hourAgo }])));
    const page = site.route('/river', document(`<html><head><link rel="alternate" type="application/rss+xml" href="/river.xml"></head><body>River</body></html>`, 'text/html'));
    const added = await call('POST', '/subscription/quickadd', { quickadd: page });
    expect(added.json).toEqual({ numResults: 1, query: page, streamId: `feed/${feed}`, streamName: 'River Notes' });
    expect((await subscriptions()).map((one) => one.title)).toEqual(['River Notes']);

    expect((await call('POST', '/subscription/edit', { ac: 'edit', s: `feed/${feed}`, t: 'The River', a: 'user/-/label/Nature' })).text).toBe('OK');
    const list = (await call('GET', '/subscription/list?output=json')).json.subscriptions;
    expect(list).toEqual([expect.objectContaining({ id: `feed/${feed}`, title: 'The River', categories: [{ id: 'user/-/label/Nature', label: 'Nature' }] })]);
    expect(await folders()).toEqual(['Nature']);
  });

  it('renames and disables a label; the feeds stay', async () => {
    expect((await call('POST', '/rename-tag', { s: 'user/-/label/Nature', dest: 'user/-/label/Outdoors' })).text).toBe('OK');
    expect(await folders()).toEqual(['Outdoors']);
    expect((await call('POST', '/disable-tag', { s: 'user/-/label/Outdoors' })).text).toBe('OK');
    expect(await folders()).toEqual([]);
    expect((await subscriptions()).map((one) => one.title)).toEqual(['The River']);
  });

  it('subscribes into a label and unsubscribes with subscription/edit', async () => {
    const hill = site.route('/hill.xml', document(rss('Hill Diary', [{ guid: 'h1', title: 'Hill one', date: hourAgo }])));
    expect((await call('POST', '/subscription/edit', { ac: 'subscribe', s: `feed/${hill}`, a: 'user/-/label/Walks' })).text).toBe('OK');
    expect((await subscriptions()).map((one) => one.title).sort()).toEqual(['Hill Diary', 'The River']);
    expect(await folders()).toEqual(['Walks']);
    expect((await call('POST', '/subscription/edit', { ac: 'unsubscribe', s: `feed/${hill}` })).text).toBe('OK');
    expect((await subscriptions()).map((one) => one.title)).toEqual(['The River']);
  });

  it('refuses bad edits with 400 and changes nothing', async () => {
    const before = await subscriptions();
    const river = `${site.baseUrl}/river.xml`;
    const bad: Record<string, string>[] = [
      { ac: 'frobnicate', s: `feed/${river}` }, { ac: 'edit', s: `feed/${site.baseUrl}/unknown.xml`, t: 'X' },
      { ac: 'edit', s: 'user/-/label/Walks', t: 'X' }, { ac: 'edit', s: `feed/${river}`, a: 'user/-/state/com.google/read' },
      { ac: 'subscribe', s: 'feed/not a url' },
    ];
    for (const form of bad) {
      expect((await call('POST', '/subscription/edit', form)).status, JSON.stringify(form)).toBe(400);
    }
    expect((await call('POST', '/rename-tag', { s: 'user/-/label/Nowhere', dest: 'user/-/label/Else' })).status).toBe(400);
    expect(await subscriptions()).toEqual(before);
  });

  it('refuses to rename a label onto another folder\'s name with 400, renaming neither its folder nor its tag', async () => {
    for (const name of ['Mine', 'Theirs']) await h.call('POST', '/v1/folders', { key: alice.appToken, body: { name } });
    const tags = async () => ((await h.call('GET', '/v1/tags', { key: alice.appToken })).body.data as Json[]).map((tag) => tag.name);
    const itemId = (await h.call('GET', '/v1/items', { key: alice.appToken })).body.data[0].id as string;
    await h.call('PATCH', `/v1/items/${itemId}`, { key: alice.appToken, body: { tags: ['mine'] } });
    const before = { folders: await folders(), tags: await tags() };
    expect(before.tags).toContain('mine');
    const refused = await call('POST', '/rename-tag', { s: 'user/-/label/Mine', dest: 'user/-/label/THEIRS' });
    expect(refused).toMatchObject({ status: 400, text: expect.stringContaining('A folder named "THEIRS" already exists.') });
    expect({ folders: await folders(), tags: await tags() }).toEqual(before);
    expect((await call('POST', '/disable-tag', { s: 'user/-/label/mine' })).text).toBe('OK');
    expect({ folders: await folders(), tags: await tags() }).toEqual({ folders: before.folders.filter((name: string) => name !== 'Mine'), tags: [] });
    await call('POST', '/disable-tag', { s: 'user/-/label/Theirs' });
  });

  it('exports subscriptions as OPML and imports an OPML document', async () => {
    const exported = await call('GET', '/subscription/export');
    expect(exported.text).toContain(`xmlUrl="${site.baseUrl}/river.xml"`);
    const lake = site.route('/lake.xml', document(rss('Lake Log', [{ guid: 'l1', title: 'Lake one', date: hourAgo }])));
    const imported = await call('POST', '/subscription/import', undefined,
      `<opml version="2.0"><body><outline text="Water"><outline text="Lake" xmlUrl="${lake}"/></outline></body></opml>`);
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ imported: 1 });
    // The import answers before the new feed is fetched; its own title comes with its first fetch.
    let titles: string[] = [];
    for (let tries = 0; tries < 500 && !titles.includes('Lake Log'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      titles = (await subscriptions()).map((one) => one.title).sort();
    }
    expect(titles).toEqual(['Lake Log', 'The River']);
  });
});
