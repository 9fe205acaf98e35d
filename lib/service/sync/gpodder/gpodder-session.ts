/**
 * gpodder.net's session cookie. gpodder clients sign in with Basic once and then ride the
 * `sessionid` cookie: Debian's mygpoclient answers a 401 with its credentials only three times
 * per client, so without the cookie its fourth call fails. The cookie names the API key and
 * carries an HMAC keyed with the key's stored hash, so it needs no table, cannot be made without
 * the database, and dies with the key when the key is revoked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../http/authenticate';
import type { Store } from '../../store/store';

const cookieName = 'sessionid';

const signature = (credentialId: string, secretHash: string) =>
  createHmac('sha256', secretHash).update(`gpodder-session:${credentialId}`).digest('base64url');

/** The caller a request's session cookie stands for, or null when it has none or it is no longer good. */
export async function sessionCaller(store: Store, request: Request): Promise<Caller | null> {
  const cookie = (request.headers.get('cookie') ?? '').split(';').map((part) => part.trim())
    .find((part) => part.startsWith(`${cookieName}=`))?.slice(cookieName.length + 1);
  const match = (cookie ?? '').match(/^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/);
  if (!match) return null;
  const found = await store.accounts.byId(match[1]);
  if (!found || found.credential.revoked_at || found.credential.kind !== 'api_key' || found.user.status !== 'active') return null;
  const expected = Buffer.from(signature(found.credential.id, found.secretHash));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { credential: found.credential, user: found.user };
}

/** The Set-Cookie header that opens a session for a key on `path` (Secure when the call came over HTTPS). */
export async function sessionCookie(store: Store, credentialId: string, secure: boolean, path = '/gpodder'): Promise<string> {
  const hash = (await store.accounts.byId(credentialId))!.secretHash;
  return `${cookieName}=${credentialId}.${signature(credentialId, hash)}; Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie header that ends the session on `path` (logout.json). */
export function endedSessionCookie(path = '/gpodder'): string {
  return `${cookieName}=; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=0`;
}
