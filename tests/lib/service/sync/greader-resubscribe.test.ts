/*
 * The Google Reader contract suite's ingestion sequence, against the real service and a feed
 * served from 127.0.0.1: it unsubscribes and subscribes again to the same feed URL in every test,
 * the feed listing other items each time. A new subscription starts from what the feed lists now,
 * and unsubscribing through subscription/edit takes every item of the feed away, starred and labelled ones too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { document, FeedServer, rss } from '../feed-server';
import { startHarness, type Harness } from '../harness';

let h: Harness;
let site: FeedServer;
let auth: string;

async function reader(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) for (const one of [value].flat()) body.append(name, one);
  const response = await fetch(`${h.baseUrl}/greader/reader/api/0${path}`, {
    method, headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form ? body.toString() : undefined,
  });
  const text = await response.text();
  return { status: response.status, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined };
}

const ids = async (stream: string) => ((await reader('GET', `/stream/items/ids?n=100&s=${encodeURIComponent(stream)}`)).json.itemRefs as { id: string }[]).map((ref) => ref.id).sort();
const titles = async (stream: string) => ((await reader('GET', `/stream/contents?n=100&s=${encodeURIComponent(stream)}`)).json.items as { title: string }[]).map((item) => item.title).sort();
const unread = async (stream: string) => ((await reader('GET', '/unread-count?output=json')).json.unreadcounts as { id: string; count: number }[]).find((entry) => entry.id === stream)?.count;

/** The feed at `path` now lists `count` items named after `run`, an hour apart. */
function serve(path: string, run: string, count: number): string {
  return site.route(path, document(rss(`Suite feed ${run}`, Array.from({ length: count }, (_, i) => ({
    guid: `${run}-${i}`, title: `${run} item ${i}`, date: new Date(Date.now() - (i + 1) * 3_600_000),
  })))));
}

/** As the suite's GREADER_REFRESH_CMD does: every subscribed feed fetched now. */
async function refreshAll() {
  await refreshFeeds(h.service, h.service.db.prepare('SELECT DISTINCT feed_id FROM subscriptions').pluck().all() as string[]);
}

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  const alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  const login = await fetch(`${h.baseUrl}/greader/accounts/ClientLogin`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: 'alice@example.com', Passwd: alice.key }).toString(),
  });
  auth = /Auth=(\S+)/.exec(await login.text())![1];
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

describe('subscribing again through Google Reader to a feed the install stores', () => {
  it('lists exactly what the feed lists now (8), not the 13 items it listed before, and counts those 8 unread', async () => {
    const url = serve('/suite.xml', 'first', 13);
    const feed = `feed/${url}`;
    expect((await reader('POST', '/subscription/edit', { ac: 'subscribe', s: feed })).text).toBe('OK');
    await refreshAll();
    expect(await ids(feed)).toHaveLength(13);
    expect((await reader('POST', '/subscription/edit', { ac: 'unsubscribe', s: feed })).text).toBe('OK');

    serve('/suite.xml', 'second', 8);
    expect((await reader('POST', '/subscription/edit', { ac: 'subscribe', s: feed })).text).toBe('OK');
    await refreshAll();
    expect(await titles(feed)).toEqual(Array.from({ length: 8 }, (_, i) => `second item ${i}`).sort());
    expect(await ids('user/-/state/com.google/reading-list')).toHaveLength(8);
    expect(await unread(feed)).toBe(8);
  });

  it('answers quickadd of a feed stored but followed by nobody with what it lists now', async () => {
    const url = serve('/quickadd.xml', 'before', 3);
    const feed = `feed/${url}`;
    expect((await reader('POST', '/subscription/edit', { ac: 'subscribe', s: feed })).text).toBe('OK');
    expect((await reader('POST', '/subscription/edit', { ac: 'unsubscribe', s: feed })).text).toBe('OK');
    serve('/quickadd.xml', 'after', 2);
    expect((await reader('POST', `/subscription/quickadd?quickadd=${encodeURIComponent(url)}`, {})).status).toBe(200);
    expect(await titles(feed)).toEqual(['after item 0', 'after item 1']);
  });
});

describe('unsubscribing through Google Reader', () => {
  it('takes every item of the feed out of every stream, the starred and the labelled ones too', async () => {
    const url = serve('/cleanup.xml', 'cleanup', 3);
    const feed = `feed/${url}`;
    expect((await reader('POST', '/subscription/edit', { ac: 'subscribe', s: feed })).text).toBe('OK');
    const all = await ids(feed);
    const [starred, labelled] = all;
    expect((await reader('POST', '/edit-tag', { i: starred, a: 'user/-/state/com.google/starred' })).status).toBe(200);
    expect((await reader('POST', '/edit-tag', { i: labelled, a: 'user/-/label/Keepers' })).status).toBe(200);
    expect(await ids('user/-/label/Keepers')).toEqual([labelled]);

    expect((await reader('POST', '/subscription/edit', { ac: 'unsubscribe', s: feed })).text).toBe('OK');
    expect((await reader('GET', '/subscription/list?output=json')).json.subscriptions.map((s: { url: string }) => s.url)).not.toContain(url);
    expect(await ids(feed)).toEqual([]);
    expect(await ids('user/-/state/com.google/starred')).toEqual([]);
    expect(await ids('user/-/label/Keepers')).toEqual([]);
    expect((await ids('user/-/state/com.google/reading-list')).filter((id) => all.includes(id))).toEqual([]);
  });
});
