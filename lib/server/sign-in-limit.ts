import 'server-only';

/*
 * Failed sign-ins are limited per address (10 a minute) and overall (100 a minute,
 * since an address in X-Forwarded-For can be made up). Only failures count, so a
 * person who types the right password is never slowed down; once the limit is
 * reached even the right password waits, or guessing would simply go on.
 */

const windowMs = 60_000;
const perAddress = 10;
const overall = 100;

/** Failure times in a sliding window per key, kept in memory. */
class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => now - time < windowMs);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds to wait before another attempt under `limit`, or 0. */
  wait(key: string, limit: number, now: number): number {
    const times = this.recent(key, now);
    return times.length >= limit ? Math.max(1, Math.ceil((times[times.length - limit] + windowMs - now) / 1000)) : 0;
  }

  record(key: string, now: number): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }
}

const holder = globalThis as typeof globalThis & { __tidingsSignInFailures?: FailureWindow };
const failures = () => (holder.__tidingsSignInFailures ??= new FailureWindow());

/** The address a sign-in came from: the last X-Forwarded-For hop (the nearest proxy's view), else unknown. */
export function clientAddress(request: Request): string {
  const hops = request.headers.get('x-forwarded-for')?.split(',').map((hop) => hop.trim()).filter(Boolean) ?? [];
  return hops.at(-1) ?? 'unknown';
}

/** Seconds this address must wait before trying to sign in again, or 0 when it may try now. */
export function signInWait(address: string, now = Date.now()): number {
  return Math.max(failures().wait(`address:${address}`, perAddress, now), failures().wait('overall', overall, now));
}

/** Counts a failed sign-in from this address. */
export function recordFailedSignIn(address: string, now = Date.now()): void {
  failures().record(`address:${address}`, now);
  failures().record('overall', now);
}
