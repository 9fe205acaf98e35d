import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { serviceConfig } from '@/lib/service/config';
import { passwordId } from '@/lib/service/domain/app-password';
import { appPasswordSource } from './app-password';
import { openSecret, sealSecret } from './secret-box';
import { sessionStore, type SessionRow } from './session-store';
import { hasInstallationCredential, type Caller } from './upstream';

/*
 * Sign-in sessions. The browser holds only an opaque random token in an HttpOnly,
 * SameSite=Lax cookie (Secure, with the __Host- prefix, over https); the server keeps
 * the session, and for a person signed in with their own key, that key, sealed.
 * Lax rather than Strict: Strict would drop the cookie when someone follows a link
 * to Tidings from mail or another app, and cross-site writes are refused anyway.
 */

/** How long a session lives without use; each day of use slides it forward. */
export const sessionLifetimeMs = 30 * 86_400_000;
const renewEveryMs = 86_400_000;
const secureCookieName = '__Host-tidings_session';
const plainCookieName = 'tidings_session';

/** A signed-in session and whose credential its calls carry. */
export type Session = { id: string; caller: Caller; expiresAt: number };

/** A session found for a request, and the cookie to send back when its lifetime slid forward. */
export type FoundSession = { session: Session; setCookie: string | null };

/** The data directory of this installation (TIDINGS_DATA_DIR, default ./data). */
export function appDataDir(): string {
  return serviceConfig().dataDir;
}

/** Whether the browser reached us over https, directly or through a proxy that says so. */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (forwarded) return forwarded === 'https';
  return new URL(request.url).protocol === 'https:';
}

/** The Set-Cookie value carrying a session token; an empty token with maxAge 0 clears it. */
export function sessionCookie(token: string, secure: boolean, maxAgeSeconds = sessionLifetimeMs / 1000): string {
  const name = secure ? secureCookieName : plainCookieName;
  return `${name}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The session token in a Cookie header, or null. */
export function sessionToken(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  let plain: string | null = null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (name === secureCookieName && value) return value;
    if (name === plainCookieName && value) plain = value;
  }
  return plain;
}

function idOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for a caller who just proved who they are; answers its Set-Cookie value. */
export async function startSession(request: Request, caller: Caller, now = Date.now()): Promise<string> {
  const dataDir = appDataDir();
  // A token drawn twice (never, at 256 bits) would find its id taken: draw again rather than fail.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const token = randomBytes(32).toString('base64url');
    const id = idOf(token);
    const row: SessionRow = {
      id,
      kind: caller.kind === 'person' ? 'api_key' : 'password',
      password_id: caller.kind === 'installation' ? passwordId(await appPasswordSource(dataDir)) : null,
      api_key: caller.kind === 'person' ? sealSecret(dataDir, caller.apiKey, id) : null,
      created_at: now, last_seen_at: now, expires_at: now + sessionLifetimeMs,
    };
    if (await sessionStore(dataDir).insert(row)) return sessionCookie(token, isSecureRequest(request));
  }
  throw new Error('No free session id was found in three draws.');
}

async function callerOf(row: SessionRow, dataDir: string): Promise<Caller | null> {
  if (row.kind === 'api_key') {
    const apiKey = row.api_key ? openSecret(dataDir, row.api_key, row.id) : null;
    return apiKey ? { kind: 'person', apiKey } : null;
  }
  // A new password, or a hosted service without an operator key, ends password sessions.
  if (!hasInstallationCredential()) return null;
  const current = passwordId(await appPasswordSource(dataDir));
  return current !== null && row.password_id === current ? { kind: 'installation' } : null;
}

/** The live session of a Cookie header, or null; slides its lifetime forward once a day of use. */
export async function findSession(cookieHeader: string | null, secure: boolean, now = Date.now()): Promise<FoundSession | null> {
  const token = sessionToken(cookieHeader);
  if (!token) return null;
  const dataDir = appDataDir();
  const store = sessionStore(dataDir);
  const row = await store.find(idOf(token), now);
  if (!row) return null;
  const caller = await callerOf(row, dataDir);
  if (!caller) {
    await store.remove(row.id);
    return null;
  }
  let setCookie: string | null = null;
  let expiresAt = row.expires_at;
  if (now - row.last_seen_at >= renewEveryMs) {
    expiresAt = now + sessionLifetimeMs;
    await store.extend(row.id, now, expiresAt);
    setCookie = sessionCookie(token, secure);
  }
  return { session: { id: row.id, caller, expiresAt }, setCookie };
}

/** The live session of a request, or null. */
export function sessionOf(request: Request, now = Date.now()): Promise<FoundSession | null> {
  return findSession(request.headers.get('cookie'), isSecureRequest(request), now);
}

/** Ends a session by its id (after the service refused its key, for instance). */
export function endSessionById(id: string): Promise<void> {
  return sessionStore(appDataDir()).remove(id);
}

/** Ends the request's session, if any; answers the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const token = sessionToken(request.headers.get('cookie'));
  if (token) await endSessionById(idOf(token));
  return sessionCookie('', isSecureRequest(request), 0);
}
