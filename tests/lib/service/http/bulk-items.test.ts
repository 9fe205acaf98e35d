import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@/lib/contract/common';
import { article, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

// DESIGN.md's plan table: the free plan keeps at most 100 saved items.
const freeSavedLimit = 100;

async function idsWhere(key: string, query: Record<string, string | boolean>): Promise<string[]> {
  const answer = await h.call('GET', '/v1/items', { key, query: { ...query, limit: 100 } });
  return answer.body.data.map((item: { id: string }) => item.id).sort();
}

async function savedCount(key: string): Promise<number> {
  return (await h.call('GET', '/v1/items', { key, query: { is_saved: true, limit: 1 } })).body.pagination.total;
}

async function bulk(key: string, item_ids: string[], action: string) {
  return h.call('PATCH', '/v1/items', { key, body: { item_ids, action } });
}

async function seed(count: number, plan: Plan = 'free') {
  const account = await h.createUser({ plan });
  const { itemIds } = await h.seedSubscription(account.user, Array.from({ length: count }, (_, i) => article({ published_at: isoDaysAgo(1 + i / 1000) })));
  return { ...account, itemIds };
}

const sorted = (list: string[]) => [...list].sort();

describe('PATCH /v1/items bulk actions', () => {
  it('marks items read and unread', async () => {
    const { key, itemIds } = await seed(3);
    const read = await bulk(key, itemIds.slice(0, 2), 'mark_read');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ message: '2 items marked read.' });
    expect(await idsWhere(key, { is_read: 'read' })).toEqual(sorted(itemIds.slice(0, 2)));

    const unread = await bulk(key, [itemIds[0]], 'mark_unread');
    expect(unread.body).toEqual({ message: '1 item marked unread.' });
    expect(await idsWhere(key, { is_read: 'read' })).toEqual([itemIds[1]]);
  });

  it('saves and unsaves items', async () => {
    const { key, itemIds } = await seed(3);
    expect((await bulk(key, itemIds, 'save')).body).toEqual({ message: '3 items saved.' });
    expect(await idsWhere(key, { is_saved: 'true' })).toEqual(sorted(itemIds));
    expect((await bulk(key, [itemIds[2]], 'unsave')).body).toEqual({ message: '1 item unsaved.' });
    expect(await idsWhere(key, { is_saved: 'true' })).toEqual(sorted(itemIds.slice(0, 2)));
  });

  it('ignores ids the user does not have, and repeated ids', async () => {
    const { key, itemIds } = await seed(1);
    const stranger = await seed(1);
    const answer = await bulk(key, [itemIds[0], itemIds[0], stranger.itemIds[0], '00000000-0000-4000-8000-000000000002'], 'mark_read');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: '1 item marked read.' });
    expect(await idsWhere(stranger.key, { is_read: 'read' })).toEqual([]);
  });

  it('answers 422 for an empty item_ids list', async () => {
    const { key } = await seed(1);
    const answer = await bulk(key, [], 'mark_read');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('item_ids must have at least 1 entry.');
  });
});

describe('saved-items limit of the plan', () => {
  it('saves up to the free plan limit, then answers 402 and changes nothing', async () => {
    const { key, itemIds } = await seed(freeSavedLimit + 2);
    expect((await bulk(key, itemIds.slice(0, freeSavedLimit), 'save')).status).toBe(200);
    expect(await savedCount(key)).toBe(freeSavedLimit);

    const refused = await bulk(key, itemIds.slice(freeSavedLimit - 1), 'save');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: expect.stringMatching(/100 saved items/) });
    expect(await savedCount(key)).toBe(freeSavedLimit);
    expect(await idsWhere(key, { is_saved: 'false' })).toEqual(sorted(itemIds.slice(freeSavedLimit)));
  });

  it('refuses a batch that would pass the limit as a whole, saving none of it', async () => {
    const { key, itemIds } = await seed(freeSavedLimit + 1);
    await bulk(key, itemIds.slice(0, freeSavedLimit - 1), 'save');
    expect((await bulk(key, itemIds.slice(freeSavedLimit - 1), 'save')).status).toBe(402);
    expect(await savedCount(key)).toBe(freeSavedLimit - 1);
  });

  it('still saves items already saved and unsaves at the limit', async () => {
    const { key, itemIds } = await seed(freeSavedLimit + 1);
    await bulk(key, itemIds.slice(0, freeSavedLimit), 'save');
    expect((await bulk(key, itemIds.slice(0, 3), 'save')).status).toBe(200);
    expect((await bulk(key, [itemIds[0]], 'unsave')).status).toBe(200);
    expect((await bulk(key, [itemIds[freeSavedLimit]], 'save')).status).toBe(200);
  });

  it('answers 402 on PATCH /v1/items/{id} at the limit, leaving the item unsaved', async () => {
    const { key, itemIds } = await seed(freeSavedLimit + 1);
    await bulk(key, itemIds.slice(0, freeSavedLimit), 'save');
    const last = itemIds[freeSavedLimit];
    const answer = await h.call('PATCH', `/v1/items/${last}`, { key, body: { is_saved: true, is_read: true } });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ message: expect.any(String) });
    const item = await h.call('GET', `/v1/items/${last}`, { key });
    expect(item.body).toMatchObject({ is_saved: false, is_read: false });
  });

  it('has no limit on the Plus plan', async () => {
    const { key, itemIds } = await seed(freeSavedLimit + 1, 'plus');
    expect((await bulk(key, itemIds, 'save')).status).toBe(200);
    expect(await savedCount(key)).toBe(freeSavedLimit + 1);
  });

  it('lets a Pro user save past the free limit', async () => {
    const { key, itemIds } = await seed(freeSavedLimit + 1, 'pro');
    expect((await bulk(key, itemIds, 'save')).status).toBe(200);
  });
});
