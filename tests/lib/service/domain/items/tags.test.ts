import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setItemTags } from '@/lib/service/domain/items/tags';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

async function seed() {
  const { user } = await h.createUser();
  const itemIds = (await h.seedSubscription(user, [article(), article()])).itemIds;
  return { userId: user.id, itemIds };
}

const tagsOfItem = (userId: string, itemId: string) => h.service.store.items.tagsOf(userId, itemId);
const tagCount = (userId: string) => h.service.db.prepare('SELECT COUNT(*) FROM tags WHERE user_id = ?').pluck().get(userId);

describe('setItemTags', () => {
  it('creates tags once per name, ignoring case, keeping the first spelling', async () => {
    const { userId, itemIds: [a, b] } = await seed();
    await setItemTags(h.service.store, userId, a, ['News', 'news', 'Tech']);
    await setItemTags(h.service.store, userId, b, ['NEWS']);
    expect(tagCount(userId)).toBe(2);
    expect((await tagsOfItem(userId, a)).map((t) => [t.name, t.item_count])).toEqual([['News', 2], ['Tech', 1]]);
    expect((await tagsOfItem(userId, b)).map((t) => t.name)).toEqual(['News']);
  });

  it('replaces the set and keeps tags left without items', async () => {
    const { userId, itemIds: [a] } = await seed();
    await setItemTags(h.service.store, userId, a, ['one', 'two']);
    await setItemTags(h.service.store, userId, a, ['three']);
    expect((await tagsOfItem(userId, a)).map((t) => t.name)).toEqual(['three']);
    expect(tagCount(userId)).toBe(3);
  });

  it('keeps each user’s tags apart', async () => {
    const first = await seed();
    const second = await seed();
    await setItemTags(h.service.store, first.userId, first.itemIds[0], ['shared']);
    await setItemTags(h.service.store, second.userId, second.itemIds[0], ['shared']);
    const [mine] = await tagsOfItem(first.userId, first.itemIds[0]);
    const [theirs] = await tagsOfItem(second.userId, second.itemIds[0]);
    expect(mine.id).not.toBe(theirs.id);
    expect(mine.item_count).toBe(1);
  });
});
