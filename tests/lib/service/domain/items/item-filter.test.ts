import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyItemFilter, endOfDayMs, EntryConditions, startOfDayMs } from '@/lib/service/domain/items/item-filter';
import { DomainError } from '@/lib/service/domain/errors';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

describe('calendar day bounds', () => {
  it('spans the whole UTC day, both ends included', () => {
    expect(new Date(startOfDayMs('2026-03-01')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(endOfDayMs('2026-03-01')).toISOString()).toBe('2026-03-01T23:59:59.999Z');
    expect(new Date(endOfDayMs('2028-02-28') + 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('applyItemFilter', () => {
  function count(userId: string, where: EntryConditions): number {
    return h.service.db.prepare(`SELECT COUNT(*) FROM entries e WHERE ${where.sql()}`).pluck().get(where.params) as number;
  }

  it('adds nothing but the user for an empty filter', async () => {
    const { user } = await h.createUser();
    h.seedSubscription(user, [article(), article()]);
    const where = applyItemFilter(h.service.db, user.id, {}, new EntryConditions(user.id));
    expect(where.sql()).toBe('e.user_id = @user');
    expect(count(user.id, where)).toBe(2);
  });

  it('refuses as not found, naming the first unknown id, whatever the order of the filters', async () => {
    const { user } = await h.createUser();
    const { subscriptionId } = h.seedSubscription(user, [article()]);
    const missing = '00000000-0000-4000-8000-000000000005';
    let thrown: unknown;
    try {
      applyItemFilter(h.service.db, user.id, { subscription_ids: [subscriptionId, missing] }, new EntryConditions(user.id));
    } catch (error) { thrown = error; }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).kind).toBe('not_found');
    expect((thrown as DomainError).message).toContain(missing);
  });

  it('leaves the original conditions alone when a clone is extended', async () => {
    const { user } = await h.createUser();
    const where = new EntryConditions(user.id);
    const copy = where.clone().add('e.is_read = 1');
    expect(where.sql()).toBe('e.user_id = @user');
    expect(copy.sql()).toBe('e.user_id = @user AND e.is_read = 1');
  });
});
