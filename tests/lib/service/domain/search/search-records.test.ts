import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, type Harness, type TestUser } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const names = (answer: { body: { data: { title?: string; name?: string }[] } }) => answer.body.data.map((record) => record.title ?? record.name);

async function makeFolder(account: TestUser, name: string, isPinned = false): Promise<string> {
  const answer = await h.call('POST', '/v1/folders', { key: account.appToken, body: { name, is_pinned: isPinned } });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

describe('GET /v1/search/feeds', () => {
  it('matches title, website or URL without regard to case, names starting with the text first', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, [], { title: 'The Kitchen Table', website: 'https://table.example.com' });
    await h.seedSubscription(user, [], { title: 'Kitchen Notes', website: 'https://notes.example.com' });
    await h.seedSubscription(user, [], { title: 'Daily Bread', website: 'https://kitchen-stories.example.org' });
    await h.seedSubscription(user, [], { title: 'Oven Log', url: 'https://feeds.example.net/KITCHEN/rss.xml', website: null });
    await h.seedSubscription(user, [], { title: 'Gardening' });

    const answer = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'kitchen' } });
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(['Kitchen Notes', 'Daily Bread', 'Oven Log', 'The Kitchen Table']);
    expect(answer.body.pagination).toEqual({ total: 4, limit: 20, offset: 0, has_more: false, next_cursor: null });
  });

  it('answers SPEC.md’s feed record fields, with the user’s own title for the subscription', async () => {
    const { user, key, appToken } = await h.createUser();
    const { subscriptionId } = await h.seedSubscription(user, [article(), article()], { title: 'Original Title', website: 'https://orig.example.com' });
    const renamed = await h.call('PATCH', `/v1/subscriptions/${subscriptionId}`, { key: appToken, body: { title: 'My Renamed Feed', is_pinned: true } });
    expect(renamed.status).toBe(200);

    const answer = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'renamed' } });
    expect(answer.body.data).toEqual([{
      id: subscriptionId, source_type: 'feed', title: 'My Renamed Feed', website: 'https://orig.example.com', is_active: true,
      is_pinned: true, newsletter_address: null, unread_count: 2, podcast_id: null, artist: null,
    }]);
  });

  it('filters by source_type and rejects an unknown one', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, [], { title: 'Science Weekly', source_type: 'feed' });
    const { feedId } = await h.seedSubscription(user, [], { title: 'Science Hour', source_type: 'podcast', artist: 'Dr. Sound' });
    const podcasts = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'science', source_type: 'podcast' } });
    expect(podcasts.body.data).toEqual([expect.objectContaining({ title: 'Science Hour', podcast_id: feedId, artist: 'Dr. Sound' })]);
    expect(podcasts.body.pagination.total).toBe(1);
    expect(names(await h.call('GET', '/v1/search/feeds', { key, query: { q: 'science', source_type: 'feed' } }))).toEqual(['Science Weekly']);
    const bad = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'science', source_type: 'video' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("source_type must be one of 'feed', 'newsletter', 'podcast'.");
  });

  it('finds newsletters by their address', async () => {
    const { key, appToken } = await h.createUser();
    const created = await h.call('POST', '/v1/subscriptions/newsletters', { key: appToken, body: { title: 'Morning Brief' } });
    expect(created.status).toBe(200);
    const local = created.body.newsletter_address.split('@')[0];
    const answer = await h.call('GET', '/v1/search/feeds', { key, query: { q: local } });
    expect(answer.body.data).toEqual([expect.objectContaining({ source_type: 'newsletter', newsletter_address: created.body.newsletter_address })]);
  });

  it('folds case beyond ASCII and takes % and _ literally', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, [], { title: 'Ärzte Zeitung' });
    await h.seedSubscription(user, [], { title: '100% Pure' });
    await h.seedSubscription(user, [], { title: 'snake_case weekly' });
    await h.seedSubscription(user, [], { title: 'snakes and ladders' });
    expect(names(await h.call('GET', '/v1/search/feeds', { key, query: { q: 'ärzte' } }))).toEqual(['Ärzte Zeitung']);
    expect(names(await h.call('GET', '/v1/search/feeds', { key, query: { q: 'ÄRZTE' } }))).toEqual(['Ärzte Zeitung']);
    expect(names(await h.call('GET', '/v1/search/feeds', { key, query: { q: '%' } }))).toEqual(['100% Pure']);
    expect(names(await h.call('GET', '/v1/search/feeds', { key, query: { q: 'snake_' } }))).toEqual(['snake_case weekly']);
  });

  it('pages with limit 1 to 100 (default 20) and offset', async () => {
    const { user, key } = await h.createUser();
    for (let i = 0; i < 25; i++) await h.seedSubscription(user, [], { title: `Radio ${String(i).padStart(2, '0')}` });
    const first = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'radio' } });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ total: 25, limit: 20, offset: 0, has_more: true, next_cursor: null });
    const second = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'radio', offset: 20 } });
    expect(names(second)).toEqual(['Radio 20', 'Radio 21', 'Radio 22', 'Radio 23', 'Radio 24']);
    expect(second.body.pagination).toEqual({ total: 25, limit: 20, offset: 20, has_more: false, next_cursor: null });
    const small = await h.call('GET', '/v1/search/feeds', { key, query: { q: 'radio', limit: 10, offset: 10 } });
    expect(names(small)[0]).toBe('Radio 10');
    expect(small.body.pagination).toMatchObject({ limit: 10, offset: 10, has_more: true });
    expect((await h.call('GET', '/v1/search/feeds', { key, query: { q: 'radio', limit: 100 } })).body.data).toHaveLength(25);
    for (const query of [{ limit: 0 }, { limit: 101 }, { offset: -1 }]) {
      expect((await h.call('GET', '/v1/search/feeds', { key, query: { q: 'radio', ...query } })).status).toBe(422);
    }
  });
});

describe('GET /v1/search/folders, /tags and /saved-searches', () => {
  it('finds folders by name with unread counts and pin state', async () => {
    const account = await h.createUser();
    const tech = await makeFolder(account, 'Tech News', true);
    await makeFolder(account, 'Cooking');
    await makeFolder(account, 'Hi-tech gadgets');
    await h.seedSubscription(account.user, [article(), article(), article()], { folderId: tech });

    const answer = await h.call('GET', '/v1/search/folders', { key: account.key, query: { q: 'TECH' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { id: tech, name: 'Tech News', unread_count: 3, is_pinned: true },
      { id: expect.any(String), name: 'Hi-tech gadgets', unread_count: 0, is_pinned: false },
    ]);
    expect(answer.body.pagination).toEqual({ total: 2, limit: 20, offset: 0, has_more: false, next_cursor: null });
  });

  it('finds tags by name with their item counts', async () => {
    const { user, key } = await h.createUser();
    const [one, two] = (await h.seedSubscription(user, [article(), article()])).itemIds;
    await h.call('PATCH', `/v1/items/${one}`, { key, body: { tags: ['recipes', 'weeknight recipes'] } });
    await h.call('PATCH', `/v1/items/${two}`, { key, body: { tags: ['recipes', 'travel'] } });
    const answer = await h.call('GET', '/v1/search/tags', { key, query: { q: 'recipe' } });
    expect(answer.body.data).toEqual([
      { id: expect.any(String), name: 'recipes', item_count: 2 },
      { id: expect.any(String), name: 'weeknight recipes', item_count: 1 },
    ]);
    expect(answer.body.pagination.total).toBe(2);
  });

  it('finds saved searches by name with their query', async () => {
    const account = await h.createUser();
    const created = await h.call('POST', '/v1/saved-searches', {
      key: account.appToken, body: { name: 'Unread podcasts', query_data: { item_type: 'episode', is_read: 'unread' } },
    });
    expect(created.status).toBe(201);
    await h.call('POST', '/v1/saved-searches', { key: account.appToken, body: { name: 'Saved articles', query_data: { is_saved: 'true' } } });
    const answer = await h.call('GET', '/v1/search/saved-searches', { key: account.key, query: { q: 'podcast' } });
    expect(answer.body.data).toEqual([created.body]);
    expect(answer.body.data[0]).toMatchObject({ query_data: { item_type: 'episode', is_read: 'unread' }, is_pinned: false });
  });

  it('pages with limit 1 to 50 (default 20) and offset, and needs q of 1 to 128 characters', async () => {
    const account = await h.createUser();
    for (let i = 0; i < 23; i++) await makeFolder(account, `Shelf ${String(i).padStart(2, '0')}`);
    const first = await h.call('GET', '/v1/search/folders', { key: account.key, query: { q: 'shelf' } });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toEqual({ total: 23, limit: 20, offset: 0, has_more: true, next_cursor: null });
    const rest = await h.call('GET', '/v1/search/folders', { key: account.key, query: { q: 'shelf', limit: 50, offset: 20 } });
    expect(names(rest)).toEqual(['Shelf 20', 'Shelf 21', 'Shelf 22']);
    expect(rest.body.pagination).toEqual({ total: 23, limit: 50, offset: 20, has_more: false, next_cursor: null });

    for (const path of ['/v1/search/folders', '/v1/search/tags', '/v1/search/saved-searches']) {
      expect((await h.call('GET', path, { key: account.key, query: { q: 'x', limit: 51 } })).status).toBe(422);
      expect((await h.call('GET', path, { key: account.key, query: { q: 'x', limit: 0 } })).status).toBe(422);
      expect((await h.call('GET', path, { key: account.key, query: { q: 'x', offset: -1 } })).status).toBe(422);
      const missing = await h.call('GET', path, { key: account.key });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe('q is required.');
      expect((await h.call('GET', path, { key: account.key, query: { q: 'x'.repeat(129) } })).status).toBe(422);
      expect((await h.call('GET', path, { key: account.key, query: { q: 'x'.repeat(128) } })).status).toBe(200);
    }
  });

  it('shows a user only their own folders, tags and saved searches', async () => {
    const owner = await h.createUser();
    const stranger = await h.createUser();
    await makeFolder(owner, 'Private shelf');
    for (const path of ['/v1/search/folders', '/v1/search/tags', '/v1/search/saved-searches']) {
      const answer = await h.call('GET', path, { key: stranger.key, query: { q: 'private' } });
      expect(answer.body).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0, has_more: false, next_cursor: null } });
    }
  });
});
