import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the item store\'s reads for similar items on %s', ['items'], (f) => {
  it('says which of the ids the user has an entry for, and reads those items whole, the user\'s own state with them', async () => {
    const user = await f.user();
    const { subscriptionId, itemIds: [older, newer] } = await f.entries(user, [
      { item_type: 'episode', published_ms: 1000, duration_seconds: 60 }, { item_type: 'episode', published_ms: 2000 }]);
    await f.run('UPDATE entries SET is_read = 1, last_played_ms = ? WHERE user_id = ? AND item_id = ?', 1_700_000_000_123, user, newer);
    const { itemId: notTheirs } = await f.subscription(await f.user());

    expect((await f.store.items.withEntries(user, [older, newer, notTheirs, 'no-such-item'])).sort()).toEqual([older, newer].sort());
    expect(await f.store.items.withEntries(user, [notTheirs])).toEqual([]);
    expect(await f.store.items.withEntries(user, [])).toEqual([]);

    const rows = await f.store.items.rowsByIds(user, [newer, notTheirs, older]);
    expect(rows.map((row) => row.id).sort()).toEqual([older, newer].sort());
    expect(rows.find((row) => row.id === newer)).toMatchObject({
      item_type: 'episode', subscription_id: subscriptionId, is_read: 1, is_saved: 0, last_played_ms: 1_700_000_000_123,
    });
    expect(await f.store.items.rowsByIds(await f.user(), [older])).toEqual([]);
  });
});
