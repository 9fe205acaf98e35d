import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOwner, issueCredential, keepSharedAppToken, revokeCredentialsNamed } from '@/lib/service/domain/accounts';
import { startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const name = 'Tidings app';

describe('the app token of nodes that share TIDINGS_SECRET', () => {
  it('is the same token on every node, and a later start keeps the earlier node signed in', async () => {
    const owner = await ensureOwner(h.service.store, 'owner@example.com');
    const first = await keepSharedAppToken(h.service.store, owner.id, name, 'one secret for every node');
    const second = await keepSharedAppToken(h.service.store, owner.id, name, 'one secret for every node');
    expect(second).toBe(first);
    expect((await h.call('GET', '/v1/account', { key: first })).status).toBe(200);
  });

  it('revokes a token minted without the shared secret, and one of an earlier secret', async () => {
    const owner = await ensureOwner(h.service.store, 'owner@example.com');
    const minted = (await issueCredential(h.service.store, owner.id, 'app_token', name)).secret;
    const earlier = await keepSharedAppToken(h.service.store, owner.id, name, 'the secret before rotation');
    const current = await keepSharedAppToken(h.service.store, owner.id, name, 'the secret after rotation');
    expect((await h.call('GET', '/v1/account', { key: minted })).status).toBe(401);
    expect((await h.call('GET', '/v1/account', { key: earlier })).status).toBe(401);
    expect((await h.call('GET', '/v1/account', { key: current })).status).toBe(200);
  });

  it('still rotates a minted token when there is no shared secret', async () => {
    const owner = await ensureOwner(h.service.store, 'owner@example.com');
    const before = (await issueCredential(h.service.store, owner.id, 'app_token', name)).secret;
    await revokeCredentialsNamed(h.service.store, owner.id, 'app_token', name);
    const after = (await issueCredential(h.service.store, owner.id, 'app_token', name)).secret;
    expect((await h.call('GET', '/v1/account', { key: before })).status).toBe(401);
    expect((await h.call('GET', '/v1/account', { key: after })).status).toBe(200);
  });
});
