import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribe } from '@/lib/service/domain/subscriptions/change-subscriptions';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../../harness';
import { countsAndEntries as countsOf, expectCountsExact as expectExact } from '../../entry-counts-check';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

/** What the test knows of an entry, independently of the service: enough to say which filters select it. */
type Known = { id: string; subscription: string | null; folder: string | null; type: 'article' | 'episode'; saved: boolean; tagged: boolean; publishedMs: number };

/**
 * A reader with a folder of two article feeds, a podcast outside it, saved and tagged items, an
 * item kept after unsubscribing (no subscription any more) and a few items already read; and a
 * second reader of one of the same feeds, whose entries mark-all must leave alone.
 */
async function seed() {
  const reader = await h.createUser({ plan: 'plus' });
  const folder = await h.createFolder(reader.user);
  const days = (list: number[]) => list.map((d) => isoDaysAgo(d));
  const a = await h.seedSubscription(reader.user, days([1, 3, 5, 8]).map((at) => article({ published_at: at })), { folderId: folder });
  const b = await h.seedSubscription(reader.user, days([2, 6, 9]).map((at) => article({ published_at: at })), { folderId: folder });
  const p = await h.seedSubscription(reader.user, days([1.5, 4, 7]).map((at) => episode({ published_at: at })), { source_type: 'podcast' });
  const gone = await h.seedSubscription(reader.user, days([2.5, 5.5]).map((at) => article({ published_at: at })));
  const other = await h.createUser();
  await h.subscribe(other.user, a.feedId);

  const tagged = [a.itemIds[1], b.itemIds[2], gone.itemIds[0]];
  for (const id of tagged) await h.call('PATCH', `/v1/items/${id}`, { key: reader.key, body: { tags: ['later'] } });
  const tag = (await h.call('GET', '/v1/tags', { key: reader.appToken })).body.data[0].id as string;
  const saved = [a.itemIds[0], p.itemIds[2], gone.itemIds[1]];
  await h.call('PATCH', '/v1/items', { key: reader.key, body: { item_ids: saved, action: 'save' } });
  await h.call('PATCH', '/v1/items', { key: reader.key, body: { item_ids: [a.itemIds[2], b.itemIds[0], p.itemIds[0]], action: 'mark_read' } });
  // Both of gone's items are kept (one tagged, one saved), detached from the subscription.
  await unsubscribe(h.service.store, reader.user, [gone.subscriptionId]);

  const published = new Map((h.service.db.prepare('SELECT item_id, published_ms FROM entries WHERE user_id = ?').raw()
    .all(reader.user.id) as [string, number][]));
  const known: Known[] = [];
  const add = (ids: string[], subscription: string | null, type: Known['type'], inFolder: boolean) => {
    for (const id of ids) {
      known.push({ id, subscription, folder: inFolder ? folder : null, type, saved: saved.includes(id), tagged: tagged.includes(id), publishedMs: published.get(id)! });
    }
  };
  add(a.itemIds, a.subscriptionId, 'article', true);
  add(b.itemIds, b.subscriptionId, 'article', true);
  add(p.itemIds, p.subscriptionId, 'episode', false);
  add(gone.itemIds, null, 'article', false);
  return { reader, other, folder, tag, a, p, known };
}

type Seeded = Awaited<ReturnType<typeof seed>>;
type Filter = { subscription_ids?: string[]; folder_ids?: string[]; tag_ids?: string[]; item_type?: 'article' | 'episode'; is_saved?: boolean; before?: string };

/** Which known entries a mark-all filter selects, worked out from what the test seeded. */
function selects(s: Seeded, filter: Filter, entry: Known): boolean {
  return (!filter.subscription_ids || filter.subscription_ids.includes(entry.subscription ?? ''))
    && (!filter.folder_ids || filter.folder_ids.includes(entry.folder ?? ''))
    && (!filter.tag_ids || entry.tagged)
    && (!filter.item_type || entry.type === filter.item_type)
    && (filter.is_saved === undefined || entry.saved === filter.is_saved)
    && (!filter.before || entry.publishedMs <= Date.parse(filter.before));
}

function readState(userId: string): Map<string, number> {
  return new Map(h.service.db.prepare('SELECT item_id, is_read FROM entries WHERE user_id = ?').raw().all(userId) as [string, number][]);
}

const countsAndEntries = (userId: string) => countsOf(h.service.db, userId);
const expectCountsExact = (userId: string) => expectExact(h.service.db, userId);

async function markAll(s: Seeded, body: Filter & { is_read: boolean }): Promise<string> {
  const answer = await h.call('PUT', '/v1/items', { key: s.reader.key, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message as string;
}

/** Marks all with the filter to `to`, then checks which entries changed, the message, the counters and the list's totals. */
async function markAndCheck(s: Seeded, filter: Filter, to: boolean) {
  const before = readState(s.reader.user.id);
  const otherBefore = readState(s.other.user.id);
  const expected = new Map(s.known.map((entry) => [entry.id, selects(s, filter, entry) ? (to ? 1 : 0) : before.get(entry.id)!]));
  const changed = s.known.filter((entry) => expected.get(entry.id) !== before.get(entry.id)).length;
  expect(changed, 'the seed gives each filter something to change').toBeGreaterThan(0);

  const message = await markAll(s, { ...filter, is_read: to });
  expect(message).toBe(`${changed} item${changed === 1 ? '' : 's'} marked ${to ? 'read' : 'unread'}.`);
  expect(readState(s.reader.user.id)).toEqual(expected);
  expect(readState(s.other.user.id)).toEqual(otherBefore);
  expectCountsExact(s.reader.user.id);
  expectCountsExact(s.other.user.id);

  // pagination.total comes from the counters for these filters.
  const unread = s.known.filter((entry) => expected.get(entry.id) === 0);
  const total = async (query: Record<string, string | boolean>) => (await h.call('GET', '/v1/items', { key: s.reader.key, query })).body.pagination.total;
  expect(await total({ is_read: 'unread' })).toBe(unread.length);
  expect(await total({ is_read: 'read' })).toBe(s.known.length - unread.length);
  expect(await total({ is_read: 'unread', subscription_ids: s.a.subscriptionId })).toBe(unread.filter((entry) => entry.subscription === s.a.subscriptionId).length);
  expect(await total({ is_read: 'unread', is_saved: true })).toBe(unread.filter((entry) => entry.saved).length);
}

const filters: Array<[string, (s: Seeded) => Filter]> = [
  ['no filter', () => ({})],
  ['subscription_ids', (s) => ({ subscription_ids: [s.a.subscriptionId] })],
  ['subscription_ids, two', (s) => ({ subscription_ids: [s.a.subscriptionId, s.p.subscriptionId] })],
  ['folder_ids', (s) => ({ folder_ids: [s.folder] })],
  ['tag_ids', (s) => ({ tag_ids: [s.tag] })],
  ['item_type article', () => ({ item_type: 'article' })],
  ['item_type episode', () => ({ item_type: 'episode' })],
  ['is_saved true', () => ({ is_saved: true })],
  ['is_saved false', () => ({ is_saved: false })],
  ['before', () => ({ before: isoDaysAgo(4.5) })],
  ['before with subscription_ids', (s) => ({ before: isoDaysAgo(2.5), subscription_ids: [s.a.subscriptionId] })],
  ['before with folder_ids', (s) => ({ before: isoDaysAgo(5.5), folder_ids: [s.folder] })],
  ['before with tag_ids', (s) => ({ before: isoDaysAgo(4), tag_ids: [s.tag] })],
  ['before with is_saved', () => ({ before: isoDaysAgo(3), is_saved: true })],
  ['item_type with is_saved', () => ({ item_type: 'article', is_saved: false })],
];

describe('entry counts through mark-all', () => {
  it('start equal to counting the entries, detached kept items included', async () => {
    const s = await seed();
    expect(s.known.filter((entry) => entry.subscription === null)).toHaveLength(2);
    expect(readState(s.reader.user.id).size).toBe(s.known.length);
    expectCountsExact(s.reader.user.id);
    expectCountsExact(s.other.user.id);
  });

  it.each(filters)('stay exact when marking read then unread with %s, and only selected entries change', async (_name, filter) => {
    const s = await seed();
    await markAndCheck(s, filter(s), true);
    await markAndCheck(s, filter(s), false);
  });

  it('stay exact over a run of mark-alls with different filters', async () => {
    const s = await seed();
    await markAndCheck(s, { before: isoDaysAgo(3) }, true);
    await markAndCheck(s, { tag_ids: [s.tag] }, false);
    await markAndCheck(s, { item_type: 'article', is_saved: false }, true);
    await markAndCheck(s, {}, false);
    await markAndCheck(s, {}, true);
  });

  it('are counted again when a mark-all finds them drifted from the entries', async () => {
    const s = await seed();
    h.service.db.prepare("UPDATE entry_counts SET n = n + 3 WHERE user_id = ? AND is_read = 0 AND item_type = 'article' AND subscription_id = ?")
      .run(s.reader.user.id, s.a.subscriptionId);
    expect(countsAndEntries(s.reader.user.id).counters).not.toEqual(countsAndEntries(s.reader.user.id).entries);
    await markAll(s, { is_read: true });
    expectCountsExact(s.reader.user.id);
    expect([...readState(s.reader.user.id).values()].every((read) => read === 1)).toBe(true);
  });

  it('change nothing when every selected entry is already in that state', async () => {
    const s = await seed();
    await markAll(s, { is_read: true, subscription_ids: [s.a.subscriptionId] });
    const before = readState(s.reader.user.id);
    expect(await markAll(s, { is_read: true, subscription_ids: [s.a.subscriptionId] })).toBe('0 items marked read.');
    expect(readState(s.reader.user.id)).toEqual(before);
    expectCountsExact(s.reader.user.id);
  });
});
