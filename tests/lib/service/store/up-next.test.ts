import { afterAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

const started: Harness[] = [];
afterAll(async () => {
  for (const h of started) await h.stop();
});

/** A running service on a new SQLite file: its store, and the harness to seed what the up-next store only reads. */
async function openSqlite(): Promise<Harness> {
  const h = await startHarness();
  started.push(h);
  return h;
}

/** A user following a podcast of three episodes and a blog: the episode ids newest first. */
async function seed(h: Harness) {
  const { user } = await h.createUser();
  const { itemIds } = h.seedSubscription(user, [2, 0.5, 1].map((age) => episode({ published_at: isoDaysAgo(age) })), { source_type: 'podcast' });
  h.seedSubscription(user, [article()]);
  return { userId: user.id, newestFirst: [itemIds[1], itemIds[2], itemIds[0]] };
}

describe.each([['SQLite', openSqlite]] as [string, () => Promise<Harness>][])('the Up Next store on %s', (_engine, open) => {
  it('lists the unplayed episodes newest first, up to the limit', async () => {
    const h = await open();
    const { userId, newestFirst } = await seed(h);
    expect((await h.service.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual(newestFirst);
    expect((await h.service.store.upNext.list(userId, 2)).map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
  });

  it('hands the arranging function the queue in order and keeps the order it answers', async () => {
    const h = await open();
    const { userId, newestFirst: [a, b, c] } = await seed(h);
    const seen: string[][] = [];
    await h.service.store.upNext.arrange(userId, (queue) => {
      seen.push(queue);
      return [c, a, b];
    });
    expect(seen).toEqual([[a, b, c]]);
    expect((await h.service.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual([c, a, b]);
  });

  it('takes off the queue what the choosing function answers, and keeps it off through a later arrangement', async () => {
    const h = await open();
    const { userId, newestFirst: [a, b, c] } = await seed(h);
    await h.service.store.upNext.remove(userId, (queue) => queue.filter((id) => id === b));
    expect((await h.service.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual([a, c]);
    await h.service.store.upNext.arrange(userId, (queue) => [...queue].reverse());
    expect((await h.service.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual([c, a]);
  });

  it('changes nothing when the arranging function throws', async () => {
    const h = await open();
    const { userId, newestFirst } = await seed(h);
    await expect(h.service.store.upNext.arrange(userId, () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect((await h.service.store.upNext.list(userId, 10)).map((item) => item.id)).toEqual(newestFirst);
  });
});
