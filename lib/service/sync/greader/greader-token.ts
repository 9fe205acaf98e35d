/**
 * Google Reader's write token, the `T` form field clients fetch from /token and send with their
 * writes (a guard against forged cross-site requests). It is an HMAC keyed with the API key's
 * stored hash over the key's id and a day-long time window, as the gpodder session cookie: any
 * node with the database can make and check it, none can make it without, and it dies with the
 * key. A token is good in the window it was made in and the next one (one to two days).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { preparedOnce, type Db } from '../../store/database';

const windowMs = 86_400_000;
/** Google's tokens were 57 characters; clients store them as they come. */
const tokenLength = 57;

const statements = preparedOnce((db) => ({
  hashOf: db.prepare('SELECT secret_hash FROM credentials WHERE id = ?').pluck(),
}));

function tokenFor(credentialId: string, secretHash: string, window: number): string {
  return createHmac('sha256', secretHash).update(`greader-token:${credentialId}:${window}`).digest('hex').slice(0, tokenLength);
}

/** The write token of an API key (by its credential id), as /token answers it. */
export function writeToken(db: Db, credentialId: string, now = Date.now()): string {
  const hash = statements(db).hashOf.get(credentialId) as string;
  return tokenFor(credentialId, hash, Math.floor(now / windowMs));
}

/** Whether `given` is a write token this server made for this API key, in this window or the one before. */
export function isWriteTokenOf(db: Db, credentialId: string, given: string, now = Date.now()): boolean {
  const hash = statements(db).hashOf.get(credentialId) as string | undefined;
  if (!hash || !/^[0-9a-f]+$/.test(given) || given.length !== tokenLength) return false;
  const window = Math.floor(now / windowMs);
  return [window, window - 1].some((one) => timingSafeEqual(Buffer.from(tokenFor(credentialId, hash, one)), Buffer.from(given)));
}
