import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the Fever store on %s', ['fever', 'feedIcons'], (f) => {

  async function folder(userId: string, name: string): Promise<string> {
    const id = randomUUID();
    await f.run('INSERT INTO folders (id, user_id, name, created_at) VALUES (?, ?, ?, ?)', id, userId, name, new Date().toISOString());
    return id;
  }

  it('names the user’s feeds, folders and items by integers, and maps them back to the user’s own ids only', async () => {
    const userId = await f.user();
    const other = await f.user();
    const folderId = await folder(userId, 'news');
    await folder(userId, 'Art');
    const { subscriptionId } = await f.subscription(userId, folderId, { title: 'Zebra daily' });
    const { itemIds: [itemId] } = await f.entries(userId, [{ item_type: 'article', published_ms: Date.now() }]);
    await f.run("UPDATE subscriptions SET title = 'apple notes' WHERE user_id = ? AND id != ?", userId, subscriptionId);

    const feeds = await f.store.fever.feeds(userId);
    expect(feeds.map((feed) => feed.title)).toEqual(['apple notes', 'Zebra daily']);
    const zebra = feeds[1]!;
    expect(Number.isInteger(zebra.id)).toBe(true);
    const groups = await f.store.fever.groups(userId);
    expect(groups.map((group) => group.title)).toEqual(['Art', 'news']);
    expect(zebra.group_id).toBe(groups[1]!.id);
    expect(await f.store.fever.idOf(userId, 'feed', zebra.id)).toBe(subscriptionId);
    expect(await f.store.fever.idOf(userId, 'group', groups[1]!.id)).toBe(folderId);
    expect(await f.store.fever.items(userId, { ids: [] }, 50)).toEqual([]);
    const [item] = await f.store.fever.items(userId, { sinceId: 0 }, 50);
    expect(await f.store.fever.idOf(userId, 'item', item!.id)).toBe(itemId);
    expect(await f.store.fever.idOf(other, 'item', item!.id)).toBeNull();
    expect(await f.store.fever.idOf(other, 'feed', zebra.id)).toBeNull();
    expect(await f.store.fever.idOf(other, 'group', groups[1]!.id)).toBeNull();
    expect(await f.store.fever.feeds(other)).toEqual([]);
  });

  it('pages items after an id oldest first, before an id newest first, or by ids, with their state', async () => {
    const userId = await f.user();
    const base = Date.now();
    const { itemIds } = await f.entries(userId, [0, 1, 2, 3].map((n) => ({ item_type: 'article' as const, published_ms: base + n })));
    await f.run('UPDATE entries SET is_read = 1 WHERE item_id = ?', itemIds[1]);
    await f.run('UPDATE entries SET is_saved = 1 WHERE item_id = ?', itemIds[2]);
    const all = await f.store.fever.items(userId, { sinceId: 0 }, 50);
    const ids = all.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.map((item) => item.published_ms)).toEqual([base, base + 1, base + 2, base + 3]);
    expect(all[0]).toMatchObject({ title: 'Item', html: '', is_read: 0, is_saved: 0, url: null, author: null });
    expect((await f.store.fever.items(userId, { sinceId: ids[0] }, 2)).map((item) => item.id)).toEqual([ids[1], ids[2]]);
    expect((await f.store.fever.items(userId, { maxId: ids[3] }, 2)).map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect((await f.store.fever.items(userId, { ids: [ids[3]!, ids[0]!, 999_999] }, 50)).map((item) => item.id)).toEqual([ids[0], ids[3]]);
    expect(await f.store.fever.itemIds(userId, 'unread')).toEqual([ids[0], ids[2], ids[3]]);
    expect(await f.store.fever.itemIds(userId, 'saved')).toEqual([ids[2]]);
    expect(await f.store.fever.totalItems(userId)).toBe(4);
    expect(await f.store.fever.totalItems(await f.user())).toBe(0);
  });

  it('lists the icons of the user’s feeds under the feeds’ own integers', async () => {
    const userId = await f.user();
    const { feedId } = await f.subscription(userId);
    await f.subscription(userId);
    await f.store.feedIcons.save(feedId, { contentType: 'image/png', data: Buffer.from([1, 2, 3]), url: 'https://example.org/i.png' }, new Date().toISOString());
    const feeds = await f.store.fever.feeds(userId);
    const favicons = await f.store.fever.favicons(userId);
    expect(favicons).toHaveLength(1);
    expect(feeds.filter((feed) => feed.has_icon).map((feed) => feed.id)).toEqual([favicons[0]!.id]);
    expect(Buffer.from(favicons[0]!.data).equals(Buffer.from([1, 2, 3]))).toBe(true);
  });
});
