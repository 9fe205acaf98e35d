/*
 * Mark-all on SQLite drops entry_counts' per-row update trigger for its statement and moves the
 * counts once per group (lib/service/store/sqlite/item-counts.ts). These check the counts a
 * reader sees right afterwards, that the trigger is back exactly as it was for every later
 * change, and that a mark-all that fails part-way leaves both as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, isoDaysAgo, startHarness, type Harness, type TestUser } from '../../harness';
import { countsAndEntries as countsOf, expectCountsExact as expectExact } from '../../entry-counts-check';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const countTrigger = () => h.service.db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'entry_counts_update'")
  .pluck().get() as string | undefined;

const countsAndEntries = (userId: string) => countsOf(h.service.db, userId);
const expectCountsExact = (userId: string) => expectExact(h.service.db, userId);

const unreadOf = (rows: { id: string; unread_count: number }[]) => Object.fromEntries(rows.map((row) => [row.id, row.unread_count]));

/** What the reader's app shows: unread per subscription, per folder, per tag, and in all. */
async function unreadCounts(reader: TestUser) {
  const get = async (path: string, query: Record<string, string | boolean> = {}) => {
    const answer = await h.call('GET', path, { key: reader.appToken, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  return {
    subscriptions: unreadOf((await get('/v1/subscriptions', { all: true })).data),
    folders: unreadOf((await get('/v1/folders')).data),
    tags: unreadOf((await get('/v1/tags')).data),
    total: (await get('/v1/items', { is_read: 'unread' })).pagination.total as number,
  };
}

/**
 * A reader with a folder holding feed A (six articles, days 1 to 6 old, two tagged, one read
 * already) and feed B (three articles) outside it; a second reader follows A too and has read
 * one of its items.
 */
async function seed() {
  const reader = await h.createUser({ plan: 'plus' });
  const folder = await h.createFolder(reader.user);
  const a = await h.seedSubscription(reader.user, [1, 2, 3, 4, 5, 6].map((days) => article({ published_at: isoDaysAgo(days) })), { folderId: folder });
  const b = await h.seedSubscription(reader.user, [1.5, 2.5, 3.5].map((days) => article({ published_at: isoDaysAgo(days) })));
  const other = await h.createUser({ plan: 'plus' });
  const otherA = await h.subscribe(other.user, a.feedId);
  // Tagged: the newest (1 day) and the oldest (6 days) of A.
  for (const id of [a.itemIds[0]!, a.itemIds[5]!]) await h.call('PATCH', `/v1/items/${id}`, { key: reader.key, body: { tags: ['later'] } });
  const tag = (await h.call('GET', '/v1/tags', { key: reader.appToken })).body.data[0].id as string;
  await h.call('PATCH', `/v1/items/${a.itemIds[4]!}`, { key: reader.key, body: { is_read: true } });
  await h.call('PATCH', `/v1/items/${a.itemIds[1]!}`, { key: other.key, body: { is_read: true } });
  return { reader, other, folder, a, b, tag, otherA };
}

async function markAll(reader: TestUser, body: Record<string, unknown>) {
  const answer = await h.call('PUT', '/v1/items', { key: reader.key, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message as string;
}

describe('counts after mark-all on SQLite', () => {
  it('are right for part of a subscription: per subscription, folder, tag and in all, and the other reader keeps theirs', async () => {
    const s = await seed();
    expect(await unreadCounts(s.reader)).toEqual({
      subscriptions: { [s.a.subscriptionId]: 5, [s.b.subscriptionId]: 3 }, folders: { [s.folder]: 5 }, tags: { [s.tag]: 2 }, total: 8,
    });
    const otherBefore = await unreadCounts(s.other);

    // A's items 3 to 6 days old; the one 5 days old was read already, so three change.
    expect(await markAll(s.reader, { subscription_ids: [s.a.subscriptionId], before: isoDaysAgo(2.5) })).toBe('3 items marked read.');
    expect(await unreadCounts(s.reader)).toEqual({
      subscriptions: { [s.a.subscriptionId]: 2, [s.b.subscriptionId]: 3 }, folders: { [s.folder]: 2 }, tags: { [s.tag]: 1 }, total: 5,
    });
    expect(await unreadCounts(s.other)).toEqual(otherBefore);
    expect(otherBefore.subscriptions[s.otherA]).toBe(5);
    expectCountsExact(s.reader.user.id);
    expectCountsExact(s.other.user.id);

    // And back: all of A unread again; four of its six were read.
    expect(await markAll(s.reader, { subscription_ids: [s.a.subscriptionId], before: isoDaysAgo(0), is_read: false })).toBe('4 items marked unread.');
    expect((await unreadCounts(s.reader)).subscriptions[s.a.subscriptionId]).toBe(6);
    expectCountsExact(s.reader.user.id);
    expectCountsExact(s.other.user.id);
  });

  it('keep counting every later change: the count trigger is back exactly as it was', async () => {
    const s = await seed();
    const trigger = countTrigger();
    expect(trigger).toContain('AFTER UPDATE');
    await markAll(s.reader, { folder_ids: [s.folder], before: isoDaysAgo(3.5) });
    expect(countTrigger()).toBe(trigger);

    await h.call('PATCH', `/v1/items/${s.a.itemIds[5]!}`, { key: s.reader.key, body: { is_read: false } });
    await h.call('PATCH', '/v1/items', { key: s.reader.key, body: { item_ids: [s.a.itemIds[0]!, s.b.itemIds[0]!], action: 'mark_read' } });
    await h.call('PATCH', '/v1/items', { key: s.reader.key, body: { item_ids: [s.a.itemIds[2]!], action: 'save' } });
    await h.call('PATCH', `/v1/items/${s.a.itemIds[2]!}`, { key: s.other.key, body: { is_read: true } });
    await h.storeItems(s.a.feedId, [article({ published_at: isoDaysAgo(0.5) })]);
    expectCountsExact(s.reader.user.id);
    expectCountsExact(s.other.user.id);
    // A: 1 day (read now), 2, 3 unread; 4 and 5 read; 6 unread again; the new one unread.
    expect((await unreadCounts(s.reader)).subscriptions[s.a.subscriptionId]).toBe(4);
    expect((await unreadCounts(s.other)).subscriptions[s.otherA]).toBe(5);
  });

  it('stay as they were, with the trigger, when the mark-all fails part-way', async () => {
    const s = await seed();
    const trigger = countTrigger();
    const before = countsAndEntries(s.reader.user.id);
    const { db } = h.service;
    // A stand-in for a failure in the middle of the UPDATE (a full disk, say): one row refuses.
    db.exec(`CREATE TRIGGER refuse_one BEFORE UPDATE OF is_read ON entries WHEN old.item_id = '${s.b.itemIds[1]!}'
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    try {
      const answer = await h.call('PUT', '/v1/items', { key: s.reader.key, body: {} });
      expect(answer.status).toBe(500);
    } finally {
      db.exec('DROP TRIGGER refuse_one');
    }
    expect(countTrigger()).toBe(trigger);
    expect(countsAndEntries(s.reader.user.id)).toEqual(before);
    await h.call('PATCH', `/v1/items/${s.b.itemIds[0]!}`, { key: s.reader.key, body: { is_read: true } });
    expectCountsExact(s.reader.user.id);
    expect((await unreadCounts(s.reader)).total).toBe(7);
  });
});
