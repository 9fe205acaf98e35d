import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, dateOf, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

type Query = Record<string, string | number | boolean | string[] | undefined>;

async function ids(key: string, query: Query): Promise<string[]> {
  const answer = await h.call('GET', '/v1/items', { key, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.pagination.total).toBe(answer.body.data.length);
  return answer.body.data.map((item: { id: string }) => item.id).sort();
}

const sorted = (list: string[]) => [...list].sort();

/** Three subscriptions: two in folders, one without; each with two articles. */
async function seedThree() {
  const account = await h.createUser();
  const folderA = await h.createFolder(account.user, 'Tech');
  const folderB = await h.createFolder(account.user, 'News');
  const a = await h.seedSubscription(account.user, [article(), article()], { folderId: folderA });
  const b = await h.seedSubscription(account.user, [article(), article()], { folderId: folderB });
  const c = await h.seedSubscription(account.user, [article(), article()]);
  return { ...account, folderA, folderB, a, b, c };
}

describe('GET /v1/items filters', () => {
  it('filters by subscription_ids, given repeated or comma-separated', async () => {
    const { key, a, b } = await seedThree();
    expect(await ids(key, { subscription_ids: a.subscriptionId })).toEqual(sorted(a.itemIds));
    const both = sorted([...a.itemIds, ...b.itemIds]);
    expect(await ids(key, { subscription_ids: [a.subscriptionId, b.subscriptionId] })).toEqual(both);
    expect(await ids(key, { subscription_ids: `${a.subscriptionId},${b.subscriptionId}` })).toEqual(both);
  });

  it('filters by folder_ids', async () => {
    const { key, folderA, folderB, a, b } = await seedThree();
    expect(await ids(key, { folder_ids: folderA })).toEqual(sorted(a.itemIds));
    expect(await ids(key, { folder_ids: `${folderA},${folderB}` })).toEqual(sorted([...a.itemIds, ...b.itemIds]));
  });

  it('filters by tag_ids', async () => {
    const { key, a, b, c } = await seedThree();
    const tagged = await h.call('PATCH', `/v1/items/${a.itemIds[0]}`, { key, body: { tags: ['rust'] } });
    await h.call('PATCH', `/v1/items/${b.itemIds[1]}`, { key, body: { tags: ['rust', 'go'] } });
    const other = await h.call('PATCH', `/v1/items/${c.itemIds[0]}`, { key, body: { tags: ['go'] } });
    const rust = tagged.body.tags[0].id;
    const go = other.body.tags[0].id;
    expect(await ids(key, { tag_ids: rust })).toEqual(sorted([a.itemIds[0], b.itemIds[1]]));
    expect(await ids(key, { tag_ids: [rust, go] })).toEqual(sorted([a.itemIds[0], b.itemIds[1], c.itemIds[0]]));
  });

  it('combines filters: every filter must hold', async () => {
    const { key, folderA, a } = await seedThree();
    await h.call('PATCH', '/v1/items', { key, body: { item_ids: [a.itemIds[0]], action: 'mark_read' } });
    expect(await ids(key, { folder_ids: folderA, is_read: 'unread' })).toEqual([a.itemIds[1]]);
  });

  it('filters by is_read read and unread', async () => {
    const { key, a, b, c } = await seedThree();
    await h.call('PATCH', '/v1/items', { key, body: { item_ids: [a.itemIds[0], c.itemIds[1]], action: 'mark_read' } });
    expect(await ids(key, { is_read: 'read' })).toEqual(sorted([a.itemIds[0], c.itemIds[1]]));
    expect(await ids(key, { is_read: 'unread' })).toEqual(sorted([a.itemIds[1], ...b.itemIds, c.itemIds[0]]));
  });

  it('filters by is_saved true and false', async () => {
    const { key, a, b, c } = await seedThree();
    await h.call('PATCH', '/v1/items', { key, body: { item_ids: [b.itemIds[0]], action: 'save' } });
    expect(await ids(key, { is_saved: true })).toEqual([b.itemIds[0]]);
    expect(await ids(key, { is_saved: false })).toEqual(sorted([...a.itemIds, b.itemIds[1], ...c.itemIds]));
  });

  it('filters by item_type', async () => {
    const { user, key } = await h.createUser();
    const articles = (await h.seedSubscription(user, [article(), article()])).itemIds;
    const episodes = (await h.seedSubscription(user, [episode()], { source_type: 'podcast' })).itemIds;
    expect(await ids(key, { item_type: 'article' })).toEqual(sorted(articles));
    expect(await ids(key, { item_type: 'episode' })).toEqual(episodes);
  });

  it('filters by from_date and to_date, both days included', async () => {
    const { user, key } = await h.createUser();
    const day = dateOf(isoDaysAgo(10));
    const next = dateOf(isoDaysAgo(9));
    const times = [`${day}T00:00:00.000Z`, `${day}T23:59:59.000Z`, `${next}T00:00:00.000Z`, `${next}T23:59:59.000Z`];
    const before = new Date(Date.parse(times[0]) - 1000).toISOString();
    const after = new Date(Date.parse(times[3]) + 1000).toISOString();
    const stored = (await h.seedSubscription(user, [before, ...times, after].map((published_at) => article({ published_at })))).itemIds;
    expect(await ids(key, { from_date: day, to_date: next })).toEqual(sorted(stored.slice(1, 5)));
    expect(await ids(key, { from_date: next })).toEqual(sorted(stored.slice(3)));
    expect(await ids(key, { to_date: day })).toEqual(sorted(stored.slice(0, 3)));
    expect(await ids(key, { from_date: day, to_date: day })).toEqual(sorted(stored.slice(1, 3)));
  });

  it('answers an empty list when from_date is after to_date', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, [article({ published_at: isoDaysAgo(3) })]);
    expect(await ids(key, { from_date: dateOf(isoDaysAgo(1)), to_date: dateOf(isoDaysAgo(5)) })).toEqual([]);
  });
});

describe('GET /v1/items 404 for filters naming what does not exist', () => {
  const unknown = '00000000-0000-4000-8000-00000000abcd';

  it.each(['subscription_ids', 'folder_ids', 'tag_ids'])('answers 404 for an unknown id in %s', async (name) => {
    const { key } = await seedThree();
    const answer = await h.call('GET', '/v1/items', { key, query: { [name]: unknown } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.stringContaining(unknown) });
  });

  it('answers 404 when one of several ids is unknown', async () => {
    const { key, a } = await seedThree();
    const answer = await h.call('GET', '/v1/items', { key, query: { subscription_ids: [a.subscriptionId, unknown] } });
    expect(answer.status).toBe(404);
  });

  it("answers 404 for another user's subscription, folder and tag", async () => {
    const other = await seedThree();
    const otherTag = (await h.call('PATCH', `/v1/items/${other.a.itemIds[0]}`, { key: other.key, body: { tags: ['x'] } })).body.tags[0].id;
    const { key } = await h.createUser();
    for (const query of [{ subscription_ids: other.a.subscriptionId }, { folder_ids: other.folderA }, { tag_ids: otherTag }]) {
      expect((await h.call('GET', '/v1/items', { key, query })).status).toBe(404);
    }
  });
});

describe('GET /v1/items with prepared statements reused', () => {
  it('answers each user and each filter right when the same query shape runs again', async () => {
    const first = await seedThree();
    const second = await seedThree();
    for (let round = 0; round < 2; round++) {
      expect(await ids(first.key, { subscription_ids: first.a.subscriptionId })).toEqual(sorted(first.a.itemIds));
      expect(await ids(second.key, { subscription_ids: second.b.subscriptionId })).toEqual(sorted(second.b.itemIds));
      expect(await ids(first.key, { folder_ids: first.folderB })).toEqual(sorted(first.b.itemIds));
      expect(await ids(second.key, {})).toEqual(sorted([...second.a.itemIds, ...second.b.itemIds, ...second.c.itemIds]));
    }
  });
});
