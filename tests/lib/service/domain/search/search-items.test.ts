import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const ids = (answer: { body: { data: { data: { id: string } }[] } }) => answer.body.data.map((entry) => entry.data.id);

describe('GET /v1/search', () => {
  it('finds the user’s items by title, summary and body, a title match first', async () => {
    const { user, key } = await h.createUser();
    const [inBody, inTitle, inSummary, unrelated] = (await h.seedSubscription(user, [
      article({ title: 'Weekly notes', summary: 'Odds and ends.', content: '<p>We tried sourdough fermentation at home.</p>', published_at: isoDaysAgo(1) }),
      article({ title: 'Fermentation for beginners', summary: 'Start here.', content: '<p>Jars and salt.</p>', published_at: isoDaysAgo(5) }),
      article({ title: 'Kitchen diary', summary: 'Fermentation again, with cabbage.', content: '<p>Crunchy.</p>', published_at: isoDaysAgo(3) }),
      article({ title: 'Cycling', summary: 'Hills.', content: '<p>Legs.</p>' }),
    ])).itemIds;

    const answer = await h.call('GET', '/v1/search', { key, query: { q: 'fermentation' } });
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual([inTitle, inSummary, inBody]);
    expect(ids(answer)).not.toContain(unrelated);
  });

  it('answers {type, data} records with the similar-item fields, type being the item type', async () => {
    const { user, key } = await h.createUser();
    const { itemIds: [articleId] } = await h.seedSubscription(user, [article({ title: 'Tidal energy explained' })], { title: 'Energy Blog' });
    const { itemIds: [episodeId] } = await h.seedSubscription(user, [episode({ title: 'Tidal power, the episode' })], { source_type: 'podcast', title: 'Energy Pod' });

    const answer = await h.call('GET', '/v1/search', { key, query: { q: 'tidal' } });
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.data.map((entry: { data: { id: string } }) => [entry.data.id, entry]));
    expect(byId.get(articleId)).toMatchObject({ type: 'article', data: { item_type: 'article', is_read: false, is_saved: false, is_global: false } });
    expect(byId.get(episodeId)).toMatchObject({ type: 'episode', data: { item_type: 'episode' } });
    expect(Object.keys((byId.get(articleId) as { data: object }).data).sort()).toEqual([
      'canonical_url', 'feeds', 'id', 'is_global', 'is_read', 'is_saved', 'item_type', 'media_url', 'published_at', 'summary', 'title',
    ]);
  });

  it('puts the newer of two equally good matches first', async () => {
    const { user, key } = await h.createUser();
    const same = { title: 'Volcano update', summary: 'Ash cloud.', content: '<p>Flights delayed.</p>' };
    const [older, newer] = (await h.seedSubscription(user, [
      article({ ...same, published_at: isoDaysAgo(9) }),
      article({ ...same, published_at: isoDaysAgo(2) }),
    ])).itemIds;
    expect(ids(await h.call('GET', '/v1/search', { key, query: { q: 'volcano' } }))).toEqual([newer, older]);
  });

  it('matches the last word as a prefix and needs every word', async () => {
    const { user, key } = await h.createUser();
    const [both, onlyOne] = (await h.seedSubscription(user, [
      article({ title: 'Quantum computing roadmap' }),
      article({ title: 'Quantum gravity' }),
    ])).itemIds;
    expect(ids(await h.call('GET', '/v1/search', { key, query: { q: 'quantum comp' } }))).toEqual([both]);
    expect(ids(await h.call('GET', '/v1/search', { key, query: { q: 'quant' } })).sort()).toEqual([both, onlyOne].sort());
  });

  it('leaves out other users’ items and items of feeds the user does not follow', async () => {
    const me = await h.createUser();
    const other = await h.createUser();
    const [mine] = (await h.seedSubscription(me.user, [article({ title: 'Marmalade recipe' })])).itemIds;
    await h.seedSubscription(other.user, [article({ title: 'Marmalade history' })]);
    const unfollowed = await h.createFeed();
    await h.storeItems(unfollowed, [article({ title: 'Marmalade science' })]);
    expect(ids(await h.call('GET', '/v1/search', { key: me.key, query: { q: 'marmalade' } }))).toEqual([mine]);
  });

  it('returns 20 by default and up to limit, 1 to 50', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, Array.from({ length: 55 }, (_, i) => article({ title: `Glacier report ${i}`, published_at: isoDaysAgo(1 + i / 100) })));
    expect((await h.call('GET', '/v1/search', { key, query: { q: 'glacier' } })).body.data).toHaveLength(20);
    expect((await h.call('GET', '/v1/search', { key, query: { q: 'glacier', limit: 50 } })).body.data).toHaveLength(50);
    expect((await h.call('GET', '/v1/search', { key, query: { q: 'glacier', limit: 1 } })).body.data).toHaveLength(1);
    for (const limit of [0, 51, 'ten']) {
      const answer = await h.call('GET', '/v1/search', { key, query: { q: 'glacier', limit } });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(/limit/);
    }
  });

  it('answers 422 when q is missing, empty or longer than 128 characters', async () => {
    const { key } = await h.createUser();
    const missing = await h.call('GET', '/v1/search', { key });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('q is required.');
    expect((await h.call('GET', '/v1/search', { key, query: { q: '' } })).status).toBe(422);
    const long = await h.call('GET', '/v1/search', { key, query: { q: 'a'.repeat(129) } });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe('q must be at most 128 characters long.');
    expect((await h.call('GET', '/v1/search', { key, query: { q: 'a'.repeat(128) } })).status).toBe(200);
  });

  it('finds nothing, without error, for text that has no words or FTS syntax in it', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, [article({ title: 'Plain words' })]);
    for (const q of ['!!!', '"unbalanced', 'title:plain OR', '*']) {
      const answer = await h.call('GET', '/v1/search', { key, query: { q } });
      expect(answer.status).toBe(200);
    }
    expect((await h.call('GET', '/v1/search', { key, query: { q: '!!!' } })).body.data).toEqual([]);
  });
});
