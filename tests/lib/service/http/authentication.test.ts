import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeCredential, setStatus, findCredentialBySecret } from '@/lib/service/domain/accounts';
import { startHarness, type Answer, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

function expectAuthError(answer: Answer, status: 401 | 403): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ message: expect.any(String), error: status === 401 ? 'unauthorized' : 'forbidden' });
  expect(answer.body.message.length).toBeGreaterThan(0);
}

describe('401: missing, invalid or revoked API key', () => {
  it('rejects a request without an Authorization header', async () => {
    expectAuthError(await h.call('GET', '/v1/items'), 401);
  });

  it('rejects a scheme other than Bearer', async () => {
    const { key } = await h.createUser();
    expectAuthError(await h.call('GET', '/v1/items', { headers: { authorization: `Basic ${key}` } }), 401);
    expectAuthError(await h.call('GET', '/v1/items', { headers: { authorization: key } }), 401);
  });

  it('rejects a malformed key', async () => {
    for (const key of ['nonsense', 'tid_live_', 'tid_test_0123456789abcdefghijABCDEFGHIJ', 'tid_live_short']) {
      expectAuthError(await h.call('GET', '/v1/items', { key }), 401);
    }
  });

  it('rejects a well-formed key the service never issued', async () => {
    expectAuthError(await h.call('GET', '/v1/items', { key: `tid_live_${'A'.repeat(40)}` }), 401);
  });

  it('rejects a revoked key while other keys of the same user keep working', async () => {
    const { user, key } = await h.createUser();
    const other = await h.issueKey(user);
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(200);
    const credential = (await findCredentialBySecret(h.service.store, key))!.credential;
    expect(await revokeCredential(h.service.store, user.id, credential.id)).toBe(true);
    expectAuthError(await h.call('GET', '/v1/items', { key }), 401);
    expect((await h.call('GET', '/v1/items', { key: other })).status).toBe(200);
  });

  it('checks the key before validating the request', async () => {
    expectAuthError(await h.call('GET', '/v1/items', { query: { limit: 0 } }), 401);
    expectAuthError(await h.call('GET', '/v1/items/not-a-uuid'), 401);
  });

  it('accepts the Bearer scheme written in any case', async () => {
    const { key } = await h.createUser();
    expect((await h.call('GET', '/v1/items', { headers: { authorization: `bearer ${key}` } })).status).toBe(200);
  });
});

describe('403: banned or locked account, or a token outside its scope', () => {
  it.each(['banned', 'locked'] as const)('rejects every credential of a %s account', async (status) => {
    const { user, key, appToken } = await h.createUser();
    await setStatus(h.service.store, user.id, status);
    expectAuthError(await h.call('GET', '/v1/items', { key }), 403);
    expectAuthError(await h.call('GET', '/v1/items', { key: appToken }), 403);
    expectAuthError(await h.call('GET', '/v1/account', { key: appToken }), 403);
  });

  it('lets an account back in once it is active again', async () => {
    const { user, key } = await h.createUser();
    await setStatus(h.service.store, user.id, 'locked');
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(403);
    await setStatus(h.service.store, user.id, 'active');
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(200);
  });

  it('rejects an API key on first-party operations while the app token works there', async () => {
    const { key, appToken } = await h.createUser();
    const firstParty: [string, string, unknown?][] = [
      ['GET', '/v1/account'],
      ['GET', '/v1/account/api-keys'],
      ['POST', '/v1/account/api-keys', { name: 'script' }],
      ['DELETE', '/v1/account/api-keys/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, path, body] of firstParty) {
      expectAuthError(await h.call(method, path, { key, body }), 403);
    }
    expect((await h.call('GET', '/v1/account', { key: appToken })).status).toBe(200);
    expect((await h.call('GET', '/v1/account/api-keys', { key: appToken })).status).toBe(200);
  });

  it('accepts the app token on Bearer operations too', async () => {
    const { appToken } = await h.createUser();
    expect((await h.call('GET', '/v1/items', { key: appToken })).status).toBe(200);
  });
});

describe('first-party account operations', () => {
  it('reads the account with its plan, limits and features', async () => {
    const { user, appToken } = await h.createUser({ plan: 'pro' });
    const answer = await h.call('GET', '/v1/account', { key: appToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: user.id, email: user.email, plan: 'pro', status: 'active',
      limits: { feeds: 1000, saved_items: 10000 },
      features: { notes: true, full_content: true, include_global: false },
    });
  });

  it('creates an API key shown once, lists it without the secret, and revokes it', async () => {
    const { appToken } = await h.createUser();
    const created = await h.call('POST', '/v1/account/api-keys', { key: appToken, body: { name: 'My script' } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^tid_live_[0-9A-Za-z]{20,}$/);
    expect(created.body.name).toBe('My script');
    expect((await h.call('GET', '/v1/items', { key: created.body.key })).status).toBe(200);

    const listed = await h.call('GET', '/v1/account/api-keys', { key: appToken });
    expect(listed.body.data).toHaveLength(2);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    expect(listed.body.data.map((k: { id: string }) => k.id)).toContain(created.body.id);

    const revoked = await h.call('DELETE', `/v1/account/api-keys/${created.body.id}`, { key: appToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: expect.any(String) });
    expectAuthError(await h.call('GET', '/v1/items', { key: created.body.key }), 401);
  });

  it('answers 404 for revoking a key that is unknown or belongs to someone else', async () => {
    const { appToken } = await h.createUser();
    const stranger = await h.createUser();
    const theirs = (await findCredentialBySecret(h.service.store, stranger.key))!.credential.id;
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs]) {
      const answer = await h.call('DELETE', `/v1/account/api-keys/${id}`, { key: appToken });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect((await h.call('GET', '/v1/items', { key: stranger.key })).status).toBe(200);
  });

  it('answers 404 for the id of an app token: only API keys are revoked here', async () => {
    const { appToken } = await h.createUser();
    const tokenId = (await findCredentialBySecret(h.service.store, appToken))!.credential.id;
    expect((await h.call('DELETE', `/v1/account/api-keys/${tokenId}`, { key: appToken })).status).toBe(404);
    expect((await h.call('GET', '/v1/account', { key: appToken })).status).toBe(200);
  });

  it('answers 422 for a key id that is not a UUID', async () => {
    const { appToken } = await h.createUser();
    const answer = await h.call('DELETE', '/v1/account/api-keys/abc', { key: appToken });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'key_id must be a UUID.' });
  });

  it('answers 422 for a key without a name', async () => {
    const { appToken } = await h.createUser();
    const answer = await h.call('POST', '/v1/account/api-keys', { key: appToken, body: { name: '  ' } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/name/);
  });
});
