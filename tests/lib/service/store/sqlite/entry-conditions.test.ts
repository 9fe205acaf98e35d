import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyItemFilter, EntryConditions, missingTarget } from '@/lib/service/store/sqlite/entry-conditions';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

describe('applyItemFilter', () => {
  function count(where: EntryConditions): number {
    return h.service.db.prepare(`SELECT COUNT(*) FROM entries e WHERE ${where.sql()}`).pluck().get(where.params) as number;
  }

  it('adds nothing but the user for an empty filter', async () => {
    const { user } = await h.createUser();
    await h.seedSubscription(user, [article(), article()]);
    const where = applyItemFilter({}, new EntryConditions(user.id));
    expect(where.sql()).toBe('e.user_id = @user');
    expect(count(where)).toBe(2);
  });

  it('names the first unknown id, whatever the order of the filters', async () => {
    const { user } = await h.createUser();
    const { subscriptionId } = await h.seedSubscription(user, [article()]);
    const missing = '00000000-0000-4000-8000-000000000005';
    expect(missingTarget(h.service.db, user.id, { subscription_ids: [subscriptionId, missing] })).toEqual({ missing: 'subscription', id: missing });
    expect(missingTarget(h.service.db, user.id, { subscription_ids: [subscriptionId] })).toBeNull();
  });

  it('leaves the original conditions alone when a clone is extended', async () => {
    const { user } = await h.createUser();
    const where = new EntryConditions(user.id);
    const copy = where.clone().add('e.is_read = 1');
    expect(where.sql()).toBe('e.user_id = @user');
    expect(copy.sql()).toBe('e.user_id = @user AND e.is_read = 1');
  });
});
