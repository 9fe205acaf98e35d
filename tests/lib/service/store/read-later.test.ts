import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the read-later store on %s', ['readLater'], (f) => {

  const link = (service: 'instapaper' | 'wallabag', account: string) =>
    ({ service, account, sealed_credentials: `sealed-${account}`, linked_at: new Date().toISOString() });

  it('keeps one link per user and service, a new link replacing the old, and forgets it on unlink', async () => {
    const userId = await f.user();
    const other = await f.user();
    await f.store.readLater.save(userId, link('wallabag', 'first'));
    await f.store.readLater.save(userId, link('instapaper', 'me'));
    const replaced = link('wallabag', 'second');
    await f.store.readLater.save(userId, replaced);
    expect((await f.store.readLater.links(userId)).map((row) => [row.service, row.account])).toEqual([['instapaper', 'me'], ['wallabag', 'second']]);
    expect(await f.store.readLater.link(userId, 'wallabag')).toEqual(replaced);
    expect(await f.store.readLater.links(other)).toEqual([]);
    expect(await f.store.readLater.unlink(other, 'wallabag')).toBe(false);
    expect(await f.store.readLater.unlink(userId, 'wallabag')).toBe(true);
    expect(await f.store.readLater.link(userId, 'wallabag')).toBeNull();
    expect(await f.store.readLater.unlink(userId, 'wallabag')).toBe(false);
  });

  it('reads an item to send only when the user has an entry for it', async () => {
    const userId = await f.user();
    const { itemIds: [itemId] } = await f.entries(userId, [{ item_type: 'article', published_ms: Date.now() }]);
    expect(await f.store.readLater.item(userId, itemId!)).toEqual({ title: 'Item', url: null, summary: null, author: null, item_type: 'article' });
    expect(await f.store.readLater.item(await f.user(), itemId!)).toBeNull();
    expect(await f.store.readLater.item(userId, randomUUID())).toBeNull();
  });
});
