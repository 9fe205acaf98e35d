import { expect, it } from 'vitest';
import { describeOnBothEngines, type StoreFixture } from './store-fixture';

/** Stores an item of the feed with this id and text; `summary` and `content` may be missing. */
async function storeItem(f: StoreFixture, feedId: string, id: string, text: { title: string; summary?: string; content?: string }): Promise<void> {
  await f.run(`INSERT INTO items (id, feed_id, guid, url, title, summary, content, published_at, published_ms, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, feedId, id, `https://example.org/${id}`, text.title, text.summary ?? null, text.content ?? null,
  '2026-11-01T08:00:00.000Z', Date.parse('2026-11-01T08:00:00.000Z'), new Date().toISOString());
}

/** Marks an item indexed, as the intelligence does when it adds it. */
async function markIndexed(f: StoreFixture, itemId: string, doc: number): Promise<void> {
  await f.run('INSERT INTO intel_docs (doc, item_id, source_id, hour, published_at) VALUES (?, ?, ?, ?, ?)', doc, itemId, 'feed', 0, '2026-11-01T08:00:00.000Z');
}

describeOnBothEngines('the indexing store on %s', ['indexing'], (f) => {
  it('reads stored items as the intelligence indexes them, in byte order of their ids, leaving out ids not stored', async () => {
    const user = await f.user();
    const { feedId, itemId } = await f.subscription(user);
    await storeItem(f, feedId, 'b-item', { title: 'Ferry timetable', summary: 'Boats', content: '<p>Later boats</p>' });
    // An upper-case letter sorts before every lower-case one in byte order (as the queue's sort has it), whatever the collation says.
    await storeItem(f, feedId, 'B-item', { title: 'Harbour works' });
    const docs = await f.store.indexing.docs(['b-item', 'gone', 'B-item']);
    expect(docs).toEqual([
      { id: 'B-item', source_id: feedId, title: 'Harbour works', summary: '', content: '', url: 'https://example.org/B-item', published_at: '2026-11-01T08:00:00.000Z' },
      { id: 'b-item', source_id: feedId, title: 'Ferry timetable', summary: 'Boats', content: '<p>Later boats</p>', url: 'https://example.org/b-item',
        published_at: '2026-11-01T08:00:00.000Z' },
    ]);
    expect([...await f.store.indexing.storedAmong(['gone', 'b-item', itemId])].sort()).toEqual([itemId, 'b-item'].sort());
    expect(await f.store.indexing.storedAmong([])).toEqual(new Set());
  });

  it('finds the items not indexed yet: all of them in id order, or those among given ids in their order', async () => {
    const user = await f.user();
    const { feedId, itemId } = await f.subscription(user);
    for (const id of ['item-3', 'item-1', 'item-2']) await storeItem(f, feedId, id, { title: id });
    await markIndexed(f, 'item-2', 1);
    await markIndexed(f, itemId, 2);
    expect(await f.store.indexing.unindexed()).toEqual(['item-1', 'item-3']);
    expect(await f.store.indexing.unindexedAmong(['item-3', 'item-2', 'item-1', itemId])).toEqual(['item-3', 'item-1']);
  });
});
