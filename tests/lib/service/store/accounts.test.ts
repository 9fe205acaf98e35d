import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Credential, CredentialKind, User } from '@/lib/service/store/accounts';
import { describeOnBothEngines } from './store-fixture';

function newUser(email: string, overrides: Partial<User> = {}): User {
  return { id: randomUUID(), email, plan: 'free', status: 'active', is_owner: 0, created_at: new Date().toISOString(), ...overrides };
}

let at = Date.parse('2026-01-01T00:00:00Z');
function newCredential(userId: string, kind: CredentialKind = 'api_key', name = 'key'): Credential {
  at += 1000;
  return { id: randomUUID(), user_id: userId, kind, name, prefix: 'tid_live_abcd', created_at: new Date(at).toISOString(), last_used_at: null, revoked_at: null };
}

const hashes = (secretHash: string = randomUUID(), feverKeyHash: string | null = null) => ({ secretHash, feverKeyHash });

describeOnBothEngines('the account store on %s', ['accounts'], (f) => {

  it('keeps one user per email, compared without case, and answers the stored one', async () => {
    const { accounts } = f.store;
    const first = await accounts.ensureUser(newUser('Ada@Example.com', { plan: 'pro' }));
    const again = await accounts.ensureUser(newUser('ada@example.com', { plan: 'free' }));
    expect(again).toEqual(first);
    expect(first.plan).toBe('pro');
    expect(await accounts.userByEmail('ADA@example.com')).toEqual(first);
    expect(await accounts.user(first.id)).toEqual(first);
    expect(await accounts.user(randomUUID())).toBeNull();
  });

  it('has no owner until one is stored', async () => {
    const { accounts } = f.store;
    await accounts.ensureUser(newUser('reader@example.com'));
    expect(await accounts.owner()).toBeNull();
    const owner = await accounts.ensureUser(newUser('owner@example.com', { is_owner: 1, plan: 'plus' }));
    expect(await accounts.owner()).toEqual(owner);
  });

  it('changes a plan and a status', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('plan@example.com'));
    await accounts.setPlan(user.id, 'plus');
    await accounts.setStatus(user.id, 'locked');
    expect(await accounts.user(user.id)).toMatchObject({ plan: 'plus', status: 'locked' });
  });

  it('finds a credential with its user by secret hash, Fever key hash and id, and lists the live ones newest first', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('keys@example.com'));
    const older = newCredential(user.id);
    const newer = newCredential(user.id);
    await accounts.addCredential(older, hashes('older-hash', 'older-fever'));
    await accounts.addCredential(newer, hashes('newer-hash'));
    await accounts.addCredential(newCredential(user.id, 'app_token'), hashes());

    expect(await accounts.bySecretHash('older-hash')).toEqual({ credential: older, user });
    expect(await accounts.byFeverKeyHash('older-fever')).toEqual({ credential: older, user });
    expect(await accounts.byId(newer.id)).toEqual({ credential: newer, user, secretHash: 'newer-hash' });
    expect(await accounts.bySecretHash('no such hash')).toBeNull();
    expect(await accounts.credentials(user.id, 'api_key')).toEqual([newer, older]);
  });

  it('revokes only a live credential of the user and the kind asked for', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('owner-of-key@example.com'));
    const stranger = await accounts.ensureUser(newUser('stranger@example.com'));
    const key = newCredential(user.id);
    await accounts.addCredential(key, hashes('key-hash'));

    expect(await accounts.revokeCredential(stranger.id, key.id)).toBe(false);
    expect(await accounts.revokeCredential(user.id, key.id, 'app_token')).toBe(false);
    expect(await accounts.revokeCredential(user.id, key.id, 'api_key')).toBe(true);
    expect(await accounts.revokeCredential(user.id, key.id)).toBe(false);
    // Still found, revoked: the domain decides that a revoked key is no key.
    expect((await accounts.bySecretHash('key-hash'))?.credential.revoked_at).toEqual(expect.any(String));
    expect(await accounts.credentials(user.id, 'api_key')).toEqual([]);
  });

  it('revokes every live credential of a name, and no other', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('named@example.com'));
    await accounts.addCredential(newCredential(user.id, 'app_token', 'Tidings app'), hashes());
    await accounts.addCredential(newCredential(user.id, 'app_token', 'Tidings app'), hashes());
    const other = newCredential(user.id, 'app_token', 'Other');
    await accounts.addCredential(other, hashes());
    await accounts.revokeCredentialsNamed(user.id, 'app_token', 'Tidings app');
    expect(await accounts.credentials(user.id, 'app_token')).toEqual([other]);
  });

  it('keeps the credential with given hashes the one live credential of its name: stored, then revived, never twice', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('shared@example.com'));
    const minted = newCredential(user.id, 'app_token', 'Tidings app');
    await accounts.addCredential(minted, hashes('minted-hash'));

    const shared = newCredential(user.id, 'app_token', 'Tidings app');
    await accounts.keepOnlyCredential(shared, hashes('shared-hash'));
    expect((await accounts.credentials(user.id, 'app_token')).map((one) => one.id)).toEqual([shared.id]);

    // Another node starts with the same secret: nothing new is stored, the same one stays live.
    await accounts.keepOnlyCredential(newCredential(user.id, 'app_token', 'Tidings app'), hashes('shared-hash'));
    expect((await accounts.credentials(user.id, 'app_token')).map((one) => one.id)).toEqual([shared.id]);

    // Revoked meanwhile (say, by a node without the secret): the same hash brings it back.
    await accounts.revokeCredentialsNamed(user.id, 'app_token', 'Tidings app');
    await accounts.keepOnlyCredential(newCredential(user.id, 'app_token', 'Tidings app'), hashes('shared-hash'));
    expect((await accounts.credentials(user.id, 'app_token')).map((one) => one.id)).toEqual([shared.id]);
    expect((await accounts.bySecretHash('minted-hash'))?.credential.revoked_at).toEqual(expect.any(String));
  });

  it('keeps one live credential when several nodes keep the same one at once', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('nodes@example.com'));
    for (let round = 0; round < 5; round += 1) {
      const starts = [1, 2, 3, 4].map(() => newCredential(user.id, 'app_token', 'Tidings app'));
      // Connections opened first (on PostgreSQL), so the four calls really overlap.
      await Promise.all(starts.map(() => accounts.owner()));
      await Promise.all(starts.map((credential) => accounts.keepOnlyCredential(credential, hashes(`node-hash-${round}`))));
      expect(await accounts.credentials(user.id, 'app_token')).toHaveLength(1);
    }
  });

  it('records when a credential was last used', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('touch@example.com'));
    const key = newCredential(user.id);
    await accounts.addCredential(key, hashes('touch-hash'));
    await accounts.touch(key.id, '2026-02-03T04:05:06.000Z');
    expect((await accounts.byId(key.id))?.credential.last_used_at).toBe('2026-02-03T04:05:06.000Z');
  });

  it('lists every user with their live API keys counted', async () => {
    const { accounts } = f.store;
    const user = await accounts.ensureUser(newUser('counted@example.com'));
    const revoked = newCredential(user.id);
    await accounts.addCredential(revoked, hashes());
    await accounts.addCredential(newCredential(user.id), hashes());
    await accounts.addCredential(newCredential(user.id, 'app_token'), hashes());
    await accounts.revokeCredential(user.id, revoked.id);
    expect(await accounts.summaries()).toEqual([{ ...user, api_keys: 1, subscriptions: 0 }]);
  });
});
