/** Request times of one credential, oldest first, from `start` on (what is before it has left the window). */
type Window = { times: number[]; start: number };

/** A sliding window (a minute unless told) of request times per credential, kept in memory. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs = 60_000) {}

  /** Counts a request; answers how many seconds to wait when the limit is already reached. */
  hit(key: string, limit: number, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
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
      return { allowed: false, retryAfterSeconds: Math.ceil((times[window.start] + this.windowMs - now) / 1000) };
    }
    times.push(now);
    return { allowed: true };
  }
}
