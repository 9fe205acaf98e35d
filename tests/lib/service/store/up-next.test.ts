import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

const daysAgo = (days: number) => Date.now() - days * 86_400_000;

describeOnBothEngines('the Up Next store on %s', ['upNext'], (f) => {

  /** A user following a podcast of three episodes and a blog: the episode ids newest first. */
  async function seed() {
    const userId = await f.user();
    const { itemIds } = await f.entries(userId, [2, 0.5, 1].map((age) => ({ item_type: 'episode' as const, published_ms: daysAgo(age) })));
    await f.entries(userId, [{ item_type: 'article', published_ms: daysAgo(0) }]);
    return { userId, newestFirst: [itemIds[1]!, itemIds[2]!, itemIds[0]!] };
  }

  it('lists the unplayed episodes newest first, up to the limit', async () => {
    const { userId, newestFirst } = await seed();
    expect((await f.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual(newestFirst);
    expect((await f.store.upNext.list(userId, 2)).map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
  });

  it('hands the arranging function the queue in order and keeps the order it answers', async () => {
    const { userId, newestFirst: [a, b, c] } = await seed();
    const seen: string[][] = [];
    await f.store.upNext.arrange(userId, (queue) => {
      seen.push(queue);
      return [c!, a!, b!];
    });
    expect(seen).toEqual([[a, b, c]]);
    expect((await f.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual([c, a, b]);
  });

  it('takes off the queue what the choosing function answers, and keeps it off through a later arrangement', async () => {
    const { userId, newestFirst: [a, b, c] } = await seed();
    await f.store.upNext.remove(userId, (queue) => queue.filter((id) => id === b));
    expect((await f.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual([a, c]);
    await f.store.upNext.arrange(userId, (queue) => [...queue].reverse());
    expect((await f.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual([c, a]);
  });

  it('changes nothing when the arranging function throws', async () => {
    const { userId, newestFirst } = await seed();
    await expect(f.store.upNext.arrange(userId, () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect((await f.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual(newestFirst);
  });
});
