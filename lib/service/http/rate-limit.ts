/** A sliding one-minute window of request times per credential, kept in memory. */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly windowMs = 60_000) {}

  /** Counts a request; answers how many seconds to wait when the limit is already reached. */
  hit(key: string, limit: number, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const times = (this.windows.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (times.length >= limit) {
      this.windows.set(key, times);
      return { allowed: false, retryAfterSeconds: Math.ceil((times[0] + this.windowMs - now) / 1000) };
    }
    times.push(now);
    this.windows.set(key, times);
    return { allowed: true };
  }
}
