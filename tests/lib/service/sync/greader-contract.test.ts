/*
 * What the third-party Google Reader API contract suite (the one run against FreshRSS and
 * Miniflux) asks of /greader beyond our other tests, over real HTTP against the real service:
 * an `Auth` of the form `<user>/<token>`, JSON-only lists, hydration that skips unknown ids,
 * strict `ot`/`nt`, `ts` cutoffs in any unit, OPML imports without feeds, and quickadd's choice
 * among the feeds a page names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, FeedServer, rss } from '../feed-server';
import { article, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let site: FeedServer;
let alice: TestUser;
let auth: string;
let news: { subscriptionId: string; feedId: string; itemIds: string[] };
const newsUrl = 'https://news.example.com/contract.xml';
/** Eight items a minute apart, an hour ago, at whole seconds. */
const base = (Math.floor(Date.now() / 1000) - 3600) * 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>, query: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) for (const one of [value].flat()) body.append(name, one);
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${h.baseUrl}/greader${path}${search ? `?${search}` : ''}`, {
    method, headers: { authorization: `GoogleLogin auth=${auth}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? body.toString() : undefined,
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

const api = (path: string) => `/reader/api/0${path}`;
const refsOf = async (query: Record<string, string>) =>
  ((await call('GET', api('/stream/items/ids'), undefined, { s: `feed/${newsUrl}`, ...query })).json.itemRefs as Json[]).map((ref) => ref.id);
const isRead = async (itemId: string) => (await h.call('GET', `/v1/items/${itemId}`, { key: alice.key })).body.is_read;

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  news = await h.seedSubscription(alice.user, Array.from({ length: 8 }, (_, i) => article({ title: `Ordered ${i}`, published_at: new Date(base + i * 60_000).toISOString() })),
    { title: 'Contract News', url: newsUrl });
  const login = await fetch(`${h.baseUrl}/greader/accounts/ClientLogin`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Email: 'alice@example.com', Passwd: alice.key }).toString(),
  });
  auth = /Auth=(\S+)/.exec(await login.text())![1]!;
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

describe('Google Reader contract: authentication', () => {
  it('answers ClientLogin with an Auth of the form <user>/<token>, which signs calls in, as does the bare key', async () => {
    expect(auth).toBe(`alice@example.com/${alice.key}`);
    expect((await call('GET', api('/user-info'))).json).toMatchObject({ userEmail: 'alice@example.com' });
    const bare = await fetch(`${h.baseUrl}/greader/reader/api/0/user-info`, { headers: { authorization: `GoogleLogin auth=${alice.key}` } });
    expect(bare.status).toBe(200);
    const bob = await h.createUser({ email: 'bob@example.com' });
    for (const wrong of [`bob@example.com/${alice.key}`, `alice@example.com/${bob.key}`, 'alice@example.com/', '/']) {
      const refused = await fetch(`${h.baseUrl}/greader/reader/api/0/user-info`, { headers: { authorization: `GoogleLogin auth=${wrong}` } });
      expect(refused.status, wrong).toBe(401);
    }
  });
});

describe('Google Reader contract: reads', () => {
  it('answers the lists in JSON only: another output is refused, none or json is answered', async () => {
    for (const path of ['/tag/list', '/subscription/list', '/unread-count']) {
      expect((await call('GET', api(path), undefined, { output: 'xml' })).status, path).toBe(400);
      expect((await call('GET', api(path), undefined, { output: 'json' })).status, path).toBe(200);
      expect((await call('GET', api(path))).status, path).toBe(200);
    }
  });

  it('hydrates the ids it was given in JSON without output=json, skipping an id that names nothing', async () => {
    const ids = (await refsOf({ n: '3' }));
    const hydrated = await call('POST', api('/stream/items/contents'), { i: [...ids, '999999999999999999'], r: 'd' });
    expect(hydrated.status).toBe(200);
    expect(hydrated.json.items).toHaveLength(3);
  });

  it('takes ot and nt as strict bounds that still fill n', async () => {
    const usecOf = async (ids: string[]) => (await call('POST', api('/stream/items/contents'), { i: ids })).json.items.map((item: Json) => Number(item.timestampUsec));
    const nt = Math.floor((base + 120_000) / 1000);
    const older = await refsOf({ n: '1', nt: String(nt) });
    expect(older).toHaveLength(1);
    expect((await usecOf(older))[0]).toBeLessThan(nt * 1e6);
    const ot = Math.floor((base + 240_000) / 1000);
    const newer = await call('GET', api(`/stream/contents/${encodeURIComponent(`feed/${newsUrl}`)}`), undefined, { n: '1', r: 'o', ot: String(ot) });
    expect(newer.json.items).toHaveLength(1);
    expect(Number(newer.json.items[0].timestampUsec)).toBeGreaterThan(ot * 1e6);
  });
});

describe('Google Reader contract: writes', () => {
  it('reads mark-all-as-read\'s ts in seconds, microseconds or nanoseconds, and ts=0 marks nothing', async () => {
    const label = 'user/-/label/Scope';
    const [first, second, third] = news.itemIds;
    const ids = await refsOf({ n: '8', r: 'o' });
    expect((await call('POST', api('/edit-tag'), { i: [ids[0]!, ids[2]!, ids[4]!], a: label })).status).toBe(200);
    expect((await call('POST', api('/mark-all-as-read'), { s: label, ts: '0' })).text).toBe('OK');
    expect(await isRead(first!)).toBe(false);
    // Nanoseconds, as the contract suite sends: the item a minute before the cutoff only.
    const cutoffNs = (BigInt(base + 60_000) * 1_000_000n).toString();
    expect((await call('POST', api('/mark-all-as-read'), { s: label, ts: cutoffNs })).text).toBe('OK');
    expect([await isRead(first!), await isRead(second!), await isRead(third!)]).toEqual([true, false, false]);
    // Microseconds and seconds reach the next labelled item (two minutes in) and no other.
    await call('POST', api('/mark-all-as-read'), { s: label, ts: String((base + 150_000) * 1000) });
    expect([await isRead(second!), await isRead(third!)]).toEqual([false, true]);
    await call('POST', api('/mark-all-as-read'), { s: label, ts: String(Math.floor((base + 270_000) / 1000)) });
    expect(await isRead(news.itemIds[4]!)).toBe(true);
    expect(await isRead(news.itemIds[3]!)).toBe(false);
  });

  it('imports OPML without feeds (an empty body, an empty folder) with 2xx and changes nothing', async () => {
    const before = (await call('GET', api('/subscription/list'))).json.subscriptions;
    for (const body of ['<body></body>', '<body><outline text="Empty folder"></outline></body>']) {
      const opml = `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>t</title></head>${body}</opml>`;
      const answer = await fetch(`${h.baseUrl}/greader/reader/api/0/subscription/import`, {
        method: 'POST', headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'text/xml' }, body: opml,
      });
      expect(answer.status, body).toBeLessThan(300);
    }
    expect((await call('GET', api('/subscription/list'))).json.subscriptions).toEqual(before);
  });

  it('quickadd on a page takes its main feed over a comments feed, else the first one it names', async () => {
    const feedAt = (path: string, title: string) => site.route(path, document(rss(title, [{ guid: `${path}-1`, title: `${title} post`, date: new Date() }])));
    const comments = feedAt('/comments.xml', 'Comments');
    const blog = feedAt('/blog.xml', 'Blog');
    const first = feedAt('/first.xml', 'First');
    const second = feedAt('/second.xml', 'Second');
    const page = (links: [string, string][]) => document(`<!doctype html><html><head><title>Page</title>${links
      .map(([title, href]) => `<link rel="alternate" type="application/rss+xml" title="${title}" href="${href}">`).join('')}</head><body></body></html>`, 'text/html; charset=utf-8');
    const named = site.route('/discovery-good-name.html', page([['Site » Comments Feed', comments], ['Site » Feed', blog]]));
    const ordered = site.route('/discovery-document-order.html', page([['Alpha', first], ['Beta', second]]));
    for (const [pageUrl, chosen, skipped] of [[named, blog, comments], [ordered, first, second]]) {
      const added = await call('POST', api('/subscription/quickadd'), { quickadd: pageUrl! });
      expect(added.json, pageUrl).toMatchObject({ numResults: 1 });
      const urls = (await call('GET', api('/subscription/list'))).json.subscriptions.map((one: Json) => one.url);
      expect(urls).toContain(chosen);
      expect(urls).not.toContain(skipped);
    }
  });
});
