import { rateLimited, ServiceError } from './errors';
import type { KeyLimiter, Verdict } from './rate-limit';

/*
 * The sync protocols' apps (Google Reader, Fever and gpodder clients) do not honour Retry-After: a
 * 429 fails their sync. So a sync call over its key's limit waits for room in the window when that
 * is near, instead of being refused at once; the limit itself still holds (a held call is answered
 * only once the limiter lets it in). /v1 keeps its immediate 429 (SPEC.md). A held call whose client
 * goes away leaves at once: it would otherwise keep one of the key's held places and take room in the
 * window from a caller still waiting, to answer nobody.
 */

/** How near room in a key's window must be for a sync call to wait for it rather than get 429. */
export const holdAtMostMs = 15_000;

/** How many sync calls of one key may wait at once; more get 429 at once, so a flood holds no pile of connections. */
export const heldAtMostPerKey = 20;

const heldCalls = new WeakMap<KeyLimiter, Map<string, number>>();

function heldOf(limiter: KeyLimiter): Map<string, number> {
  let held = heldCalls.get(limiter);
  if (!held) heldCalls.set(limiter, (held = new Map()));
  return held;
}

/** What a held call ends with when its client went away: nobody reads it (499, as nginx logs such a request). */
function clientGone(): ServiceError {
  return new ServiceError(499, { message: 'The client closed the connection while its call waited for room.' });
}

/** Waits `ms`, or until `signal` aborts (then throws clientGone at once). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    // An abort while a database limiter answered has already fired: no listener would hear it.
    if (signal?.aborted) return reject(clientGone());
    const gone = () => {
      clearTimeout(timer);
      reject(clientGone());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', gone);
      resolve();
    }, ms);
    signal?.addEventListener('abort', gone, { once: true });
  });
}

async function waitForRoom(limiter: KeyLimiter, key: string, limit: number, refused: Verdict & { allowed: false }, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) throw clientGone();
  const held = heldOf(limiter);
  const holding = held.get(key) ?? 0;
  if (holding >= heldAtMostPerKey) throw rateLimited(refused.retryAfterSeconds);
  held.set(key, holding + 1);
  try {
    const deadline = Date.now() + holdAtMostMs;
    let verdict: Verdict = refused;
    while (!verdict.allowed) {
      const roomInMs = Math.max(0, verdict.roomInMs ?? verdict.retryAfterSeconds * 1000);
      if (Date.now() + roomInMs > deadline) throw rateLimited(verdict.retryAfterSeconds);
      // A millisecond past the oldest request's expiry, so that the window surely has room then.
      await sleep(roomInMs + 1, signal);
      verdict = await limiter.hit(key, limit);
    }
  } finally {
    const left = (held.get(key) ?? 1) - 1;
    if (left > 0) held.set(key, left);
    else held.delete(key);
  }
}

/**
 * Spends one sync-protocol request of `key`: over `limit`, it is held until the window has room
 * when that is at most 15 s away (and fewer than 20 of the key's calls are held), else throws the 429;
 * a held call whose `signal` (its request's) aborts leaves at once, spending nothing.
 * Like spendRequest, an in-memory limiter's yes is answered at once, without a promise.
 */
export function spendHeldRequest(limiter: KeyLimiter, key: string, limit: number, signal?: AbortSignal): void | Promise<void> {
  const verdict = limiter.hit(key, limit);
  if ('then' in verdict) return verdict.then((answer) => (answer.allowed ? undefined : waitForRoom(limiter, key, limit, answer, signal)));
  if (!verdict.allowed) return waitForRoom(limiter, key, limit, verdict, signal);
}
