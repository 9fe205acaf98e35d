import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ItemPage, ItemPageQuery } from '@/lib/service/store/items';
import { describeOnBothEngines } from './store-fixture';

const day = 86_400_000;
const start = Date.UTC(2026, 0, 1);

describeOnBothEngines('the item store on %s', ['items'], (f) => {

  /** A user following one feed of `count` articles, published a day apart (the last newest). */
  async function seedArticles(count: number) {
    const userId = await f.user();
    const { subscriptionId, itemIds } = await f.entries(userId, Array.from({ length: count }, (_, index) => ({ item_type: 'article' as const, published_ms: start + index * day })));
    return { userId, subscriptionId, itemIds };
  }

  async function page(userId: string, query: Partial<ItemPageQuery>): Promise<ItemPage> {
    const answer = await f.store.items.list(userId, { filter: {}, order: 'newest', limit: 50, ...query });
    if ('missing' in answer) throw new Error(`unexpected refusal: ${answer.missing}`);
    return answer;
  }

  const ids = (found: ItemPage) => found.rows.map((row) => row.id);

  it('lists newest first and carries on after the last row of a page, with the whole list counted', async () => {
    const { userId, itemIds } = await seedArticles(5);
    const first = await page(userId, { limit: 2 });
    expect(ids(first)).toEqual([itemIds[4], itemIds[3]]);
    expect(first.total).toBe(5);
    expect(first.rows[0]).toMatchObject({ is_read: 0, is_saved: 0, item_type: 'article', sort_key: start + 4 * day, last_played_ms: null });
    const last = first.rows[1]!;
    const second = await page(userId, { limit: 2, after: { key: last.sort_key, id: last.id, phase: 'own' } });
    expect(ids(second)).toEqual([itemIds[2], itemIds[1]]);
    expect(ids(await page(userId, { order: 'oldest', limit: 2 }))).toEqual([itemIds[0], itemIds[1]]);
  });

  it('filters by state, subscription, tag and date, and counts what the filter covers', async () => {
    const { userId, subscriptionId, itemIds } = await seedArticles(4);
    const other = await f.entries(userId, [{ item_type: 'article', published_ms: start }]);
    expect(await f.store.items.bulkUpdate(userId, [itemIds[0]!, itemIds[1]!], 'mark_read', null)).toBe(2);
    const unread = await page(userId, { filter: { is_read: false } });
    expect(ids(unread).sort()).toEqual([itemIds[2], itemIds[3], other.itemIds[0]].sort());
    expect(unread.total).toBe(3);
    expect((await page(userId, { filter: { subscription_ids: [subscriptionId], is_read: false } })).total).toBe(2);
    const tagId = await f.tag(userId, 'later', [itemIds[1]!, itemIds[3]!]);
    expect(ids(await page(userId, { filter: { tag_ids: [tagId] } }))).toEqual([itemIds[3], itemIds[1]]);
    const dated = await page(userId, { filter: { from_ms: start + day, until_ms: start + 2 * day } });
    expect(ids(dated)).toEqual([itemIds[2], itemIds[1]]);
    expect(dated.total).toBe(2);
  });

  it('names a subscription, folder or tag of the filter that the user does not have, and marks nothing', async () => {
    const { userId, subscriptionId } = await seedArticles(2);
    const missing = randomUUID();
    expect(await f.store.items.list(userId, { filter: { subscription_ids: [subscriptionId, missing] }, order: 'newest', limit: 10 }))
      .toEqual({ missing: 'subscription', id: missing });
    expect(await f.store.items.markAll(userId, { folder_ids: [missing] }, true)).toEqual({ missing: 'folder', id: missing });
    expect(await f.store.items.markAll(userId, { tag_ids: [missing] }, true)).toEqual({ missing: 'tag', id: missing });
    expect((await page(userId, { filter: { is_read: false } })).total).toBe(2);
  });

  it('searches every word typed, the last as a prefix, in titles and summaries or the body too', async () => {
    const { userId, itemIds: [harbour, bridge, body] } = await seedArticles(3);
    await f.itemText(harbour!, { title: 'The harbour reopens', summary: 'Ferries return to the old quay' });
    await f.itemText(bridge!, { title: 'Bridge closed for repairs' });
    await f.itemText(body!, { title: 'Weekly notes', content: '<p>The harbour festival is on Sunday</p>' });
    const search = (text: string, includeBody = true) => page(userId, { search: { text, include_body: includeBody, global: null } });
    expect(ids(await search('harbour')).sort()).toEqual([harbour, body].sort());
    expect(ids(await search('harbour', false))).toEqual([harbour]);
    expect(ids(await search('ferries quay'))).toEqual([harbour]);
    expect(ids(await search('ferries bridge'))).toEqual([]);
    expect(ids(await search('repai'))).toEqual([bridge]);
    const none = await search('!!! ...');
    expect(none).toEqual({ rows: [], total: 0 });
    expect((await search('harbour')).total).toBe(2);
  });

  it('follows the user’s matches with global ones (items of feeds they do not follow), paging into them', async () => {
    const { userId, itemIds: [mine] } = await seedArticles(1);
    const stranger = await f.user();
    const elsewhere = await f.entries(stranger, [{ item_type: 'article', published_ms: start + 5 * day }, { item_type: 'article', published_ms: start + 6 * day }]);
    await f.itemText(mine!, { title: 'Tide tables for March' });
    for (const id of elsewhere.itemIds) await f.itemText(id, { title: 'Spring tide warning' });
    const global = { include_body: true, global: {} };
    const first = await page(userId, { search: { text: 'tide', ...global }, limit: 2 });
    expect(ids(first)).toEqual([mine, elsewhere.itemIds[1]]);
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.is_global ?? 0)).toEqual([0, 1]);
    const last = first.rows[1]!;
    const next = await page(userId, { search: { text: 'tide', ...global }, limit: 2, after: { key: last.sort_key, id: last.id, phase: 'global' } });
    expect(ids(next)).toEqual([elsewhere.itemIds[0]]);
    expect(ids(await page(userId, { search: { text: 'tide', include_body: true, global: null } }))).toEqual([mine]);
  });

  it('ranks search matches by where the words are (title, then summary, then body), newer first among equals, hidden items too', async () => {
    const { userId, itemIds: [inBody, inSummary, inTitle, olderTitle, hidden] } = await seedArticles(5);
    await f.itemText(inBody!, { title: 'Weekly notes', content: 'A lighthouse keeper writes' });
    await f.itemText(inSummary!, { title: 'Coast walk', summary: 'Past the lighthouse' });
    await f.itemText(inTitle!, { title: 'The lighthouse at dusk' });
    await f.itemText(olderTitle!, { title: 'Lighthouse repairs' });
    await f.itemText(hidden!, { title: 'A lighthouse for sale' });
    await f.hide(userId, hidden!);
    await f.itemText((await seedArticles(1)).itemIds[0]!, { title: 'Somebody else’s lighthouse' });
    const found = await f.store.items.search(userId, 'lighthouse', 10);
    expect(found.map((row) => row.id).slice(-2)).toEqual([inSummary, inBody]);
    expect(new Set(found.slice(0, 3).map((row) => row.id))).toEqual(new Set([hidden, inTitle, olderTitle]));
    expect(found.find((row) => row.id === hidden)).toMatchObject({ is_read: null, is_saved: null });
    expect((await f.store.items.search(userId, 'lighthouse', 2)).length).toBe(2);
    expect(await f.store.items.search(userId, '…', 10)).toEqual([]);
    expect(await f.store.items.detail(userId, hidden!)).toMatchObject({ row: { id: hidden, is_read: null } });
  });

  it('reads one item with its tags and every tag name of the user, and nothing for an item not theirs', async () => {
    const { userId, itemIds: [itemId, other] } = await seedArticles(2);
    await f.tag(userId, 'Zebra', [itemId!]);
    await f.tag(userId, 'apple', [itemId!, other!]);
    await f.tag(userId, 'Mango', []);
    const found = await f.store.items.detail(userId, itemId!);
    expect(found?.row).toMatchObject({ id: itemId, is_read: 0, notes: null, prefers_full_content: 0, platform_metadata: '{}' });
    expect(found?.tags.map((tag) => [tag.name, tag.item_count])).toEqual([['apple', 2], ['Zebra', 1]]);
    expect(found?.tag_names).toEqual(['apple', 'Mango', 'Zebra']);
    expect(await f.store.items.detail(await f.user(), itemId!)).toBeNull();
  });

  it('changes one entry as `decide` says, tags found without case or made, and answers the item as it is then', async () => {
    const { userId, itemIds: [itemId] } = await seedArticles(1);
    await f.tag(userId, 'News', []);
    const seen: unknown[] = [];
    const changed = await f.store.items.update(userId, itemId!, (current) => {
      seen.push(current.is_read);
      return { is_read: true, is_saved: true, notes: 'Read again', tags: ['news', 'Tech'] };
    }, null);
    expect(seen).toEqual([0]);
    expect(changed).not.toBe('saved_limit');
    expect(changed).toMatchObject({ row: { is_read: 1, is_saved: 1, notes: 'Read again' } });
    expect(await f.tagsOf(itemId!)).toEqual(['News', 'Tech']);
    expect(await f.store.items.update(userId, randomUUID(), () => ({ is_read: true }), null)).toBeNull();
  });

  it('refuses to save past the limit and changes nothing, nor when `decide` throws', async () => {
    const { userId, itemIds: [a, b, c] } = await seedArticles(3);
    expect(await f.store.items.bulkUpdate(userId, [a!, randomUUID()], 'save', 1)).toBe(1);
    expect(await f.store.items.update(userId, b!, () => ({ is_saved: true, is_read: true }), 1)).toBe('saved_limit');
    expect(await f.store.items.bulkUpdate(userId, [b!, c!], 'save', 2)).toBe('saved_limit');
    await expect(f.store.items.update(userId, b!, () => { throw new Error('refused'); }, null)).rejects.toThrow('refused');
    expect((await f.store.items.detail(userId, b!))?.row).toMatchObject({ is_saved: 0, is_read: 0 });
    expect((await page(userId, { filter: { is_saved: true } })).total).toBe(1);
  });

  it('marks all read up to a date within the filter, leaving other users alone, and keeps the counts exact', async () => {
    const { userId, subscriptionId, itemIds } = await seedArticles(4);
    await f.entries(userId, [{ item_type: 'article', published_ms: start }]);
    const neighbour = await seedArticles(2);
    expect(await f.store.items.markAll(userId, { subscription_ids: [subscriptionId], until_ms: start + 2 * day }, true)).toBe(3);
    expect(ids(await page(userId, { filter: { subscription_ids: [subscriptionId], is_read: false } }))).toEqual([itemIds[3]]);
    expect((await page(userId, { filter: { is_read: false } })).total).toBe(2);
    expect((await page(userId, { filter: { is_read: true } })).total).toBe(3);
    expect(await f.store.items.markAll(userId, {}, true)).toBe(2);
    expect((await page(userId, { filter: { is_read: false } })).total).toBe(0);
    expect(await f.store.items.markAll(userId, {}, false)).toBe(5);
    expect((await page(userId, { filter: { is_read: false } })).total).toBe(5);
    expect((await page(neighbour.userId, { filter: { is_read: false } })).total).toBe(2);
  });

  it('keeps the counts exact when single and bulk changes follow a mark all, and while it marks only its user', async () => {
    const { userId, itemIds } = await seedArticles(3);
    const saved = await seedArticles(2);
    const neighbour = await seedArticles(2);
    expect(await f.store.items.bulkUpdate(userId, [itemIds[0]!], 'save', null)).toBe(1);
    expect(await f.store.items.markAll(userId, {}, true)).toBe(3);
    // Changes after it, on the same connections, are counted as they happen.
    await f.store.items.update(userId, itemIds[1]!, () => ({ is_read: false }), null);
    expect(await f.store.items.bulkUpdate(userId, [itemIds[0]!, itemIds[2]!], 'mark_unread', null)).toBe(2);
    expect(await f.store.items.bulkUpdate(saved.userId, saved.itemIds, 'mark_read', null)).toBe(2);
    await f.store.items.update(neighbour.userId, neighbour.itemIds[0]!, () => ({ is_saved: true }), null);
    // A tag is a filter the counters do not cover: its entries are counted one by one.
    const tag = await f.tag(userId, 'later', [itemIds[1]!, itemIds[2]!]);
    expect(await f.store.items.markAll(userId, { tag_ids: [tag], until_ms: start + day }, true)).toBe(1);
    await expectExactCounts();
    expect((await page(userId, { filter: { is_read: false } })).total).toBe(2);
    expect((await page(neighbour.userId, { filter: { is_saved: true } })).total).toBe(1);
  });

  it('counts again when the counters had drifted from the entries a mark all changed', async () => {
    const { userId } = await seedArticles(3);
    await f.run('UPDATE entry_counts SET n = n + 2 WHERE user_id = ? AND is_read = 0', userId);
    expect(await f.store.items.markAll(userId, {}, true)).toBe(3);
    await expectExactCounts();
    expect((await page(userId, { filter: { is_read: true } })).total).toBe(3);
    // Counters that lost the entries still let them be marked.
    await f.run('DELETE FROM entry_counts WHERE user_id = ?', userId);
    expect(await f.store.items.markAll(userId, {}, false)).toBe(3);
    await expectExactCounts();
  });

  /** entry_counts hold what counting every entry gives (rows left at zero aside). */
  async function expectExactCounts() {
    const counted = await f.run(`SELECT user_id, subscription_id, item_type, is_read, is_saved, n FROM entry_counts WHERE n <> 0
      ORDER BY user_id, subscription_id, item_type, is_read, is_saved`);
    const actual = await f.run(`SELECT user_id, COALESCE(subscription_id, '') AS subscription_id, item_type, is_read, is_saved, COUNT(*) AS n
      FROM entries GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
    expect(counted.map((row) => ({ ...row, n: Number(row.n) }))).toEqual(actual.map((row) => ({ ...row, n: Number(row.n) })));
  }
});
