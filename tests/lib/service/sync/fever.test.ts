/*
 * The Fever API at /fever/, driven over real HTTP the way Unread, Fiery Feeds and Reeder call it
 * (`?api` in the URL, `api_key` and marks in a form-encoded POST body), against the real service
 * on a temporary SQLite file; its effects are checked through /v1.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIconPng } from '@/lib/service/cli/demo-icons';
import { storeFeedIcon } from '@/lib/service/domain/feeds/feed-icons';
import { article, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let alice: TestUser;
let apiKey: string;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fever = any;

/** One Fever call: `query` after `?api`, `form` POSTed form-encoded (with the api_key unless given). */
async function fever(query: string, form: Record<string, string> = {}, key = apiKey, path = '/fever/'): Promise<{ status: number; body: Fever }> {
  const response = await fetch(`${h.baseUrl}${path}?api${query ? `&${query}` : ''}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: key, ...form }).toString(),
  });
  return { status: response.status, body: await response.json() };
}

const item = async (id: string) => (await h.call('GET', `/v1/items/${id}`, { key: alice.key })).body;

/** Fever's id of each of the user's items, by title. */
async function feverIdsByTitle(): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let since = 0; ;) {
    const { body } = await fever(`items&since_id=${since}`);
    if (!body.items.length) return ids;
    for (const entry of body.items) ids.set(entry.title, entry.id);
    since = body.items.at(-1).id;
  }
}

let news: { subscriptionId: string; feedId: string; itemIds: string[] };
let blogs: { subscriptionId: string; feedId: string; itemIds: string[] };
let folderId: string;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  apiKey = md5(`alice@example.com:${alice.key}`);
  folderId = await h.createFolder(alice.user, 'Tech');
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  news = await h.seedSubscription(alice.user, Array.from({ length: 60 }, (_, n) => article({ title: `News ${n}`, published_at: daysAgo(10 - n / 10) })),
    { title: 'Daily News', folderId });
  blogs = await h.seedSubscription(alice.user, [article({ title: 'Old post', published_at: daysAgo(5) }), article({ title: 'New post', published_at: daysAgo(1) })],
    { title: 'Blog Roll' });
});

afterAll(() => h.stop());

describe('Fever API authentication', () => {
  it('answers auth 1 with api_version 3 for md5(email:key) of any API key, at /fever/ and /fever, by POST or GET', async () => {
    const answer = await fever('');
    expect(answer).toMatchObject({ status: 200, body: { api_version: 3, auth: 1 } });
    expect(typeof answer.body.last_refreshed_on_time).toBe('number');
    expect((await fever('', {}, apiKey, '/fever')).body.auth).toBe(1);
    const other = await h.issueKey(alice.user);
    expect((await fever('', {}, md5(`alice@example.com:${other}`))).body.auth).toBe(1);
    const get = await fetch(`${h.baseUrl}/fever/?api&api_key=${apiKey.toUpperCase()}`);
    expect(await get.json()).toMatchObject({ auth: 1 });
  });

  it('answers auth 0 with HTTP 200 for a wrong key, an unknown email, a revoked key or no key', async () => {
    const bob = await h.createUser({ email: 'bob@example.com' });
    for (const key of [md5(`alice@example.com:${bob.key}`), md5(`nobody@example.com:${alice.key}`), md5(`alice@example.com:wrong`), '', 'not-md5']) {
      const answer = await fever('groups&feeds&items&unread_item_ids', {}, key);
      expect(answer).toEqual({ status: 200, body: { api_version: 3, auth: 0 } });
    }
    const revoked = await h.createUser({ email: 'carol@example.com' });
    const revokedKey = md5(`carol@example.com:${revoked.key}`);
    expect((await fever('', {}, revokedKey)).body.auth).toBe(1);
    const keys = (await h.call('GET', '/v1/account/api-keys', { key: revoked.appToken })).body;
    const keyId = (keys.data ?? keys)[0].id;
    expect((await h.call('DELETE', `/v1/account/api-keys/${keyId}`, { key: revoked.appToken })).status).toBeLessThan(300);
    expect((await fever('', {}, revokedKey)).body.auth).toBe(0);
  });
});

describe('Fever API reads', () => {
  it('lists folders as groups and subscriptions as feeds, with feeds_groups', async () => {
    const { body } = await fever('groups&feeds');
    expect(body.groups).toEqual([{ id: expect.any(Number), title: 'Tech' }]);
    expect(body.feeds.map((feed: Fever) => feed.title)).toEqual(['Blog Roll', 'Daily News']);
    const newsFeed = body.feeds.find((feed: Fever) => feed.title === 'Daily News');
    expect(newsFeed).toMatchObject({ id: expect.any(Number), url: expect.stringMatching(/^https:\/\/feeds\.example\.com\//), is_spark: 0 });
    expect(body.feeds_groups).toEqual([{ group_id: body.groups[0].id, feed_ids: String(newsFeed.id) }]);
    const favicons = await fever('favicons&links');
    expect(favicons.body).toMatchObject({ favicons: [], links: [] });
  });

  it('pages items 50 at a time with since_id, max_id and with_ids, with stable integer ids', async () => {
    const first = (await fever('items')).body;
    expect(first.total_items).toBe(62);
    expect(first.items).toHaveLength(50);
    const ids: number[] = first.items.map((entry: Fever) => entry.id);
    expect(ids.every(Number.isInteger)).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(first.items[0]).toMatchObject({ feed_id: expect.any(Number), is_read: 0, is_saved: 0, html: expect.stringContaining('<p>'),
      created_on_time: expect.any(Number), url: expect.stringMatching(/^https:/) });

    const rest = (await fever(`items&since_id=${ids.at(-1)}`)).body.items;
    expect(rest).toHaveLength(12);
    const all = [...ids, ...rest.map((entry: Fever) => entry.id)];
    expect(new Set(all).size).toBe(62);

    const newest = (await fever(`items&max_id=${all.at(-1)}`)).body.items.map((entry: Fever) => entry.id);
    expect(newest).toEqual([...all].reverse().slice(1, 51));
    const chosen = (await fever(`items&with_ids=${all[3]},${all[10]},999999999`)).body.items.map((entry: Fever) => entry.id);
    expect(chosen).toEqual([all[3], all[10]]);
    // The same ids on the next call: they are the items' own.
    expect((await fever('items')).body.items.map((entry: Fever) => entry.id)).toEqual(ids);
  });

  it('lists the stored feed icons as favicons (a data URI without its scheme) and points each feed at its own, 0 when it has none', async () => {
    const png = demoIconPng([190, 24, 93]);
    await storeFeedIcon(h.service.store, news.feedId, { contentType: 'image/png', data: png, url: 'https://feeds.example.com/favicon.png' }, new Date());
    // Another user's feed icon is none of alice's business.
    const bob = await h.createUser({ email: 'favicons-bob@example.com' });
    const bobs = await h.seedSubscription(bob.user, [article()], { title: 'Bob only' });
    await storeFeedIcon(h.service.store, bobs.feedId, { contentType: 'image/png', data: png, url: 'https://feeds.example.com/bob.png' }, new Date());

    const { body } = await fever('feeds&favicons');
    const newsFeed = body.feeds.find((feed: Fever) => feed.title === 'Daily News');
    const blogFeed = body.feeds.find((feed: Fever) => feed.title === 'Blog Roll');
    expect(newsFeed.favicon_id).toBeGreaterThan(0);
    expect(blogFeed.favicon_id).toBe(0);
    expect(body.favicons).toEqual([{ id: newsFeed.favicon_id, data: `image/png;base64,${png.toString('base64')}` }]);
  });
});

describe('Fever API writes', () => {
  it('marks an item read, saved, unsaved and unread, as /v1 then shows, and lists unread and saved ids', async () => {
    const ids = await feverIdsByTitle();
    const postId = ids.get('Old post')!;
    const v1Id = blogs.itemIds[0];
    await fever('', { mark: 'item', as: 'read', id: String(postId) });
    expect((await item(v1Id)).is_read).toBe(true);
    const saved = await fever('saved_item_ids&unread_item_ids', { mark: 'item', as: 'saved', id: String(postId) });
    expect((await item(v1Id)).is_saved).toBe(true);
    expect(saved.body.saved_item_ids).toBe(String(postId));
    expect(saved.body.unread_item_ids.split(',').map(Number)).not.toContain(postId);
    expect(saved.body.unread_item_ids.split(',')).toHaveLength(61);

    await fever('', { mark: 'item', as: 'unsaved', id: String(postId) });
    await fever('', { mark: 'item', as: 'unread', id: String(postId) });
    expect(await item(v1Id)).toMatchObject({ is_read: false, is_saved: false });
    expect((await fever('saved_item_ids')).body.saved_item_ids).toBe('');
  });

  it('changes nothing on bad input: unknown marks, ids of nothing, malformed ids and missing before', async () => {
    const before = (await fever('unread_item_ids&saved_item_ids')).body;
    const postId = (await feverIdsByTitle()).get('New post')!;
    const feeds = (await fever('feeds')).body.feeds;
    const bad: Record<string, string>[] = [
      { mark: 'item', as: 'archived', id: String(postId) }, { mark: 'item', as: 'read', id: 'abc' },
      { mark: 'item', as: 'read', id: '999999999' }, { mark: 'item', as: 'read', id: `${postId},1` },
      { mark: 'feed', as: 'read', id: String(feeds[0].id) }, { mark: 'feed', as: 'read', id: String(feeds[0].id), before: 'soon' },
      { mark: 'feed', as: 'saved', id: String(feeds[0].id), before: String(Math.floor(Date.now() / 1000)) },
      { mark: 'group', as: 'read', id: '999999', before: String(Math.floor(Date.now() / 1000)) },
      { mark: 'group', as: 'read', id: '-1', before: String(Math.floor(Date.now() / 1000)) }, { mark: 'everything', as: 'read' },
    ];
    for (const form of bad) expect((await fever('', form)).body.auth).toBe(1);
    // A wrong key's mark changes nothing either.
    await fever('', { mark: 'group', as: 'read', id: '0', before: String(Math.floor(Date.now() / 1000)) }, md5('alice@example.com:wrong'));
    expect((await fever('unread_item_ids&saved_item_ids')).body).toEqual(before);
  });

  it('marks a feed read before a time, then a group, then group 0 (everything)', async () => {
    const feeds = (await fever('feeds')).body.feeds;
    const blogFeed = feeds.find((feed: Fever) => feed.title === 'Blog Roll').id;
    const threeDaysAgo = Math.floor(Date.now() / 1000) - 3 * 86_400;
    await fever('', { mark: 'feed', as: 'read', id: String(blogFeed), before: String(threeDaysAgo) });
    expect((await item(blogs.itemIds[0])).is_read).toBe(true);
    expect((await item(blogs.itemIds[1])).is_read).toBe(false);

    const group = (await fever('groups')).body.groups[0].id;
    const nineDaysAgo = Math.floor(Date.now() / 1000) - 9 * 86_400;
    await fever('', { mark: 'group', as: 'read', id: String(group), before: String(nineDaysAgo) });
    const newsRead = await Promise.all(news.itemIds.map(async (id) => (await item(id)).is_read));
    expect(newsRead.slice(0, 10).every(Boolean)).toBe(true);
    expect(newsRead.slice(11).some(Boolean)).toBe(false);
    expect((await item(blogs.itemIds[1])).is_read).toBe(false);

    const answer = await fever('unread_item_ids', { mark: 'group', as: 'read', id: '0', before: String(Math.floor(Date.now() / 1000) + 60) });
    expect(answer.body.unread_item_ids).toBe('');
    expect((await h.call('GET', '/v1/items', { key: alice.key, query: { is_read: 'unread' } })).body.data).toEqual([]);
  });
});

describe('Fever API rate limit', () => {
  it('counts Fever calls against the same per-key limit as /v1', async () => {
    const limited = await startHarness({ apiKeyRateLimit: 3 });
    try {
      const dave = await limited.createUser({ email: 'dave@example.com' });
      const key = md5(`dave@example.com:${dave.key}`);
      const call = () => fetch(`${limited.baseUrl}/fever/?api`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `api_key=${key}` });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      expect((await limited.call('GET', '/v1/items', { key: dave.key })).status).toBe(200);
      expect((await call()).status).toBe(429);
      expect((await limited.call('GET', '/v1/items', { key: dave.key })).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
