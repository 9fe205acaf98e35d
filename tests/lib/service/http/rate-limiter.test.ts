import { describe, expect, it } from 'vitest';
import { RateLimiter } from '@/lib/service/http/rate-limit';

const minute = 60_000;

describe('the sliding one-minute window', () => {
  it('allows the limit within a minute and refuses the next with the seconds until the oldest leaves', () => {
    const limiter = new RateLimiter();
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) expect(limiter.hit('key', 3, start + i * 10_000)).toEqual({ allowed: true });
    expect(limiter.hit('key', 3, start + 25_000)).toEqual({ allowed: false, retryAfterSeconds: 35, roomInMs: 35_000 });
    // The oldest request leaves the window exactly a minute after it was made.
    expect(limiter.hit('key', 3, start + minute - 1).allowed).toBe(false);
    expect(limiter.hit('key', 3, start + minute)).toEqual({ allowed: true });
    expect(limiter.hit('key', 3, start + minute + 1).allowed).toBe(false);
  });

  it('does not count refused requests', () => {
    const limiter = new RateLimiter();
    expect(limiter.hit('key', 1, 0).allowed).toBe(true);
    for (let t = 1; t < minute; t += 1000) expect(limiter.hit('key', 1, t).allowed).toBe(false);
    expect(limiter.hit('key', 1, minute).allowed).toBe(true);
  });

  it('counts each key on its own', () => {
    const limiter = new RateLimiter();
    expect(limiter.hit('a', 1, 0).allowed).toBe(true);
    expect(limiter.hit('a', 1, 1).allowed).toBe(false);
    expect(limiter.hit('b', 1, 2).allowed).toBe(true);
  });

  it('stays exact over an hour of steady requests at a generous limit', () => {
    const limiter = new RateLimiter();
    const limit = 500;
    // The requests the model still counts, oldest first.
    const made: number[] = [];
    let refused = 0;
    // 10 requests a second for an hour, and a burst of 200 every ten minutes: now and then over the limit.
    for (let t = 0; t < 3600_000; t += 100) {
      while (made.length && t - made[0] >= minute) made.shift();
      const burst = t % 600_000 === 0 ? 200 : 1;
      for (let i = 0; i < burst; i++) {
        const verdict = limiter.hit('key', limit, t);
        expect(verdict.allowed).toBe(made.length < limit);
        if (verdict.allowed) made.push(t);
        else refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
