import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('saved searches (first-party)', () => {
  it('creates one (201) whose query_data lists the same items as GET /v1/items', async () => {
    const { user, key, appToken } = await h.createUser();
    const { subscriptionId, itemIds } = await h.seedSubscription(user, [
      article({ title: 'Solar panels on the roof' }), article({ title: 'Solar eclipse tonight' }), article({ title: 'Wind farms' }),
    ]);
    await h.call('PATCH', '/v1/items', { key, body: { item_ids: [itemIds[1]], action: 'save' } });
    const query_data = { q: 'solar', is_saved: 'false', subscription_ids: [subscriptionId] };

    const created = await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'Solar, unsaved', query_data } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Solar, unsaved', query_data, is_pinned: false, updated_at: expect.any(String) });
    expect(Date.parse(created.body.updated_at)).toBeLessThanOrEqual(Date.now());

    const items = await h.call('GET', '/v1/items', { key, query: created.body.query_data });
    expect(items.status).toBe(200);
    expect(items.body.data.map((i: { id: string }) => i.id)).toEqual([itemIds[0]]);
  });

  it('keeps query_data in the items list’s query-string form, leaving out defaults and empty lists', async () => {
    const { appToken } = await h.createUser();
    const created = await h.call('POST', '/v1/saved-searches', {
      key: appToken,
      body: { name: 'Everything', query_data: { order_by: 'newest', include_body: 'true', include_global: 'false', tag_ids: [], in_progress: 'true', item_type: 'episode' } },
    });
    expect(created.body.query_data).toEqual({ in_progress: 'true', item_type: 'episode' });
  });

  it('lists saved searches pinned first, then by name', async () => {
    const { appToken } = await h.createUser();
    const make = async (name: string, is_pinned?: boolean) =>
      (await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name, query_data: {}, is_pinned } })).body;
    const beta = await make('beta');
    const alpha = await make('Alpha');
    const pinned = await make('Zulu', true);
    expect((await h.call('GET', '/v1/saved-searches', { key: appToken })).body.data).toEqual([pinned, alpha, beta]);
  });

  it('updates name, query and pin, moving updated_at on, and answers 409 for a taken name', async () => {
    const { appToken } = await h.createUser();
    const first = (await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'Episodes', query_data: { item_type: 'episode' } } })).body;
    await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'Articles', query_data: { item_type: 'article' } } });
    await wait(5);

    const renamed = await h.call('PATCH', `/v1/saved-searches/${first.id}`, { key: appToken, body: { name: 'Shows', is_pinned: true } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: first.id, name: 'Shows', is_pinned: true, query_data: { item_type: 'episode' } });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
    await wait(5);

    const requeried = await h.call('PATCH', `/v1/saved-searches/${first.id}`, { key: appToken, body: { query_data: { is_read: 'unread' } } });
    expect(requeried.body.query_data).toEqual({ is_read: 'unread' });
    expect(Date.parse(requeried.body.updated_at)).toBeGreaterThan(Date.parse(renamed.body.updated_at));

    const clash = await h.call('PATCH', `/v1/saved-searches/${first.id}`, { key: appToken, body: { name: 'articles' } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: 'A saved search named "articles" already exists.' });
    expect((await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'SHOWS', query_data: {} } })).status).toBe(409);
  });

  it('deletes one, and answers 404 for unknown ids or another user’s', async () => {
    const owner = await h.createUser();
    const stranger = await h.createUser();
    const saved = (await h.call('POST', '/v1/saved-searches', { key: owner.appToken, body: { name: 'Mine', query_data: {} } })).body;
    for (const id of [randomUUID(), saved.id]) {
      expect((await h.call('PATCH', `/v1/saved-searches/${id}`, { key: stranger.appToken, body: { is_pinned: true } })).status).toBe(404);
      expect((await h.call('DELETE', `/v1/saved-searches/${id}`, { key: stranger.appToken })).status).toBe(404);
    }
    const deleted = await h.call('DELETE', `/v1/saved-searches/${saved.id}`, { key: owner.appToken });
    expect(deleted.body).toEqual({ message: 'Deleted the saved search Mine.' });
    expect((await h.call('GET', '/v1/saved-searches', { key: owner.appToken })).body.data).toEqual([]);
    expect((await h.call('DELETE', `/v1/saved-searches/${saved.id}`, { key: owner.appToken })).status).toBe(404);
  });

  it('validates query_data against the items list’s parameters (422, one sentence per field)', async () => {
    const { appToken } = await h.createUser();
    const attempt = async (query_data: unknown) =>
      h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'Bad', query_data } });
    const cases: [unknown, string][] = [
      [{ colour: 'red' }, 'query_data.colour is not a known field.'],
      [{ cursor: 'abc' }, 'query_data.cursor is not a known field.'],
      [{ limit: '10' }, 'query_data.limit is not a known field.'],
      [{ is_saved: true }, "query_data.is_saved must be one of 'true', 'false'."],
      [{ is_read: 'maybe' }, "query_data.is_read must be one of 'read', 'unread'."],
      [{ q: 'x'.repeat(129) }, 'query_data.q must be at most 128 characters long.'],
      [{ folder_ids: ['not-a-uuid'] }, 'query_data.folder_ids[0] must be a UUID.'],
      [{ from_date: 'yesterday' }, 'query_data.from_date must be an ISO 8601 date (YYYY-MM-DD).'],
      [{ include_global: 'true' }, 'query_data.include_global requires query_data.q.'],
      ['is_read=unread', 'query_data must be an object.'],
    ];
    for (const [query_data, message] of cases) {
      const answer = await attempt(query_data);
      expect(answer.status, JSON.stringify(query_data)).toBe(422);
      expect(answer.body.message).toBe(message);
    }
    const missing = await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'No query' } });
    expect(missing.body.message).toBe('query_data is required.');
    expect((await h.call('GET', '/v1/saved-searches', { key: appToken })).body.data).toEqual([]);
  });

  it('answers 404 when query_data names a folder, tag or subscription the user does not have', async () => {
    const { appToken } = await h.createUser();
    const unknown = randomUUID();
    for (const key of ['folder_ids', 'tag_ids', 'subscription_ids']) {
      const answer = await h.call('POST', '/v1/saved-searches', { key: appToken, body: { name: 'Ghost', query_data: { [key]: [unknown] } } });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toContain(unknown);
    }
  });

  it('drops a deleted folder from saved searches and follows a tag into a merge', async () => {
    const { user, key, appToken } = await h.createUser();
    const folder = (await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Soon gone' } })).body;
    const keep = (await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Stays' } })).body;
    const [item] = (await h.seedSubscription(user, [article()])).itemIds;
    await h.call('PATCH', `/v1/items/${item}`, { key, body: { tags: ['old', 'new'] } });
    const tags = Object.fromEntries(((await h.call('GET', '/v1/tags', { key: appToken })).body.data as { id: string; name: string }[]).map((t) => [t.name, t.id]));
    const saved = (await h.call('POST', '/v1/saved-searches', {
      key: appToken, body: { name: 'Filters', query_data: { folder_ids: [folder.id, keep.id], tag_ids: [tags.old] } },
    })).body;

    await h.call('DELETE', `/v1/folders/${folder.id}`, { key: appToken });
    await h.call('PATCH', `/v1/tags/${tags.old}`, { key: appToken, body: { name: 'new' } });
    const [after] = (await h.call('GET', '/v1/saved-searches', { key: appToken })).body.data;
    expect(after.query_data).toEqual({ folder_ids: [keep.id], tag_ids: [tags.new] });
    expect((await h.call('GET', '/v1/items', { key, query: after.query_data })).status).toBe(200);
    expect(saved.id).toBe(after.id);
  });
});
