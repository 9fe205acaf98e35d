import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the label store (%s)', ['labels'], (f) => {

  it('renames the folder and the tag of a label together, merging the tag into one already named so', async () => {
    const user = await f.user();
    const folder = await f.store.folders.create(user, { name: 'Tech', is_pinned: false }) as { id: string };
    const { itemId } = await f.subscription(user, folder.id);
    await f.tag(user, 'tech', [itemId]);
    const science = await f.tag(user, 'Science', []);
    expect(await f.store.labels.rename(user, 'TECH', 'science')).toBe('renamed');
    expect(await f.store.folders.get(user, folder.id)).toMatchObject({ name: 'science' });
    expect(await f.store.tags.list(user)).toEqual([{ id: science, name: 'science', item_count: 1, unread_count: 0 }]);
    expect(await f.store.labels.rename(user, 'Nowhere', 'Else')).toBe('not_found');
    expect(await f.store.labels.rename(await f.user(), 'science', 'Else')).toBe('not_found');
  });

  it('changes neither folder nor tag when another folder has the new name', async () => {
    const user = await f.user();
    await f.store.folders.create(user, { name: 'Tech', is_pinned: false });
    await f.store.folders.create(user, { name: 'Taken', is_pinned: false });
    const tag = await f.tag(user, 'Tech', []);
    expect(await f.store.labels.rename(user, 'Tech', 'TAKEN')).toBe('name_taken');
    expect((await f.store.folders.list(user)).map((one) => one.name)).toEqual(['Taken', 'Tech']);
    expect(await f.store.tags.get(user, tag)).toMatchObject({ name: 'Tech' });
  });

  it('deletes the folder (its subscriptions stay, in no folder) and the tag of a label, and saved searches forget both', async () => {
    const user = await f.user();
    const folder = await f.store.folders.create(user, { name: 'Walks', is_pinned: false }) as { id: string };
    const { subscriptionId, itemId } = await f.subscription(user, folder.id);
    const tag = await f.tag(user, 'walks', [itemId]);
    const search = await f.savedSearch(user, { folder_ids: [folder.id], tag_ids: [tag], q: 'hill' });
    expect(await f.store.labels.delete(user, 'WALKS')).toBe(true);
    expect(await f.store.folders.list(user)).toEqual([]);
    expect(await f.store.tags.list(user)).toEqual([]);
    expect(await f.folderOf(subscriptionId)).toBeNull();
    expect(await f.tagsOf(itemId)).toEqual([]);
    expect(await f.savedSearchQuery(search)).toEqual({ q: 'hill' });
    expect(await f.store.labels.delete(user, 'Walks')).toBe(false);
  });
});
