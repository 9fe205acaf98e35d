import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setItemTags } from '@/lib/service/domain/items/tags';
import { tagsOfItem } from '@/lib/service/domain/items/item-view';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

async function seed() {
  const { user } = await h.createUser();
  const itemIds = h.seedSubscription(user, [article(), article()]).itemIds;
  return { userId: user.id, itemIds };
}

const tagCount = (userId: string) => h.service.db.prepare('SELECT COUNT(*) FROM tags WHERE user_id = ?').pluck().get(userId);

describe('setItemTags', () => {
  it('creates tags once per name, ignoring case, keeping the first spelling', async () => {
    const { userId, itemIds: [a, b] } = await seed();
    setItemTags(h.service.db, userId, a, ['News', 'news', 'Tech']);
    setItemTags(h.service.db, userId, b, ['NEWS']);
    expect(tagCount(userId)).toBe(2);
    expect(tagsOfItem(h.service.db, userId, a).map((t) => [t.name, t.item_count])).toEqual([['News', 2], ['Tech', 1]]);
    expect(tagsOfItem(h.service.db, userId, b).map((t) => t.name)).toEqual(['News']);
  });

  it('replaces the set and keeps tags left without items', async () => {
    const { userId, itemIds: [a] } = await seed();
    setItemTags(h.service.db, userId, a, ['one', 'two']);
    setItemTags(h.service.db, userId, a, ['three']);
    expect(tagsOfItem(h.service.db, userId, a).map((t) => t.name)).toEqual(['three']);
    expect(tagCount(userId)).toBe(3);
  });

  it('keeps each user’s tags apart', async () => {
    const first = await seed();
    const second = await seed();
    setItemTags(h.service.db, first.userId, first.itemIds[0], ['shared']);
    setItemTags(h.service.db, second.userId, second.itemIds[0], ['shared']);
    const [mine] = tagsOfItem(h.service.db, first.userId, first.itemIds[0]);
    const [theirs] = tagsOfItem(h.service.db, second.userId, second.itemIds[0]);
    expect(mine.id).not.toBe(theirs.id);
    expect(mine.item_count).toBe(1);
  });
});
