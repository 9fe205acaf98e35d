import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { RefQuery } from '@/lib/service/store/greader';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the Google Reader store on %s', ['greader'], (f) => {
  async function folder(userId: string, name: string): Promise<string> {
    const id = randomUUID();
    await f.run('INSERT INTO folders (id, user_id, name, created_at) VALUES (?, ?, ?, ?)', id, userId, name, new Date().toISOString());
    return id;
  }

  /** The item numbers (stored row ids) of these items. */
  async function numbers(itemIds: string[]): Promise<number[]> {
    return Promise.all(itemIds.map(async (id) => Number((await f.run('SELECT item_rowid FROM entries WHERE item_id = ?', id))[0]!.item_rowid)));
  }

  /** A user with four items of one feed, published a second apart (oldest first), and their numbers. */
  async function fourItems() {
    const userId = await f.user();
    const base = 1_700_000_000_000;
    const { subscriptionId, feedId, itemIds } = await f.entries(userId, [0, 1, 2, 3].map((n) => ({ item_type: 'article' as const, published_ms: base + n * 1000 })));
    return { userId, base, subscriptionId, feedId, itemIds, ids: await numbers(itemIds) };
  }

  const query = (over: Partial<RefQuery> = {}): RefQuery => ({ stream: { kind: 'reading-list' }, oldestFirst: false, count: 20, ...over });

  it('pages a stream newest first by (published, id), and a continuation stays put while items arrive', async () => {
    const { userId, base, ids, itemIds } = await fourItems();
    const first = await f.store.greader.itemRefs(userId, query({ count: 2 }));
    expect(first.refs).toEqual([[ids[3], base + 3000], [ids[2], base + 2000]]);
    expect(first.next).toEqual({ ms: base + 2000, itemId: itemIds[2] });
    await f.entries(userId, [{ item_type: 'article', published_ms: base + 5000 }]);
    const second = await f.store.greader.itemRefs(userId, query({ count: 2, after: first.next }));
    expect(second).toEqual({ refs: [[ids[1], base + 1000], [ids[0], base]] });
    const oldest = await f.store.greader.itemRefs(userId, query({ count: 3, oldestFirst: true, oldestMs: base, newestMs: base + 5000 }));
    expect(oldest.refs.map(([id]) => id)).toEqual([ids[1], ids[2], ids[3]]);
    expect(await f.store.greader.itemRefs(await f.user(), query())).toEqual({ refs: [] });
  });

  it('pages items published at one moment by their ids in byte order, as SQLite orders them', async () => {
    const userId = await f.user();
    const { feedId, subscriptionId } = await f.subscription(userId);
    for (const id of ['a-item', 'B-item', 'c-item']) {
      await f.run(`INSERT INTO items (id, feed_id, guid, title, published_ms, created_at) VALUES (?, ?, ?, 'Item', 5000, ?)`, id, feedId, id, new Date().toISOString());
      await f.run(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
        SELECT ?, id, ?, item_type, published_ms, rowid FROM items WHERE id = ?`, userId, subscriptionId, id);
    }
    const [a, b, c] = await numbers(['a-item', 'B-item', 'c-item']);
    const first = await f.store.greader.itemRefs(userId, query({ count: 1 }));
    expect(first).toEqual({ refs: [[c, 5000]], next: { ms: 5000, itemId: 'c-item' } });
    const second = await f.store.greader.itemRefs(userId, query({ count: 1, after: first.next }));
    expect(second).toEqual({ refs: [[a, 5000]], next: { ms: 5000, itemId: 'a-item' } });
    expect(await f.store.greader.itemRefs(userId, query({ count: 1, after: second.next }))).toEqual({ refs: [[b, 5000]] });
    const oldest = await f.store.greader.itemRefs(userId, query({ oldestFirst: true, after: { ms: 5000, itemId: 'B-item' } }));
    expect(oldest.refs.map(([id]) => id)).toEqual([a, c]);
  });

  it('lists states, left out or kept to, and feeds by address or by their tidings: key', async () => {
    const { userId, ids, itemIds, feedId } = await fourItems();
    await f.run('UPDATE entries SET is_read = 1 WHERE item_id = ?', itemIds[0]);
    await f.run('UPDATE entries SET is_saved = 1 WHERE item_id IN (?, ?)', itemIds[0], itemIds[3]);
    const listed = async (over: Partial<RefQuery>) => (await f.store.greader.itemRefs(userId, query(over))).refs.map(([id]) => id);
    expect(await listed({ exclude: { kind: 'read' } })).toEqual([ids[3], ids[2], ids[1]]);
    expect(await listed({ stream: { kind: 'read' } })).toEqual([ids[0]]);
    expect(await listed({ stream: { kind: 'starred' }, exclude: { kind: 'read' } })).toEqual([ids[3]]);
    expect(await listed({ include: { kind: 'starred' } })).toEqual([ids[3], ids[0]]);
    expect(await listed({ stream: { kind: 'kept-unread' }, exclude: { kind: 'starred' } })).toEqual([ids[2], ids[1]]);
    const { url } = await f.feed(feedId);
    expect(await listed({ stream: { kind: 'feed', url: url! }, exclude: { kind: 'feed', url: 'https://example.org/other.xml' } })).toHaveLength(4);
    expect(await listed({ stream: { kind: 'feed', url: `tidings:${feedId}` } })).toHaveLength(4);
    expect(await listed({ stream: { kind: 'feed', url: 'https://example.org/other.xml' } })).toEqual([]);
  });

  it('lists a label as its folder’s feeds and its tagged items, the name without case', async () => {
    const userId = await f.user();
    const newsId = await folder(userId, 'News');
    const { subscriptionId } = await f.subscription(userId, null);
    await f.run('UPDATE subscriptions SET folder_id = ? WHERE id = ?', newsId, subscriptionId);
    const inFolder = await f.entries(userId, [{ item_type: 'article', published_ms: 2000 }]);
    await f.run('UPDATE entries SET subscription_id = ? WHERE item_id = ?', subscriptionId, inFolder.itemIds[0]);
    const tagged = await f.entries(userId, [{ item_type: 'article', published_ms: 1000 }, { item_type: 'article', published_ms: 3000 }]);
    await f.tag(userId, 'news', [tagged.itemIds[0]!]);
    const expected = await numbers([inFolder.itemIds[0]!, tagged.itemIds[0]!]);
    const listed = await f.store.greader.itemRefs(userId, query({ stream: { kind: 'label', name: 'NEWS' } }));
    expect(listed.refs.map(([id]) => id)).toEqual(expected);
    const other = await f.user();
    expect((await f.store.greader.itemRefs(other, query({ stream: { kind: 'label', name: 'News' } }))).refs).toEqual([]);
  });

  it('reads items by number in the order asked, with state, folder and labels, and only the user’s own', async () => {
    const { userId, ids, itemIds, subscriptionId, feedId } = await fourItems();
    const newsId = await folder(userId, 'News');
    await f.run('UPDATE subscriptions SET folder_id = ?, title = ? WHERE id = ?', newsId, 'My feed', subscriptionId);
    await f.run("UPDATE items SET title = 'Hello', url = 'https://example.org/a', summary = 'Short' WHERE id = ?", itemIds[1]);
    await f.run('UPDATE entries SET is_read = 1, is_saved = 1 WHERE item_id = ?', itemIds[1]);
    await f.tag(userId, 'Later', [itemIds[1]!]);
    await f.tag(userId, 'Art', [itemIds[1]!]);
    const rows = await f.store.greader.itemContents(userId, [ids[1]!, 999_999_999, ids[0]!]);
    expect(rows.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    const { url } = await f.feed(feedId);
    expect(rows[0]).toMatchObject({
      item_id: itemIds[1], title: 'Hello', url: 'https://example.org/a', html: 'Short', published_ms: 1_700_000_001_000,
      is_read: 1, is_saved: 1, feed_url: url, feed_key: `tidings:${feedId}`, feed_title: 'My feed', folder: 'News',
    });
    expect(rows[0]!.tags!.split('\n').sort()).toEqual(['Art', 'Later']);
    expect(rows[1]).toMatchObject({ is_read: 0, is_saved: 0, tags: null, html: '' });
    expect(await f.store.greader.itemContents(await f.user(), ids)).toEqual([]);
    expect(await f.store.greader.itemContents(userId, [])).toEqual([]);
  });

  it('lists subscriptions by title without case, unread counts per subscription, and label names and ids', async () => {
    const userId = await f.user();
    const artId = await folder(userId, 'art');
    await folder(userId, 'Zoo');
    const a = await f.subscription(userId, artId, { title: 'beta' });
    const b = await f.subscription(userId, null, { title: 'Alpha', url: null });
    const entries = await f.entries(userId, [{ item_type: 'article', published_ms: 5000 }, { item_type: 'article', published_ms: 9000 }]);
    await f.run("UPDATE subscriptions SET title = 'gamma' WHERE id = ?", entries.subscriptionId);
    await f.tag(userId, 'Later', entries.itemIds);
    await f.run('UPDATE entries SET is_read = 1 WHERE item_id = ?', entries.itemIds[0]);
    const rows = await f.store.greader.subscriptions(userId);
    expect(rows.map((row) => [row.id, row.title, row.folder])).toEqual([[b.subscriptionId, 'Alpha', null], [a.subscriptionId, 'beta', 'art'],
      [entries.subscriptionId, 'gamma', null]]);
    expect(rows[0]).toMatchObject({ feed_url: null, feed_key: `tidings:${b.feedId}` });
    expect(await f.store.greader.unreadBySubscription(userId)).toEqual([{ subscription_id: entries.subscriptionId, count: 1, newest_ms: 9000 }]);
    expect(await f.store.greader.labelNames(userId)).toEqual({ folders: ['art', 'Zoo'], tags: ['Later'] });
    const later = await f.store.greader.labelIds(userId, 'LATER');
    expect(later.folder).toBeUndefined();
    expect(later.tag).toEqual(expect.any(String));
    expect((await f.store.greader.labelIds(userId, 'Art')).folder).toBe(artId);
    const none = await f.store.greader.labelIds(await f.user(), 'art');
    expect([none.folder, none.tag]).toEqual([undefined, undefined]);
  });

  it('lists subscriptions of one title in the order of their ids', async () => {
    const userId = await f.user();
    const first = await f.subscription(userId, null, { title: 'Same' });
    const second = await f.subscription(userId, null, { title: 'same' });
    await f.run('UPDATE subscriptions SET id = ? WHERE id = ?', 'ffffffff-0000-4000-8000-000000000000', first.subscriptionId);
    await f.run('UPDATE subscriptions SET id = ? WHERE id = ?', '00000000-0000-4000-8000-000000000000', second.subscriptionId);
    expect((await f.store.greader.subscriptions(userId)).map((row) => row.id))
      .toEqual(['00000000-0000-4000-8000-000000000000', 'ffffffff-0000-4000-8000-000000000000']);
  });

  it('edits items by number in one unit: states in order, then tags; a save past the limit changes nothing', async () => {
    const { userId, ids, itemIds } = await fourItems();
    await f.tag(userId, 'Old', [itemIds[0]!, itemIds[1]!]);
    const retag = (names: string[]) => [...names.filter((name) => name !== 'Old'), 'New'];
    expect(await f.store.greader.editItems(userId, [ids[0]!, ids[1]!, 999_999_999], { actions: ['mark_read', 'save'], retag }, null)).toBe(2);
    expect(await f.tagsOf(itemIds[0]!)).toEqual(['New']);
    expect(await f.tagsOf(itemIds[2]!)).toEqual([]);
    const state = async (itemId: string) => (await f.run('SELECT is_read, is_saved FROM entries WHERE item_id = ?', itemId))[0];
    expect(await state(itemIds[1]!)).toEqual({ is_read: 1, is_saved: 1 });
    expect(await state(itemIds[2]!)).toEqual({ is_read: 0, is_saved: 0 });

    expect(await f.store.greader.editItems(userId, [ids[2]!, ids[3]!], { actions: ['mark_read', 'save'], retag: () => ['Never'] }, 3)).toBe('saved_limit');
    expect(await state(itemIds[2]!)).toEqual({ is_read: 0, is_saved: 0 });
    expect(await f.tagsOf(itemIds[2]!)).toEqual([]);

    expect(await f.store.greader.editItems(await f.user(), ids, { actions: ['mark_read'] }, null)).toBe(0);
    expect(await state(itemIds[3]!)).toEqual({ is_read: 0, is_saved: 0 });
  });
});
