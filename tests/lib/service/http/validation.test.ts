import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, startHarness, type Answer, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

/** A 422 with the general body whose message is exactly these sentences, in order. */
function expectSentences(answer: Answer, patterns: RegExp[]): void {
  expect(answer.status).toBe(422);
  expect(answer.body).toEqual({ message: expect.any(String) });
  const sentences = answer.body.message.match(/[^.]+(?:\.(?=\s|$))/g)?.map((s: string) => s.trim()) ?? [];
  expect(sentences).toHaveLength(patterns.length);
  patterns.forEach((pattern, index) => expect(sentences[index]).toMatch(pattern));
}

describe('422 on GET /v1/items', () => {
  it('joins one sentence per invalid field', async () => {
    const { key } = await h.createUser();
    const answer = await h.call('GET', '/v1/items', { key, query: { limit: 0, is_read: 'maybe' } });
    expectSentences(answer, [/^is_read\b.*'read'.*'unread'/, /^limit must be at least 1/]);
  });

  it.each([
    ['limit above 100', { limit: 101 }, /^limit must be at most 100/],
    ['limit past the largest safe integer', { limit: '99999999999999999999999' }, /^limit must be at most 100\.$/],
    ['limit not a number', { limit: 'ten' }, /^limit must be a whole number\.$/],
    ['limit written in hexadecimal', { limit: '0x10' }, /^limit must be a whole number\.$/],
    ['limit written with an exponent', { limit: '1e1' }, /^limit must be a whole number\.$/],
    ['limit with a space before it', { limit: ' 5' }, /^limit must be a whole number\.$/],
    ['limit left empty', { limit: '' }, /^limit must be a whole number\.$/],
    ['limit not whole', { limit: 2.5 }, /^limit must be/],
    ['is_saved not a boolean', { is_saved: 'yes' }, /^is_saved must be one of 'true', 'false'/],
    ['in_progress not a boolean', { in_progress: '1' }, /^in_progress must be one of/],
    ['include_body not a boolean', { include_body: 'no' }, /^include_body must be one of/],
    ['empty q', { q: '' }, /^q must be at least 1 character long/],
    ['q over 128 characters', { q: 'x'.repeat(129) }, /^q must be at most 128 characters long/],
    ['from_date not a date', { from_date: '2026-13-01' }, /^from_date must be an ISO 8601 date/],
    ['to_date a timestamp', { to_date: '2026-01-01T00:00:00Z' }, /^to_date must be an ISO 8601 date/],
    ['unknown item_type', { item_type: 'video' }, /^item_type must be one of 'article', 'episode'/],
    ['unknown order_by', { order_by: 'popular' }, /^order_by must be one of 'newest', 'oldest', 'recently_played'/],
    ['subscription id not a UUID', { subscription_ids: 'abc' }, /^subscription_ids\[0\] must be a UUID/],
    ['unknown parameter', { colour: 'red' }, /^colour is not a known field/],
    ['cursor not ours', { cursor: 'not-a-cursor' }, /^cursor\b/],
  ])('rejects %s', async (_name, query, pattern) => {
    const { key } = await h.createUser();
    expectSentences(await h.call('GET', '/v1/items', { key, query }), [pattern]);
  });

  it('reads a limit and an offset written in digits, and rejects an offset in hexadecimal', async () => {
    const { key } = await h.createUser();
    expect((await h.call('GET', '/v1/items', { key, query: { limit: '007' } })).status).toBe(200);
    expect((await h.call('GET', '/v1/subscriptions', { key, query: { offset: '2' } })).body.pagination.offset).toBe(2);
    expectSentences(await h.call('GET', '/v1/subscriptions', { key, query: { offset: '0x2' } }), [/^offset must be a whole number\.$/]);
  });

  it('rejects include_global without q (DESIGN.md gap-fill), on any plan', async () => {
    for (const plan of ['free', 'plus'] as const) {
      const { key } = await h.createUser({ plan });
      expectSentences(await h.call('GET', '/v1/items', { key, query: { include_global: true } }), [/include_global requires q/]);
    }
  });
});

describe('422 on request bodies', () => {
  it('rejects invalid JSON', async () => {
    const { key } = await h.createUser();
    expectSentences(await h.call('PUT', '/v1/items', { key, rawBody: '{"is_read": tru' }), [/valid JSON/]);
  });

  it('reports invalid JSON together with the other invalid parts of the request', async () => {
    const { key } = await h.createUser();
    expectSentences(await h.call('PATCH', '/v1/items/42', { key, rawBody: '{' }), [/^item_id must be a UUID/, /valid JSON/]);
  });

  it('requires a body on PUT /v1/items and accepts an empty object', async () => {
    const { user, key } = await h.createUser();
    await h.seedSubscription(user, [article()]);
    expectSentences(await h.call('PUT', '/v1/items', { key }), [/body is required/]);
    const accepted = await h.call('PUT', '/v1/items', { key, body: {} });
    expect(accepted.status).toBe(200);
  });

  it('requires a body on PATCH /v1/items/{id} and accepts an empty object', async () => {
    const { user, key } = await h.createUser();
    const [id] = (await h.seedSubscription(user, [article()])).itemIds;
    expectSentences(await h.call('PATCH', `/v1/items/${id}`, { key }), [/body is required/]);
    expect((await h.call('PATCH', `/v1/items/${id}`, { key, body: {} })).status).toBe(200);
  });

  it('rejects a body that is not an object', async () => {
    const { key } = await h.createUser();
    expectSentences(await h.call('PUT', '/v1/items', { key, body: [] }), [/^body must be an object/]);
  });

  it('rejects unknown body fields, naming each', async () => {
    const { key } = await h.createUser();
    const answer = await h.call('PUT', '/v1/items', { key, body: { is_read: true, colour: 'red', size: 2 } });
    expectSentences(answer, [/^colour is not a known field/, /^size is not a known field/]);
  });

  it('gives one sentence per invalid field of PATCH /v1/items', async () => {
    const { key } = await h.createUser();
    const answer = await h.call('PATCH', '/v1/items', { key, body: { item_ids: ['nope'], action: 'archive' } });
    expectSentences(answer, [/^item_ids\[0\] must be a UUID/, /^action must be one of 'mark_read', 'mark_unread', 'save', 'unsave'/]);
  });

  it('names missing required fields', async () => {
    const { key } = await h.createUser();
    expectSentences(await h.call('PATCH', '/v1/items', { key, body: {} }), [/^item_ids is required/, /^action is required/]);
  });

  it('rejects wrong types in PATCH /v1/items/{id} and changes nothing', async () => {
    const { user, key } = await h.createUser();
    const [id] = (await h.seedSubscription(user, [article()])).itemIds;
    const answer = await h.call('PATCH', `/v1/items/${id}`, { key, body: { is_read: 'yes', tags: 'news' } });
    expectSentences(answer, [/^is_read must be true or false/, /^tags must be a list/]);
    expect((await h.call('GET', `/v1/items/${id}`, { key })).body).toMatchObject({ is_read: false, tags: [] });
  });

  it('rejects a playback position that is negative or missing and a bad client_timestamp', async () => {
    const { user, key } = await h.createUser();
    const [id] = (await h.seedSubscription(user, [episode()], { source_type: 'podcast' })).itemIds;
    const path = `/v1/items/${id}/playback-progress`;
    expectSentences(await h.call('POST', path, { key, body: { position_seconds: -1 } }), [/^position_seconds must be at least 0/]);
    expectSentences(await h.call('POST', path, { key, body: { client_timestamp: '2026-01-01T00:00:00Z' } }), [/^position_seconds is required/]);
    expectSentences(await h.call('POST', path, { key, body: { position_seconds: 3, client_timestamp: 'yesterday' } }), [/^client_timestamp must be an ISO 8601 date-time/]);
  });

  it('rejects query parameters on operations that take none, naming each, and changes nothing', async () => {
    const { user, key } = await h.createUser();
    const [id] = (await h.seedSubscription(user, [article()])).itemIds;
    expectSentences(await h.call('GET', `/v1/items/${id}`, { key, query: { fields: 'title' } }), [/^fields is not a known field/]);
    const patch = await h.call('PATCH', `/v1/items/${id}`, { key, query: { dry_run: true }, body: { is_read: true } });
    expectSentences(patch, [/^dry_run is not a known field/]);
    expect((await h.call('GET', `/v1/items/${id}`, { key })).body.is_read).toBe(false);
  });

  it('rejects a path id that is not a UUID, with the body errors too', async () => {
    const { key } = await h.createUser();
    expectSentences(await h.call('GET', '/v1/items/42', { key }), [/^item_id must be a UUID/]);
    expectSentences(await h.call('PATCH', '/v1/items/42', { key, body: { is_saved: 1 } }), [/^item_id must be a UUID/, /^is_saved must be true or false/]);
  });
});

describe('bodies over 1 MB', () => {
  it('answers 413 by bytes, not characters, and changes nothing', async () => {
    const { user, key } = await h.createUser({ plan: 'pro' });
    const [id] = (await h.seedSubscription(user, [article()])).itemIds;
    // 400 000 euro signs: 1.2 MB of UTF-8 in fewer than a million characters.
    for (const notes of ['x'.repeat(1_100_000), '€'.repeat(400_000)]) {
      const answer = await h.call('PATCH', `/v1/items/${id}`, { key, body: { notes, is_read: true } });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ message: 'The request body is larger than 1 MB.' });
    }
    expect((await h.call('GET', `/v1/items/${id}`, { key })).body).toMatchObject({ is_read: false, notes: null });
  });
});

describe('bodies not sent as JSON', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers 415 for a body sent as %s, changing nothing', async (contentType) => {
      const { user, key } = await h.createUser();
      const [id] = (await h.seedSubscription(user, [article()])).itemIds;
      const answer = await h.call('PATCH', `/v1/items/${id}`, { key, rawBody: '{"is_read":true}', headers: { 'content-type': contentType } });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ message: 'The body must be sent as JSON, with Content-Type: application/json.' });
      expect((await h.call('GET', `/v1/items/${id}`, { key })).body.is_read).toBe(false);
    });

  it('accepts application/json with a charset, in any case', async () => {
    const { user, key } = await h.createUser();
    const [id] = (await h.seedSubscription(user, [article()])).itemIds;
    const answer = await h.call('PATCH', `/v1/items/${id}`, { key, rawBody: '{"is_read":true}', headers: { 'content-type': 'Application/JSON; charset=UTF-8' } });
    expect(answer.status).toBe(200);
    expect(answer.body.is_read).toBe(true);
  });
});

describe('methods a path does not have', () => {
  it('answers 405 with the general body and an Allow header naming the methods it has', async () => {
    const { user, key } = await h.createUser();
    const [id] = (await h.seedSubscription(user, [article()])).itemIds;
    const onItem = await h.call('POST', `/v1/items/${id}`, { key, body: {} });
    expect(onItem.status).toBe(405);
    expect(onItem.headers.get('allow')).toBe('GET, PATCH');
    expect(onItem.body).toEqual({ message: `POST is not allowed on /v1/items/${id}; it takes GET, PATCH.` });
    const onList = await h.call('DELETE', '/v1/items', { key, body: {} });
    expect(onList.status).toBe(405);
    expect(onList.headers.get('allow')).toBe('GET, PUT, PATCH');
    for (const path of ['/v1/items/', '/v1/subscriptions/check/']) expect((await h.call('GET', path, { key })).status).toBe(404);
  });
});

describe('unknown routes', () => {
  it('answers 404 with the general body for a path the interface does not have', async () => {
    const { key } = await h.createUser();
    const answer = await h.call('GET', '/v1/nothing-here', { key });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });
});
