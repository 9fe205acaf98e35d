/**
 * Google Reader's sign-in: ClientLogin takes the account's email and one of its API keys and
 * answers `<email>/<key>` as the `Auth` token; calls then send `Authorization: GoogleLogin auth=<token>`.
 * A revoked key makes a stale token: 401 with `X-Reader-Google-Bad-Token: true`, as clients expect.
 */
import { findCredentialBySecret, looksLikeCredential, touchCredential } from '../../domain/accounts';
import type { Caller } from '../../http/authenticate';
import type { Store } from '../../store/store';

/** The caller whose API key this is, if it is a live key of an active account with this email. */
export async function clientLogin(store: Store, email: string | null, password: string | null): Promise<Caller | null> {
  if (!email || !password || !looksLikeCredential(password.trim())) return null;
  const found = await findCredentialBySecret(store, password.trim());
  if (!found || found.credential.kind !== 'api_key' || found.user.status !== 'active') return null;
  return found.user.email.toLowerCase() === email.trim().toLowerCase() ? found : null;
}

/** The token of a call's `Authorization: GoogleLogin auth=…` header, or null. */
export function tokenOf(request: Request): string | null {
  const match = (request.headers.get('authorization') ?? '').match(/^GoogleLogin\s+auth=(\S+)\s*$/i);
  return match ? match[1] : null;
}

/**
 * The caller of a call, or null when its token is missing, stale or not an API key. The token is
 * `<email>/<key>` as ClientLogin gives it (the email must be the key's) or the bare key.
 */
export async function greaderCaller(store: Store, request: Request): Promise<Caller | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const slash = token.lastIndexOf('/');
  const key = token.slice(slash + 1);
  const email = slash === -1 ? null : token.slice(0, slash);
  if (!looksLikeCredential(key)) return null;
  const found = await findCredentialBySecret(store, key);
  if (!found || found.credential.kind !== 'api_key' || found.user.status !== 'active') return null;
  if (email !== null && email.toLowerCase() !== found.user.email.toLowerCase()) return null;
  try {
    await touchCredential(store, found.credential);
  } catch {
    // last_used_at is bookkeeping: a busy store must not fail the call.
  }
  return found;
}

/** The answer to a call without a valid token. */
export function badToken(): Response {
  return new Response('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain', 'X-Reader-Google-Bad-Token': 'true' } });
}
