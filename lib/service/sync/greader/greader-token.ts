/**
 * Google Reader's write token, the `T` form field clients fetch from /token and send with their
 * writes (a guard against forged cross-site requests). It is an HMAC keyed with the API key's
 * stored hash over the key's id and a day-long time window, as the gpodder session cookie: any
 * node with the database can make and check it, none can make it without, and it dies with the
 * key. A token is good in the window it was made in and the next one (one to two days).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from '../../store/store';

const windowMs = 86_400_000;
/** Google's tokens were 57 characters; clients store them as they come. */
const tokenLength = 57;

function tokenFor(credentialId: string, secretHash: string, window: number): string {
  return createHmac('sha256', secretHash).update(`greader-token:${credentialId}:${window}`).digest('hex').slice(0, tokenLength);
}

/** The write token of an API key (by its credential id), as /token answers it. */
export async function writeToken(store: Store, credentialId: string, now = Date.now()): Promise<string> {
  const hash = (await store.accounts.byId(credentialId))!.secretHash;
  return tokenFor(credentialId, hash, Math.floor(now / windowMs));
}

/** Whether `given` is a write token this server made for this API key, in this window or the one before. */
export async function isWriteTokenOf(store: Store, credentialId: string, given: string, now = Date.now()): Promise<boolean> {
  const hash = (await store.accounts.byId(credentialId))?.secretHash;
  if (!hash || !/^[0-9a-f]+$/.test(given) || given.length !== tokenLength) return false;
  const window = Math.floor(now / windowMs);
  return [window, window - 1].some((one) => timingSafeEqual(Buffer.from(tokenFor(credentialId, hash, one)), Buffer.from(given)));
}
