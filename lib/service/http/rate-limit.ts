import { rateLimited } from './errors';

/** A limiter's answer for one request: go ahead, or wait this many seconds (`roomInMs` exactly, when known). */
export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; roomInMs?: number };

/**
 * Counts each credential's requests against its per-minute limit. One that asks a database (shared
 * by several app nodes) answers with a promise; the in-memory one answers at once.
 */
export interface KeyLimiter {
  hit(key: string, limit: number): Verdict | Promise<Verdict>;
}

function refuseWhenOver(verdict: Verdict): void {
  if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds);
}

/**
 * Spends one request of `key`, throwing the 429 when it is over `limit`. A limiter that answers at
 * once is answered at once: no promise, so the /v1 hot path awaits nothing for the in-memory one.
 */
export function spendRequest(limiter: KeyLimiter, key: string, limit: number): void | Promise<void> {
  const verdict = limiter.hit(key, limit);
  // Any thenable, not only this realm's Promise (a limiter may come from code run in another context).
  if ('then' in verdict) return verdict.then(refuseWhenOver);
  refuseWhenOver(verdict);
}

/** Request times of one credential, oldest first, from `start` on (what is before it has left the window). */
type Window = { times: number[]; start: number };

/** A sliding window (a minute unless told) of request times per credential, kept in memory. */
export class RateLimiter implements KeyLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs = 60_000) {}

  /** Counts a request; answers how many seconds to wait when the limit is already reached. */
  hit(key: string, limit: number, now = Date.now()): Verdict {
    let window = this.windows.get(key);
    if (!window) this.windows.set(key, (window = { times: [], start: 0 }));
    const { times } = window;
    // Times grow (a clock set back only keeps a few a little longer), so the expired ones are a prefix:
    // skipping it costs what expired, not the whole window, which a generous limit makes long.
    while (window.start < times.length && now - times[window.start] >= this.windowMs) window.start++;
    if (window.start >= 64 && window.start * 2 >= times.length) {
      times.splice(0, window.start);
      window.start = 0;
    }
    if (times.length - window.start >= limit) {
      const roomInMs = times[window.start] + this.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.ceil(roomInMs / 1000), roomInMs };
    }
    times.push(now);
    return { allowed: true };
  }
}
