/*
 * gpodder's session cookie over real HTTP: a call signed in with Basic gets `sessionid`, later
 * calls of the same user ride it without credentials, and a forged, another user's or a revoked
 * key's cookie gets the 401 that asks for Basic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeCredential } from '@/lib/service/domain/accounts';
import { startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let alice: TestUser;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.createUser({ email: 'alice@example.com' });
});

afterAll(async () => {
  await h.stop();
});

const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

async function devices(user: string, headers: Record<string, string>) {
  return fetch(`${h.baseUrl}/gpodder/api/2/devices/${user}.json`, { headers });
}

async function sessionOf(email: string, key: string): Promise<string> {
  const signedIn = await devices(email, { authorization: basic(email, key) });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^sessionid=[^;]+; Path=\/gpodder; HttpOnly; SameSite=Strict$/);
  return cookie.split(';')[0];
}

describe('gpodder session cookie', () => {
  it('lets the signed-in user call again with the cookie alone', async () => {
    const cookie = await sessionOf('alice@example.com', alice.key);
    const again = await devices('alice@example.com', { cookie: `theme=dark; ${cookie}` });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual([]);
  });

  it('refuses a forged cookie, another user\'s path and a revoked key\'s cookie with the Basic challenge', async () => {
    const cookie = await sessionOf('alice@example.com', alice.key);
    const forged = `${cookie.slice(0, -4)}AAAA`;
    const bob = await h.createUser({ email: 'bob@example.com' });
    for (const [user, value] of [['alice@example.com', forged], ['bob@example.com', cookie], ['alice@example.com', 'sessionid=nonsense']]) {
      const refused = await devices(user, { cookie: value });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    expect((await devices('bob@example.com', { authorization: basic('bob@example.com', bob.key) })).status).toBe(200);

    const key = await h.issueKey(alice.user);
    const revocable = await sessionOf('alice@example.com', key);
    const credentialId = revocable.slice('sessionid='.length).split('.')[0];
    expect(await revokeCredential(h.service.store, alice.user.id, credentialId)).toBe(true);
    expect((await devices('alice@example.com', { cookie: revocable })).status).toBe(401);
  });

  it('ends the session on logout', async () => {
    const loggedOut = await fetch(`${h.baseUrl}/gpodder/api/2/auth/alice@example.com/logout.json`, {
      method: 'POST', headers: { authorization: basic('alice@example.com', alice.key) },
    });
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.headers.get('set-cookie')).toMatch(/^sessionid=; .*Max-Age=0/);
  });
});
