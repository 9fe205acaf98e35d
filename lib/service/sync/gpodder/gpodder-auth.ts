/**
 * gpodder's sign-in: HTTP Basic with the account's email as user name and one of its API keys as
 * password, for the user named in the path. Without valid credentials: 401 with
 * `WWW-Authenticate: Basic`, as podcast apps expect before they send them.
 */
import { findCredentialBySecret, looksLikeCredential, touchCredential } from '../../domain/accounts';
import type { Caller } from '../../http/authenticate';
import type { Store } from '../../store/store';

/** The caller of a call for `pathUser`, or null when its Basic credentials are missing, wrong or another user's. */
export async function gpodderCaller(store: Store, request: Request, pathUser: string): Promise<Caller | null> {
  const match = (request.headers.get('authorization') ?? '').match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const [name, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  if (!looksLikeCredential(password)) return null;
  const found = await findCredentialBySecret(store, password);
  if (!found || found.credential.kind !== 'api_key' || found.user.status !== 'active') return null;
  const email = found.user.email.toLowerCase();
  if (name.toLowerCase() !== email || pathUser.toLowerCase() !== email) return null;
  try {
    await touchCredential(store, found.credential);
  } catch {
    // last_used_at is bookkeeping: a busy store must not fail the call.
  }
  return found;
}

/** The answer to a call without valid credentials. */
export function unauthorizedBasic(): Response {
  return new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="Tidings"', 'content-type': 'text/plain' } });
}
