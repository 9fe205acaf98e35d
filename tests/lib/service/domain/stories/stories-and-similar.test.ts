import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/lib/service/domain/accounts';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { indexNewItems } from '@/lib/service/intelligence/ingest-queue';
import type { IndexedDoc } from '@/lib/service/intelligence';
import { bridgeCollapse, festivalOneSource, rateRise, unrelated } from '../../../../fixtures/intelligence/articles';
import { article, startHarness, type Harness } from '../../harness';

let harness: Harness;
beforeAll(async () => { harness = await startHarness(); });
afterAll(async () => { await harness.stop(); });

/** Stores each outlet's articles as one feed, indexed as ingestion does; returns item ids by fixture id. */
async function ingest(docs: IndexedDoc[], feeds: Map<string, string>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const doc of docs) {
    if (!feeds.has(doc.source_id)) feeds.set(doc.source_id, await harness.createFeed({ title: doc.source_id }));
    const feedId = feeds.get(doc.source_id)!;
    const items = [article({ guid: doc.id, title: doc.title, summary: doc.summary, content: doc.content, url: doc.url, published_at: doc.published_at })];
    const stored = await indexNewItems(harness.service, storeItems(harness.service.db, feedId, items));
    ids.set(doc.id, stored.added[0]);
  }
  return ids;
}

const feeds = new Map<string, string>();
let ids: Map<string, string>;
async function follow(user: User, sources: string[]) {
  for (const source of new Set(sources)) await harness.subscribe(user, feeds.get(source)!);
}

beforeAll(async () => {
  ids = await ingest([...bridgeCollapse, ...rateRise, ...festivalOneSource, ...unrelated], feeds);
});

describe('GET /v1/stories', () => {
  it('groups same-event articles of different outlets, carrying only the reader\'s articles', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    await follow(user, ['herald', 'courier']);
    const answer = await harness.call('GET', '/v1/stories', { key });
    expect(answer.status).toBe(200);
    const bridge = answer.body.data.find((story: { articles: { id: string }[] }) => story.articles.some((a) => a.id === ids.get('bridge-herald')));
    expect(bridge).toMatchObject({ article_count: 2, source_count: 2 });
    expect(bridge.articles.map((a: { id: string }) => a.id).sort()).toEqual([ids.get('bridge-herald'), ids.get('bridge-courier')].sort());
    const everyArticle = answer.body.data.flatMap((story: { articles: { id: string }[] }) => story.articles.map((a) => a.id));
    expect(everyArticle).not.toContain(ids.get('bridge-tribune'));
  });

  it('lists no story the reader follows through one outlet only', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    await follow(user, ['herald']);
    expect((await harness.call('GET', '/v1/stories', { key })).body.data).toEqual([]);
  });

  it('needs a plan with stories (402) and keeps limit within 1 to 100 (422)', async () => {
    const free = await harness.createUser({ plan: 'free' });
    const gated = await harness.call('GET', '/v1/stories', { key: free.key });
    expect(gated.status).toBe(402);
    expect(gated.body.message).toMatch(/Stories/);
    const pro = await harness.createUser({ plan: 'pro' });
    expect((await harness.call('GET', '/v1/stories', { key: pro.key, query: { limit: 101 } })).status).toBe(422);
  });
});

describe('GET /v1/items/{id}/similar', () => {
  it('finds the same event among the reader\'s items, best first, never the item itself', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    await follow(user, ['herald', 'courier', 'tribune', ...unrelated.map((doc) => doc.source_id)]);
    const answer = await harness.call('GET', `/v1/items/${ids.get('bridge-herald')}/similar`, { key, query: { limit: 2 } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((item: { id: string }) => item.id).sort()).toEqual([ids.get('bridge-courier'), ids.get('bridge-tribune')].sort());
  });

  it('offers only items the reader has', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    await follow(user, ['herald', 'courier']);
    const answer = await harness.call('GET', `/v1/items/${ids.get('bridge-herald')}/similar`, { key });
    const found = answer.body.data.map((item: { id: string }) => item.id);
    expect(found).toContain(ids.get('bridge-courier'));
    expect(found).not.toContain(ids.get('bridge-tribune'));
  });

  it('answers what the intelligence finds when it filters by the reader\'s entries itself, in its order', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    await follow(user, ['herald', 'tribune', ...unrelated.map((doc) => doc.source_id)]);
    const theirs = async (candidates: string[]) => new Set(candidates.filter((id) => harness.service.db
      .prepare('SELECT 1 FROM entries WHERE user_id = ? AND item_id = ?').get(user.id, id)));
    for (const limit of [1, 3, 50]) {
      const expected = (await harness.service.intelligence.similar(ids.get('bridge-herald')!, limit, theirs)).map((hit) => hit.id);
      const answer = await harness.call('GET', `/v1/items/${ids.get('bridge-herald')}/similar`, { key, query: { limit } });
      expect(answer.body.data.map((item: { id: string }) => item.id)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('answers 402 off-plan and 422 for an item the reader does not have or a limit over 50', async () => {
    const free = await harness.createUser({ plan: 'free' });
    await follow(free.user, ['herald']);
    expect((await harness.call('GET', `/v1/items/${ids.get('bridge-herald')}/similar`, { key: free.key })).status).toBe(402);
    const pro = await harness.createUser({ plan: 'pro' });
    expect((await harness.call('GET', `/v1/items/${ids.get('bridge-herald')}/similar`, { key: pro.key })).status).toBe(422);
    await follow(pro.user, ['herald']);
    expect((await harness.call('GET', `/v1/items/${ids.get('bridge-herald')}/similar`, { key: pro.key, query: { limit: 51 } })).status).toBe(422);
  });
});
