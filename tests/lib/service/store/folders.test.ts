import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the folder store (%s)', ['folders'], (f) => {

  it('creates folders, lists them pinned first then by name, and refuses a name taken in any case', async () => {
    const user = await f.user();
    const zebra = await f.store.folders.create(user, { name: 'zebra', is_pinned: false });
    const work = await f.store.folders.create(user, { name: 'Work', is_pinned: true });
    const apples = await f.store.folders.create(user, { name: 'Apples', is_pinned: false });
    expect(await f.store.folders.create(user, { name: 'WORK', is_pinned: false })).toBe('name_taken');
    expect(await f.store.folders.list(user)).toEqual([work, apples, zebra]);
    expect(work).toEqual({ id: expect.any(String), name: 'Work', unread_count: 0, is_pinned: true });
    // Another user's folders are theirs: the same name is free, and neither sees the other's.
    const other = await f.user();
    expect(await f.store.folders.create(other, { name: 'Work', is_pinned: false })).toMatchObject({ name: 'Work' });
    expect(await f.store.folders.get(other, (work as { id: string }).id)).toBeNull();
  });

  it('orders names as SQLite\'s NOCASE does: ASCII case folded, then code points, so accented names follow z', async () => {
    const user = await f.user();
    for (const name of ['éclair', 'b', 'Zebra', 'A', 'Ärger', 'a-z']) await f.store.folders.create(user, { name, is_pinned: false });
    expect((await f.store.folders.list(user)).map((folder) => folder.name)).toEqual(['A', 'a-z', 'b', 'Zebra', 'Ärger', 'éclair']);
    expect((await f.store.folders.search(user, { q: '', limit: 10, offset: 0 })).data.map((folder) => folder.name))
      .toEqual(['A', 'a-z', 'b', 'Zebra', 'Ärger', 'éclair']);
  });

  it('updates a folder, and changes nothing when the new name is taken or the folder is not the user\'s', async () => {
    const user = await f.user();
    const news = await f.store.folders.create(user, { name: 'News', is_pinned: false }) as { id: string };
    await f.store.folders.create(user, { name: 'Tech', is_pinned: false });
    expect(await f.store.folders.update(user, news.id, { name: 'tech', is_pinned: true })).toBe('name_taken');
    expect(await f.store.folders.get(user, news.id)).toMatchObject({ name: 'News', is_pinned: false });
    expect(await f.store.folders.update(user, news.id, { is_pinned: true })).toMatchObject({ name: 'News', is_pinned: true });
    expect(await f.store.folders.update(user, news.id, { name: 'NEWS' })).toMatchObject({ name: 'NEWS', is_pinned: true });
    expect(await f.store.folders.update(await f.user(), news.id, { name: 'Mine' })).toBe('not_found');
  });

  it('deleting a folder moves its subscriptions to no folder and drops it from saved searches', async () => {
    const user = await f.user();
    const doomed = await f.store.folders.create(user, { name: 'Doomed', is_pinned: false }) as { id: string };
    const kept = await f.store.folders.create(user, { name: 'Kept', is_pinned: false }) as { id: string };
    const { subscriptionId } = await f.subscription(user, doomed.id);
    const both = await f.savedSearch(user, { folder_ids: [doomed.id, kept.id], q: 'x' });
    const only = await f.savedSearch(user, { folder_ids: [doomed.id] });

    expect(await f.store.folders.delete(await f.user(), doomed.id)).toBeNull();
    expect(await f.store.folders.delete(user, doomed.id)).toMatchObject({ id: doomed.id, name: 'Doomed' });
    expect(await f.store.folders.get(user, doomed.id)).toBeNull();
    expect(await f.folderOf(subscriptionId)).toBeNull();
    expect(await f.savedSearchQuery(both)).toEqual({ folder_ids: [kept.id], q: 'x' });
    expect(await f.savedSearchQuery(only)).toEqual({});
    expect(await f.store.folders.delete(user, doomed.id)).toBeNull();
  });

  it('ensures a folder by name without case, and deletes only the empty ones of those asked', async () => {
    const user = await f.user();
    const made = await f.store.folders.ensure(user, 'Podcasts');
    expect(made).toEqual({ id: expect.any(String), created: true });
    expect(await f.store.folders.ensure(user, 'PODCASTS')).toEqual({ id: made.id, created: false });
    const full = await f.store.folders.ensure(user, 'Full');
    await f.subscription(user, full.id);
    await f.store.folders.deleteIfEmpty(user, [made.id, full.id]);
    expect((await f.store.folders.list(user)).map((folder) => folder.name)).toEqual(['Full']);
  });
});
