import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

type TagRecord = { id: string; name: string; item_count: number };

/** A user with three items tagged: a [news, tech], b [tech], c [news]. */
async function taggedItems() {
  const account = await h.createUser();
  const [a, b, c] = (await h.seedSubscription(account.user, [article(), article(), article()])).itemIds;
  const tag = async (id: string, tags: string[]) => expect((await h.call('PATCH', `/v1/items/${id}`, { key: account.key, body: { tags } })).status).toBe(200);
  await tag(a, ['news', 'tech']);
  await tag(b, ['tech']);
  await tag(c, ['news']);
  const tags = (await h.call('GET', '/v1/tags', { key: account.appToken })).body.data as TagRecord[];
  const byName = Object.fromEntries(tags.map((t) => [t.name, t]));
  return { ...account, items: { a, b, c }, tags: byName };
}

async function tagsOfItem(key: string, id: string): Promise<string[]> {
  return ((await h.call('GET', `/v1/items/${id}`, { key })).body.tags as TagRecord[]).map((t) => t.name);
}

describe('tags (first-party)', () => {
  it('lists the user’s tags by name with item and unread counts', async () => {
    const { appToken, tags } = await taggedItems();
    const list = await h.call('GET', '/v1/tags', { key: appToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id: tags.news.id, name: 'news', item_count: 2, unread_count: 2 },
      { id: tags.tech.id, name: 'tech', item_count: 2, unread_count: 2 },
    ]);
  });

  it('counts only the unread items of a tag, following read and unread changes', async () => {
    const { key, appToken, items, tags } = await taggedItems();
    const unread = async () => Object.fromEntries(((await h.call('GET', '/v1/tags', { key: appToken })).body.data as
      (TagRecord & { unread_count: number })[]).map((t) => [t.name, t.unread_count]));
    expect((await h.call('PATCH', `/v1/items/${items.a}`, { key, body: { is_read: true } })).status).toBe(200);
    expect(await unread()).toEqual({ news: 1, tech: 1 });
    expect((await h.call('PUT', '/v1/items', { key, body: { tag_ids: [tags.news.id] } })).status).toBe(200);
    expect(await unread()).toEqual({ news: 0, tech: 1 });
    expect((await h.call('PATCH', `/v1/items/${items.c}`, { key, body: { is_read: false } })).status).toBe(200);
    expect(await unread()).toEqual({ news: 1, tech: 1 });
    // The record of one tag elsewhere (rename, item detail) stays SPEC.md's, without the count.
    const renamed = await h.call('PATCH', `/v1/tags/${tags.tech.id}`, { key: appToken, body: { name: 'tech' } });
    expect(renamed.body).toEqual({ id: tags.tech.id, name: 'tech', item_count: 2 });
  });

  it('renames a tag, and the items carry the new name', async () => {
    const { key, appToken, items, tags } = await taggedItems();
    const renamed = await h.call('PATCH', `/v1/tags/${tags.tech.id}`, { key: appToken, body: { name: 'Technology' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: tags.tech.id, name: 'Technology', item_count: 2 });
    expect(await tagsOfItem(key, items.a)).toEqual(['news', 'Technology']);
  });

  it('merges a tag renamed onto an existing name: one tag remains with every item once', async () => {
    const { key, appToken, items, tags } = await taggedItems();
    const merged = await h.call('PATCH', `/v1/tags/${tags.tech.id}`, { key: appToken, body: { name: 'News' } });
    expect(merged.status).toBe(200);
    // The remaining tag is the one that had the name, spelled as now given; item a had both.
    expect(merged.body).toEqual({ id: tags.news.id, name: 'News', item_count: 3 });
    expect((await h.call('GET', '/v1/tags', { key: appToken })).body.data).toEqual([{ ...merged.body, unread_count: 3 }]);
    expect(await tagsOfItem(key, items.a)).toEqual(['News']);
    expect(await tagsOfItem(key, items.b)).toEqual(['News']);
    const filtered = await h.call('GET', '/v1/items', { key, query: { tag_ids: tags.news.id } });
    expect(filtered.body.data.map((i: { id: string }) => i.id).sort()).toEqual([items.a, items.b, items.c].sort());
    expect((await h.call('PATCH', `/v1/tags/${tags.tech.id}`, { key: appToken, body: { name: 'x' } })).status).toBe(404);
  });

  it('deletes a tag from every item, keeping the items', async () => {
    const { key, appToken, items, tags } = await taggedItems();
    const deleted = await h.call('DELETE', `/v1/tags/${tags.news.id}`, { key: appToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Deleted the tag news.' });
    expect(await tagsOfItem(key, items.a)).toEqual(['tech']);
    expect(await tagsOfItem(key, items.c)).toEqual([]);
    expect((await h.call('GET', '/v1/items', { key })).body.data).toHaveLength(3);
    expect((await h.call('GET', '/v1/tags', { key: appToken })).body.data.map((t: TagRecord) => t.name)).toEqual(['tech']);
  });

  it('answers 404 for an unknown tag or one of another user, and 422 for a bad name', async () => {
    const { appToken, tags } = await taggedItems();
    const stranger = await h.createUser();
    for (const id of [randomUUID(), tags.news.id]) {
      expect((await h.call('PATCH', `/v1/tags/${id}`, { key: stranger.appToken, body: { name: 'mine' } })).status).toBe(404);
      expect((await h.call('DELETE', `/v1/tags/${id}`, { key: stranger.appToken })).status).toBe(404);
    }
    const bad = [{}, { name: '' }, { name: 'x'.repeat(65) }, { name: 'ok', extra: 1 }];
    for (const body of bad) expect((await h.call('PATCH', `/v1/tags/${tags.news.id}`, { key: appToken, body })).status).toBe(422);
    expect((await h.call('GET', '/v1/tags', { key: appToken })).body.data).toHaveLength(2);
  });
});
