import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

/** A user following a podcast of four episodes (newest first: 0.1, 1, 2, 3 days old) and a blog. */
async function seed() {
  const account = await h.createUser();
  const days = [2, 0.1, 3, 1];
  const { itemIds, feedId } = await h.seedSubscription(account.user, days.map((age) => episode({ published_at: isoDaysAgo(age) })), { source_type: 'podcast' });
  await h.seedSubscription(account.user, [article()]);
  const byAge = [1, 3, 0, 2].map((index) => itemIds[index]);
  return { ...account, newestFirst: byAge, feedId };
}

async function queue(token: string): Promise<string[]> {
  const answer = await h.call('GET', '/v1/up-next', { key: token });
  expect(answer.status).toBe(200);
  return (answer.body.data as { id: string }[]).map((item) => item.id);
}

describe('Up Next (/v1/up-next)', () => {
  it('lists the unplayed episodes of the podcasts followed, newest first, and no article', async () => {
    const { appToken, newestFirst } = await seed();
    expect(await queue(appToken)).toEqual(newestFirst);
  });

  it('leaves out episodes started, heard or read', async () => {
    const { appToken, key, newestFirst: [a, b, c, d] } = await seed();
    await h.call('POST', `/v1/items/${a}/playback-progress`, { key, body: { position_seconds: 30 } });
    await h.call('PATCH', `/v1/items/${b}`, { key, body: { is_read: true } });
    expect(await queue(appToken)).toEqual([c, d]);
  });

  it('keeps the order a person gives, with episodes arriving later on top', async () => {
    const { appToken, feedId, newestFirst: [a, b, c, d] } = await seed();
    const arranged = await h.call('PUT', '/v1/up-next', { key: appToken, body: { item_ids: [c, a] } });
    expect(arranged.status).toBe(200);
    expect(arranged.body.data.map((item: { id: string }) => item.id)).toEqual([c, a, b, d]);
    expect(await queue(appToken)).toEqual([c, a, b, d]);

    const [fresh] = await h.storeItems(feedId, [episode({ published_at: isoDaysAgo(0.01) })]);
    expect(await queue(appToken)).toEqual([fresh, c, a, b, d]);
  });

  it('takes episodes off the queue, and clears it, for good', async () => {
    const { appToken, newestFirst: [a, b, c, d] } = await seed();
    const removed = await h.call('DELETE', '/v1/up-next', { key: appToken, body: { item_ids: [b] } });
    expect(removed.body.data.map((item: { id: string }) => item.id)).toEqual([a, c, d]);
    // Arranging again does not bring a removed episode back.
    await h.call('PUT', '/v1/up-next', { key: appToken, body: { item_ids: [b, d] } });
    expect(await queue(appToken)).toEqual([d, a, c]);
    const cleared = await h.call('DELETE', '/v1/up-next', { key: appToken, body: {} });
    expect(cleared.body.data).toEqual([]);
    expect(await queue(appToken)).toEqual([]);
  });

  it('is one person\'s: another\'s ids are ignored and their queue is untouched', async () => {
    const first = await seed();
    const second = await seed();
    await h.call('DELETE', '/v1/up-next', { key: first.appToken, body: { item_ids: second.newestFirst } });
    await h.call('PUT', '/v1/up-next', { key: first.appToken, body: { item_ids: [second.newestFirst[3]] } });
    expect(await queue(second.appToken)).toEqual(second.newestFirst);
    expect(await queue(first.appToken)).toEqual(first.newestFirst);
  });

  it('refuses an order that names an episode twice, and changes nothing', async () => {
    const { appToken, newestFirst: [a, b] } = await seed();
    const answer = await h.call('PUT', '/v1/up-next', { key: appToken, body: { item_ids: [b, a, b] } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/more than once/);
    expect((await queue(appToken))[0]).toBe(a);
  });

  it('is first-party: an API key gets 403', async () => {
    const { key } = await seed();
    expect((await h.call('GET', '/v1/up-next', { key })).status).toBe(403);
  });
});
