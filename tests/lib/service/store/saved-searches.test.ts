import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the saved-search store (%s)', ['savedSearches'], (f) => {

  it('creates searches, lists them pinned first then by name, and refuses a name taken in any case', async () => {
    const user = await f.user();
    const plain = await f.store.savedSearches.create(user, { name: 'zeta', query: { q: 'rust' }, is_pinned: false }, {});
    const pinned = await f.store.savedSearches.create(user, { name: 'Work', query: { is_read: 'false' }, is_pinned: true }, {});
    expect(plain).toEqual({ id: expect.any(String), name: 'zeta', query_data: { q: 'rust' }, is_pinned: false, updated_at: expect.any(String) });
    expect(await f.store.savedSearches.create(user, { name: 'WORK', query: {}, is_pinned: false }, {})).toBe('name_taken');
    expect(await f.store.savedSearches.list(user)).toEqual([pinned, plain]);
    expect(await f.store.savedSearches.get(await f.user(), (plain as { id: string }).id)).toBeNull();
  });

  it('refuses, storing nothing, a query naming a subscription, folder or tag that is not the user\'s, reporting the first', async () => {
    const user = await f.user();
    const stranger = await f.user();
    const { subscriptionId } = await f.subscription(user);
    const theirs = await f.store.folders.create(stranger, { name: 'Theirs', is_pinned: false }) as { id: string };
    const mine = await f.store.folders.create(user, { name: 'Mine', is_pinned: false }) as { id: string };
    const refs = { subscription_ids: [subscriptionId], folder_ids: [mine.id, theirs.id], tag_ids: ['00000000-0000-4000-8000-000000000000'] };
    expect(await f.store.savedSearches.create(user, { name: 'S', query: {}, is_pinned: false }, refs))
      .toEqual({ missing: 'folder_ids', id: theirs.id });
    expect(await f.store.savedSearches.list(user)).toEqual([]);
    const made = await f.store.savedSearches.create(user, { name: 'S', query: { folder_ids: [mine.id] }, is_pinned: false },
      { subscription_ids: [subscriptionId], folder_ids: [mine.id] });
    expect(made).toMatchObject({ name: 'S', query_data: { folder_ids: [mine.id] } });
  });

  it('updates name, query and pin, moving updated_at on, and changes nothing when refused', async () => {
    const user = await f.user();
    const search = await f.store.savedSearches.create(user, { name: 'One', query: { q: 'a' }, is_pinned: false }, {}) as { id: string; updated_at: string };
    await f.store.savedSearches.create(user, { name: 'Two', query: {}, is_pinned: false }, {});
    expect(await f.store.savedSearches.update(user, search.id, { name: 'two' }, {})).toBe('name_taken');
    expect(await f.store.savedSearches.update(user, search.id, { query: { tag_ids: ['x'] } }, { tag_ids: ['x'] })).toEqual({ missing: 'tag_ids', id: 'x' });
    expect(await f.store.savedSearches.get(user, search.id)).toEqual(search);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await f.store.savedSearches.update(user, search.id, { name: 'Uno', query: { q: 'b' }, is_pinned: true }, {});
    expect(changed).toMatchObject({ name: 'Uno', query_data: { q: 'b' }, is_pinned: true });
    expect((changed as { updated_at: string }).updated_at > search.updated_at).toBe(true);
    expect(await f.store.savedSearches.update(await f.user(), search.id, { name: 'Mine' }, {})).toBe('not_found');
  });

  it('deletes a search of the user only', async () => {
    const user = await f.user();
    const search = await f.store.savedSearches.create(user, { name: 'Gone', query: {}, is_pinned: false }, {}) as { id: string };
    expect(await f.store.savedSearches.delete(await f.user(), search.id)).toBeNull();
    expect(await f.store.savedSearches.delete(user, search.id)).toMatchObject({ id: search.id, name: 'Gone' });
    expect(await f.store.savedSearches.delete(user, search.id)).toBeNull();
  });
});
