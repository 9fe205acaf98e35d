import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('name searches of the folder, tag and saved-search stores (%s)', ['folders', 'tags', 'savedSearches'], (f) => {

  it('finds names containing the text without regard to case, those starting with it first, a page at a time with the total', async () => {
    const user = await f.user();
    for (const name of ['Weekly ÄRGER', 'ärger daily', 'Calm', 'Other ärger']) await f.store.folders.create(user, { name, is_pinned: false });
    await f.store.folders.create(await f.user(), { name: 'Ärger of another user', is_pinned: false });
    const page = await f.store.folders.search(user, { q: ' Ärger ', limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.data.map((folder) => folder.name)).toEqual(['ärger daily', 'Other ärger']);
    expect(page.data[0]).toEqual({ id: expect.any(String), name: 'ärger daily', unread_count: 0, is_pinned: false });
    expect((await f.store.folders.search(user, { q: 'ärger', limit: 2, offset: 2 })).data.map((folder) => folder.name)).toEqual(['Weekly ÄRGER']);
    expect(await f.store.folders.search(user, { q: '%', limit: 10, offset: 0 })).toEqual({ data: [], total: 0 });
  });

  it('searches tags with their item counts, and saved searches as records', async () => {
    const user = await f.user();
    const { itemId } = await f.subscription(user);
    const tag = await f.tag(user, 'Reading list', [itemId]);
    await f.tag(user, 'Other', []);
    expect(await f.store.tags.search(user, { q: 'read', limit: 10, offset: 0 }))
      .toEqual({ data: [{ id: tag, name: 'Reading list', item_count: 1 }], total: 1 });
    const saved = await f.store.savedSearches.create(user, { name: 'Unread rust', query: { q: 'rust' }, is_pinned: false }, {});
    expect(await f.store.savedSearches.search(user, { q: 'RUST', limit: 10, offset: 0 })).toEqual({ data: [saved], total: 1 });
  });
});
