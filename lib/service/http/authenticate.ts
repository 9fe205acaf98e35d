import type { Operation } from '@/lib/contract/operation';
import { findCredentialBySecret, looksLikeCredential, touchCredential, type Credential, type User } from '../domain/accounts';
import type { Db } from '../store/database';
import { forbidden, unauthorized } from './errors';

/** Who is calling: the user and the credential they presented. */
export type Caller = { user: User; credential: Credential };

/** Resolves the Bearer credential of a request and applies SPEC.md's 401 and 403 rules. */
export function authenticate(db: Db, request: Request, operation: Operation): Caller {
  const header = request.headers.get('authorization');
  if (!header) throw unauthorized('An API key is required: send it as "Authorization: Bearer <API_KEY>".');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must use the Bearer scheme.');
  const token = match[1];
  if (!looksLikeCredential(token)) throw unauthorized('The API key is malformed.');
  const found = findCredentialBySecret(db, token);
  if (!found) throw unauthorized('The API key is invalid or has been revoked.');
  if (found.user.status !== 'active') throw forbidden(`This account is ${found.user.status}.`);
  if (operation.auth === 'first_party' && found.credential.kind !== 'app_token') {
    throw forbidden('This operation is reserved for the Tidings app and does not accept API keys.');
  }
  try {
    touchCredential(db, found.credential);
  } catch (error) {
    // last_used_at is bookkeeping: a store busy with another writer must not turn a read into a 503.
    if (!isBusy(error)) throw error;
  }
  return found;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
