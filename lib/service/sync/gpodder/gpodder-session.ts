/**
 * gpodder.net's session cookie. gpodder clients sign in with Basic once and then ride the
 * `sessionid` cookie: Debian's mygpoclient answers a 401 with its credentials only three times
 * per client, so without the cookie its fourth call fails. The cookie names the API key and
 * carries an HMAC keyed with the key's stored hash, so it needs no table, cannot be made without
 * the database, and dies with the key when the key is revoked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Credential, User } from '../../domain/accounts';
import type { Caller } from '../../http/authenticate';
import { preparedOnce, type Db } from '../../store/database';

const cookieName = 'sessionid';

const statements = preparedOnce((db) => ({
  byId: db.prepare(`SELECT c.id, c.user_id, c.kind, c.name, c.prefix, c.created_at, c.last_used_at, c.revoked_at, c.secret_hash,
      u.email, u.plan, u.status, u.is_owner, u.created_at AS user_created_at
    FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.id = ?`),
  hashOf: db.prepare('SELECT secret_hash FROM credentials WHERE id = ?'),
}));

const signature = (credentialId: string, secretHash: string) =>
  createHmac('sha256', secretHash).update(`gpodder-session:${credentialId}`).digest('base64url');

/** The caller a request's session cookie stands for, or null when it has none or it is no longer good. */
export function sessionCaller(db: Db, request: Request): Caller | null {
  const cookie = (request.headers.get('cookie') ?? '').split(';').map((part) => part.trim())
    .find((part) => part.startsWith(`${cookieName}=`))?.slice(cookieName.length + 1);
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!match) return null;
  const row = statements(db).byId.get(match[1]) as
    (Credential & Omit<User, 'id' | 'created_at'> & { user_created_at: string; secret_hash: string }) | undefined;
  if (!row || row.revoked_at || row.kind !== 'api_key' || row.status !== 'active') return null;
  const { email, plan, status, is_owner, user_created_at, secret_hash, ...credential } = row;
  const expected = Buffer.from(signature(row.id, secret_hash));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { credential, user: { id: row.user_id, email, plan, status, is_owner, created_at: user_created_at } };
}

/** The Set-Cookie header that opens a session for a key on `path` (Secure when the call came over HTTPS). */
export function sessionCookie(db: Db, credentialId: string, secure: boolean, path = '/gpodder'): string {
  const hash = statements(db).hashOf.pluck().get(credentialId) as string;
  return `${cookieName}=${credentialId}.${signature(credentialId, hash)}; Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie header that ends the session on `path` (logout.json). */
export function endedSessionCookie(path = '/gpodder'): string {
  return `${cookieName}=; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=0`;
}
