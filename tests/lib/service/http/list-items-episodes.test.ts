import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

type Query = Record<string, string | number | boolean | string[] | undefined>;

async function list(key: string, query: Query) {
  const answer = await h.call('GET', '/v1/items', { key, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { data: { id: string }[]; pagination: { next_cursor: string | null; total: number } };
}

const idsOf = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);

async function allPages(key: string, query: Query): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(key, { ...query, cursor });
    seen.push(...idsOf(page));
    cursor = page.pagination.next_cursor ?? undefined;
  } while (cursor);
  return seen;
}

/** Four episodes a day apart (returned oldest first) and two articles between them. */
async function seedShow() {
  const account = await h.createUser();
  const episodes = (await h.seedSubscription(account.user, [4, 3, 2, 1].map((days) => episode({ published_at: isoDaysAgo(days), duration_seconds: 1000 })), { source_type: 'podcast' })).itemIds;
  const articles = (await h.seedSubscription(account.user, [article({ published_at: isoDaysAgo(2.5) }), article({ published_at: isoDaysAgo(0.5) })])).itemIds;
  return { ...account, oldestFirst: episodes, articles };
}

async function play(key: string, id: string, position: number, at: string) {
  const answer = await h.call('POST', `/v1/items/${id}/playback-progress`, { key, body: { position_seconds: position, client_timestamp: at } });
  expect(answer.status).toBe(200);
}

describe('GET /v1/items order_by', () => {
  it('sorts episodes oldest first with order_by=oldest, across pages', async () => {
    const { key, oldestFirst } = await seedShow();
    expect(await allPages(key, { item_type: 'episode', order_by: 'oldest', limit: 3 })).toEqual(oldestFirst);
  });

  it('sorts episodes newest first by default and with order_by=newest', async () => {
    const { key, oldestFirst } = await seedShow();
    const newestFirst = [...oldestFirst].reverse();
    expect(idsOf(await list(key, { item_type: 'episode' }))).toEqual(newestFirst);
    expect(idsOf(await list(key, { item_type: 'episode', order_by: 'newest' }))).toEqual(newestFirst);
  });

  it('keeps article and mixed lists newest first whatever order_by says', async () => {
    const { key, articles } = await seedShow();
    const mixedNewest = idsOf(await list(key, {}));
    for (const order_by of ['oldest', 'recently_played']) {
      expect(idsOf(await list(key, { order_by }))).toEqual(mixedNewest);
      expect(idsOf(await list(key, { item_type: 'article', order_by }))).toEqual([articles[1], articles[0]]);
    }
  });

  it('sorts episodes by last_played_at with order_by=recently_played, never-played last, across pages', async () => {
    const { key, oldestFirst: [e1, e2, e3, e4] } = await seedShow();
    await play(key, e2, 10, isoDaysAgo(0.3));
    await play(key, e4, 10, isoDaysAgo(0.2));
    await play(key, e1, 10, isoDaysAgo(0.1));
    const order = await allPages(key, { item_type: 'episode', order_by: 'recently_played', limit: 2 });
    expect(order).toEqual([e1, e4, e2, e3]);
  });
});

describe('GET /v1/items in_progress', () => {
  it('lists episodes started and not completed with in_progress=true', async () => {
    const { key, oldestFirst: [e1, e2, e3] } = await seedShow();
    await play(key, e1, 300, isoDaysAgo(0.1));
    await play(key, e2, 990, isoDaysAgo(0.1));
    await play(key, e3, 0, isoDaysAgo(0.1));
    expect(idsOf(await list(key, { in_progress: true }))).toEqual([e1]);
  });

  it('lists the other episodes, and no articles, with in_progress=false', async () => {
    const { key, oldestFirst: [e1, e2, e3, e4] } = await seedShow();
    await play(key, e1, 300, isoDaysAgo(0.1));
    expect(idsOf(await list(key, { in_progress: false }))).toEqual([e4, e3, e2]);
  });

  it('combines in_progress with recently_played ordering', async () => {
    const { key, oldestFirst: [e1, e2, , e4] } = await seedShow();
    await play(key, e4, 100, isoDaysAgo(0.3));
    await play(key, e1, 100, isoDaysAgo(0.2));
    await play(key, e2, 100, isoDaysAgo(0.1));
    expect(idsOf(await list(key, { item_type: 'episode', in_progress: true, order_by: 'recently_played' }))).toEqual([e2, e1, e4]);
  });
});
