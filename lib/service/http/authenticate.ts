import type { Operation } from '@/lib/contract/operation';
import { findCredentialBySecret, looksLikeCredential, touchCredential, type Credential, type User } from '../domain/accounts';
import type { Store } from '../store/store';
import { forbidden, unauthorized } from './errors';

/** Who is calling: the user and the credential they presented. */
export type Caller = { user: User; credential: Credential };

/** Resolves the Bearer credential of a request and applies SPEC.md's 401 and 403 rules. */
export async function authenticate(store: Store, request: Request, operation: Operation): Promise<Caller> {
  const header = request.headers.get('authorization');
  if (!header) throw unauthorized('An API key is required: send it as "Authorization: Bearer <API_KEY>".');
  const match = header.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized('The Authorization header must use the Bearer scheme.');
  const token = match[1];
  if (!looksLikeCredential(token)) throw unauthorized('The API key is malformed.');
  const found = await findCredentialBySecret(store, token);
  if (!found) throw unauthorized('The API key is invalid or has been revoked.');
  if (found.user.status !== 'active') throw forbidden(`This account is ${found.user.status}.`);
  if (operation.auth === 'first_party' && found.credential.kind !== 'app_token') {
    throw forbidden('This operation is reserved for the Tidings app and does not accept API keys.');
  }
  // last_used_at is bookkeeping: the store skips it when busy with another writer rather than turn a read into a 503.
  await touchCredential(store, found.credential);
  return found;
}
