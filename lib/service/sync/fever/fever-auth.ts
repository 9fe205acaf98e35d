import { findCredentialByFeverKey, touchCredential } from '../../domain/accounts';
import type { Caller } from '../../http/authenticate';
import type { Store } from '../../store/store';

/**
 * The caller of a Fever call, from its `api_key` (md5 of `email:key` for a live API key of an
 * active account), or null, which Fever answers with `auth: 0`.
 */
export async function feverCaller(store: Store, apiKey: string | null): Promise<Caller | null> {
  if (!apiKey || !/^[0-9a-f]{32}$/i.test(apiKey.trim())) return null;
  const found = await findCredentialByFeverKey(store, apiKey.trim());
  if (!found || found.credential.kind !== 'api_key' || found.user.status !== 'active') return null;
  try {
    await touchCredential(store, found.credential);
  } catch {
    // last_used_at is bookkeeping: a busy store must not fail the call.
  }
  return found;
}
