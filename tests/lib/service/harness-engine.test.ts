import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, testEngine, type Harness } from './harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

// Runs in both projects of the unit config: each must run the service on its own engine.
describe(`the service harness (${testEngine})`, () => {
  it('opens the service on the engine TIDINGS_TEST_ENGINE names', () => {
    expect(testEngine).toBe(process.env.TIDINGS_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite');
    // Only SQLite's store keeps a file a worker thread may read.
    if (testEngine === 'postgres') {
      expect(h.service.store.feeds.readOnlyFile).toBeNull();
      expect(() => h.service.db).toThrow(/runs on SQLite only/);
    } else {
      expect(h.service.store.feeds.readOnlyFile).toMatch(/service\.db$/);
      expect(h.service.db.open).toBe(true);
    }
  });

  it('seeds through the store: a followed feed, its items, a folder, and a feed nobody follows', async () => {
    const { user, key } = await h.createUser();
    const folderId = await h.createFolder(user, 'Reading');
    const { subscriptionId, itemIds } = await h.seedSubscription(user, [article(), article()], { folderId, title: 'Followed' });
    const unfollowed = await h.createFeed({ title: 'Nobody follows' });
    await h.storeItems(unfollowed, [article()]);

    const subscriptions = await h.call('GET', '/v1/subscriptions', { key, query: { all: true } });
    expect(subscriptions.body.data.map((s: { id: string; title: string }) => [s.id, s.title]))
      .toEqual([[subscriptionId, 'Followed']]);
    const detail = await h.call('GET', `/v1/subscriptions/${subscriptionId}`, { key });
    expect(detail.body.folder_name).toBe('Reading');
    const items = await h.call('GET', '/v1/items', { key });
    expect(items.body.data.map((item: { id: string }) => item.id).sort()).toEqual([...itemIds].sort());
  });
});
