import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

type Page = { ids: string[]; pagination: { total: number; limit: number; offset: number; has_more: boolean; next_cursor: string | null } };

async function page(key: string, query: Record<string, string | number | boolean | string[] | undefined>): Promise<Page> {
  const answer = await h.call('GET', '/v1/items', { key, query });
  expect(answer.status).toBe(200);
  return { ids: answer.body.data.map((item: { id: string }) => item.id), pagination: answer.body.pagination };
}

/** Seven articles, one a day; returned newest first. */
async function seedWeek(h: Harness) {
  const account = await h.createUser();
  const items = [1, 2, 3, 4, 5, 6, 7].map((day) => article({ published_at: isoDaysAgo(day) }));
  const { itemIds, subscriptionId, feedId } = await h.seedSubscription(account.user, items);
  return { ...account, newestFirst: itemIds, subscriptionId, feedId };
}

describe('GET /v1/items cursor pagination', () => {
  it('lists newest first and describes each page with total, limit, offset, has_more and next_cursor', async () => {
    const { key, newestFirst } = await seedWeek(h);
    const first = await page(key, { limit: 3 });
    expect(first.ids).toEqual(newestFirst.slice(0, 3));
    expect(first.pagination).toEqual({ total: 7, limit: 3, offset: 0, has_more: true, next_cursor: expect.any(String) });

    const second = await page(key, { limit: 3, cursor: first.pagination.next_cursor! });
    expect(second.ids).toEqual(newestFirst.slice(3, 6));
    expect(second.pagination).toEqual({ total: 7, limit: 3, offset: 3, has_more: true, next_cursor: expect.any(String) });

    const last = await page(key, { limit: 3, cursor: second.pagination.next_cursor! });
    expect(last.ids).toEqual(newestFirst.slice(6));
    expect(last.pagination).toEqual({ total: 7, limit: 3, offset: 6, has_more: false, next_cursor: null });
  });

  it('returns 50 items by default', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, Array.from({ length: 55 }, (_, i) => article({ published_at: isoDaysAgo(1 + i / 100) })));
    const first = await page(key, {});
    expect(first.ids).toHaveLength(50);
    expect(first.pagination).toMatchObject({ total: 55, limit: 50, has_more: true });
  });

  it('returns 100 items at the largest page size', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, Array.from({ length: 101 }, (_, i) => article({ published_at: isoDaysAgo(1 + i / 1000) })));
    const first = await page(key, { limit: 100 });
    expect(first.ids).toHaveLength(100);
    const second = await page(key, { limit: 100, cursor: first.pagination.next_cursor! });
    expect(second.ids).toHaveLength(1);
    expect(second.pagination.has_more).toBe(false);
  });

  it('stays stable while newer items arrive between pages: no duplicates, no skips', async () => {
    const { key, newestFirst, feedId } = await seedWeek(h);
    const first = await page(key, { limit: 3 });
    const arrived = await h.storeItems(feedId, [article({ published_at: isoDaysAgo(0.5) }), article({ published_at: isoDaysAgo(0.1) })]);

    const second = await page(key, { limit: 3, cursor: first.pagination.next_cursor! });
    const third = await page(key, { limit: 3, cursor: second.pagination.next_cursor! });
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(newestFirst);
    expect(second.pagination.total).toBe(9);
    expect(third.pagination.has_more).toBe(false);

    // A fresh first page shows what arrived, at the top.
    expect((await page(key, { limit: 3 })).ids.slice(0, 2)).toEqual([arrived[1], arrived[0]]);
  });

  it('stays stable when items are read between pages of an unread list', async () => {
    const { key, newestFirst } = await seedWeek(h);
    const first = await page(key, { limit: 3, is_read: 'unread' });
    const marked = await h.call('PATCH', '/v1/items', { key, body: { item_ids: first.ids, action: 'mark_read' } });
    expect(marked.status).toBe(200);
    const second = await page(key, { limit: 3, is_read: 'unread', cursor: first.pagination.next_cursor! });
    expect(second.ids).toEqual(newestFirst.slice(3, 6));
  });

  it('pages through items published at the same moment without losing any', async () => {
    const { user, key } = await h.createUser();
    const at = isoDaysAgo(2);
    const { itemIds } = await h.seedSubscription(user, Array.from({ length: 5 }, () => article({ published_at: at })));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(key, { limit: 2, cursor });
      seen.push(...next.ids);
      cursor = next.pagination.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(itemIds));
  });

  it('answers an empty list for a user with no items', async () => {
    const { key } = await h.createUser();
    const empty = await page(key, {});
    expect(empty.ids).toEqual([]);
    expect(empty.pagination).toEqual({ total: 0, limit: 50, offset: 0, has_more: false, next_cursor: null });
  });

  it('never lists items of feeds the user does not follow', async () => {
    const stranger = await seedWeek(h);
    const { key } = await h.createUser();
    const mine = await page(key, {});
    expect(mine.ids).toEqual([]);
    expect(stranger.newestFirst).toHaveLength(7);
  });

  it('answers 422 for a cursor given out for other filters or another list, and keeps working for its own', async () => {
    const { key, user, newestFirst } = await seedWeek(h);
    await h.seedSubscription(user, [article({ published_at: isoDaysAgo(8) })], { source_type: 'podcast' });
    const first = await page(key, { limit: 2 });
    const cursor = first.pagination.next_cursor!;
    for (const query of [{ is_read: 'unread' }, { item_type: 'article' }, { q: 'Article' }]) {
      const answer = await h.call('GET', '/v1/items', { key, query: { limit: 2, cursor, ...query } });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: 'cursor was given out for another list; ask for the first page without it.' });
    }
    const onSubscriptions = await h.call('GET', '/v1/subscriptions', { key, query: { all: true, order_by: 'recent', cursor } });
    expect(onSubscriptions.status).toBe(422);
    // Another page size is still the same list.
    expect((await page(key, { limit: 3, cursor })).ids).toEqual(newestFirst.slice(2, 5));
  });
});
