import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

async function readIds(key: string): Promise<string[]> {
  const answer = await h.call('GET', '/v1/items', { key, query: { is_read: 'read', limit: 100 } });
  return answer.body.data.map((item: { id: string }) => item.id).sort();
}

async function markAll(key: string, body: unknown) {
  const answer = await h.call('PUT', '/v1/items', { key, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toEqual({ message: expect.any(String) });
  return answer.body.message as string;
}

const sorted = (list: string[]) => [...list].sort();

async function seed() {
  const account = await h.createUser();
  const folder = await h.createFolder(account.user);
  const a = await h.seedSubscription(account.user, [article({ published_at: isoDaysAgo(3) }), article({ published_at: isoDaysAgo(1) })], { folderId: folder });
  const b = await h.seedSubscription(account.user, [episode({ published_at: isoDaysAgo(2) })], { source_type: 'podcast' });
  return { ...account, folder, a, b, all: [...a.itemIds, ...b.itemIds] };
}

describe('PUT /v1/items (mark all as read)', () => {
  it('marks every item read with an empty body, and says how many', async () => {
    const { key, all } = await seed();
    expect(await markAll(key, {})).toBe('3 items marked read.');
    expect(await readIds(key)).toEqual(sorted(all));
    expect(await markAll(key, {})).toBe('0 items marked read.');
  });

  it('marks every item unread with is_read false', async () => {
    const { key } = await seed();
    await markAll(key, {});
    expect(await markAll(key, { is_read: false })).toBe('3 items marked unread.');
    expect(await readIds(key)).toEqual([]);
  });

  it('leaves items published after `before` unread', async () => {
    const { key, a, b } = await seed();
    await markAll(key, { before: isoDaysAgo(1.5) });
    expect(await readIds(key)).toEqual(sorted([a.itemIds[0], b.itemIds[0]]));
  });

  it('includes an item published exactly at `before`', async () => {
    const { user, key } = await h.createUser();
    const at = isoDaysAgo(2);
    const [id] = (await h.seedSubscription(user, [article({ published_at: at })])).itemIds;
    await markAll(key, { before: at });
    expect(await readIds(key)).toEqual([id]);
  });

  it.each([
    ['subscription_ids', (s: Awaited<ReturnType<typeof seed>>) => ({ subscription_ids: [s.a.subscriptionId] }), (s: Awaited<ReturnType<typeof seed>>) => s.a.itemIds],
    ['folder_ids', (s: Awaited<ReturnType<typeof seed>>) => ({ folder_ids: [s.folder] }), (s: Awaited<ReturnType<typeof seed>>) => s.a.itemIds],
    ['item_type', () => ({ item_type: 'episode' }), (s: Awaited<ReturnType<typeof seed>>) => s.b.itemIds],
  ])('marks only the items the %s filter selects', async (_name, body, expected) => {
    const s = await seed();
    await markAll(s.key, body(s));
    expect(await readIds(s.key)).toEqual(sorted(expected(s)));
  });

  it('marks only tagged items with tag_ids, and only saved ones with is_saved', async () => {
    const s = await seed();
    const tag = (await h.call('PATCH', `/v1/items/${s.a.itemIds[1]}`, { key: s.key, body: { tags: ['later'] } })).body.tags[0].id;
    await markAll(s.key, { tag_ids: [tag] });
    expect(await readIds(s.key)).toEqual([s.a.itemIds[1]]);

    await h.call('PATCH', '/v1/items', { key: s.key, body: { item_ids: [s.b.itemIds[0]], action: 'save' } });
    await markAll(s.key, { is_saved: true });
    expect(await readIds(s.key)).toEqual(sorted([s.a.itemIds[1], s.b.itemIds[0]]));
  });

  it.each(['subscription_ids', 'folder_ids', 'tag_ids'])('marks nothing for an empty %s list', async (name) => {
    const { key } = await seed();
    expect(await markAll(key, { [name]: [] })).toBe('0 items marked read.');
    expect(await readIds(key)).toEqual([]);
  });

  it('does not touch other users’ items of the same feed', async () => {
    const s = await seed();
    const other = await h.createUser();
    await h.subscribe(other.user, s.a.feedId);
    await markAll(s.key, {});
    expect(await readIds(other.key)).toEqual([]);
  });

  it.each(['subscription_ids', 'folder_ids', 'tag_ids'])('answers 404 for an unknown id in %s and marks nothing', async (name) => {
    const { key } = await seed();
    const answer = await h.call('PUT', '/v1/items', { key, body: { [name]: ['00000000-0000-4000-8000-000000000001'] } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect(await readIds(key)).toEqual([]);
  });

  it('answers 422 for a `before` that is not a timestamp', async () => {
    const { key } = await seed();
    const answer = await h.call('PUT', '/v1/items', { key, body: { before: 'yesterday' } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/^before must be an ISO 8601 date-time/);
  });

  it('covers an item its feed dated in the future: it is dated when it arrived', async () => {
    // A mistyped year (2099) kept the item at the top of the list and out of every mark-all
    // that stops at the time the list was loaded, unread for good.
    const { user, key } = await h.createUser();
    const [future] = (await h.seedSubscription(user, [article({ published_at: '2099-01-01T00:00:00Z' })])).itemIds;
    const loadedAt = new Date(Date.now() + 1000).toISOString();
    expect(await markAll(key, { before: loadedAt })).toBe('1 item marked read.');
    const item = await h.call('GET', `/v1/items/${future}`, { key });
    expect(item.body.is_read).toBe(true);
    expect(Date.parse(item.body.published_at)).toBeLessThanOrEqual(Date.parse(loadedAt));
  });
});
