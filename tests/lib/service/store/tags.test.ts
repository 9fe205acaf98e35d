import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the tag store (%s)', ['tags'], (f) => {

  it('lists the user\'s tags by name with their item counts, and gets one only for its owner', async () => {
    const user = await f.user();
    const { itemId: one } = await f.subscription(user);
    const { itemId: two } = await f.subscription(user);
    const zebra = await f.tag(user, 'zebra', [one]);
    const apple = await f.tag(user, 'Apple', [one, two]);
    expect(await f.store.tags.list(user)).toEqual([
      { id: apple, name: 'Apple', item_count: 2, unread_count: 0 },
      { id: zebra, name: 'zebra', item_count: 1, unread_count: 0 },
    ]);
    expect(await f.store.tags.get(user, apple)).toEqual({ id: apple, name: 'Apple', item_count: 2 });
    expect(await f.store.tags.get(await f.user(), apple)).toBeNull();
    expect(await f.store.tags.rename(await f.user(), apple, 'Mine')).toBeNull();
    expect(await f.store.tags.delete(await f.user(), apple)).toBeNull();
  });

  it('renames a tag onto another\'s name by merging: one tag, spelled as given, carries every item once; saved searches follow', async () => {
    const user = await f.user();
    const { itemId: one } = await f.subscription(user);
    const { itemId: two } = await f.subscription(user);
    const later = await f.tag(user, 'later', [one, two]);
    const toRead = await f.tag(user, 'To read', [one]);
    const search = await f.savedSearch(user, { tag_ids: [later, toRead] });
    const merged = await f.store.tags.rename(user, later, 'to READ');
    expect(merged).toEqual({ id: toRead, name: 'to READ', item_count: 2 });
    expect(await f.store.tags.get(user, later)).toBeNull();
    expect(await f.tagsOf(one)).toEqual(['to READ']);
    expect(await f.savedSearchQuery(search)).toEqual({ tag_ids: [toRead] });
    expect(await f.store.tags.rename(user, toRead, 'Queue')).toEqual({ id: toRead, name: 'Queue', item_count: 2 });
  });

  it('deletes a tag from every item and saved search, keeping the items', async () => {
    const user = await f.user();
    const { itemId } = await f.subscription(user);
    const doomed = await f.tag(user, 'doomed', [itemId]);
    await f.tag(user, 'kept', [itemId]);
    const search = await f.savedSearch(user, { tag_ids: [doomed], q: 'x' });
    expect(await f.store.tags.delete(user, doomed)).toEqual({ id: doomed, name: 'doomed', item_count: 1 });
    expect(await f.tagsOf(itemId)).toEqual(['kept']);
    expect(await f.savedSearchQuery(search)).toEqual({ q: 'x' });
    expect(await f.store.tags.delete(user, doomed)).toBeNull();
  });
});
