import 'server-only';
import { postgresDatabaseUrl } from '@/lib/service/store/database-url';
import { endStreak, hitStreak, hitWindow, readStreak, readWindow } from './app-state/postgres-limits';
import { addressWords, isLoopbackAddress, normalAddress } from './trusted-proxies';

/*
 * Failed sign-ins slow down the address that makes them, and only it: after 5 failures each
 * further try waits twice as long as the one before (1 s, 2 s, 4 s… up to 5 minutes), and no
 * address gets more than 10 failures a minute. The address is the one the production server
 * derived from the TCP peer and trusted proxies (lib/server/client-address.ts), so a made-up
 * X-Forwarded-For buys nothing; an IPv6 client counts by its /64, which one machine holds whole.
 * A guess spread over many addresses meets a cap of 300 failures a minute in all, which never
 * holds back the machine itself (loopback) nor an address that signed in rightly before, so
 * strangers cannot lock the owner out. Only failures count, and the right password clears its
 * address; but while an address must wait, even the right password waits, or guessing would go on.
 * Kept in memory per process; with DATABASE_URL counted in PostgreSQL, so app nodes share the
 * limits (there the 15 minutes run from the last failure, and minutes are sliding-window estimates).
 */

const minuteMs = 60_000;
const perAddressPerMinute = 10;
/** Failures an address may make before each further try waits. */
const freeFailures = 5;
/** How long an address's failures are remembered for the growing wait. */
const rememberMs = 15 * minuteMs;
const longestWaitMs = 5 * minuteMs;
const overallPerMinute = 300;
/** How long an address that signed in rightly stays out of the overall cap. */
const knownForMs = 30 * 86_400_000;
/** Beyond this many remembered addresses, expired ones are swept out. */
const sweepAbove = 10_000;

// A clock set back forgets what lies ahead of it rather than keeping it for ever.
const within = (time: number, now: number, spanMs: number) => now >= time && now - time < spanMs;

/** What is kept in memory: failure times per address, overall, and addresses that signed in. */
class SignInFailures {
  readonly byAddress = new Map<string, number[]>();
  overall: number[] = [];
  readonly known = new Map<string, number>();

  recent(key: string, now: number): number[] {
    const times = (this.byAddress.get(key) ?? []).filter((time) => within(time, now, rememberMs));
    if (times.length) this.byAddress.set(key, times);
    else this.byAddress.delete(key);
    return times;
  }

  recentOverall(now: number): number[] {
    this.overall = this.overall.filter((time) => within(time, now, minuteMs));
    return this.overall;
  }

  isKnown(key: string, now: number): boolean {
    const at = this.known.get(key);
    return at !== undefined && now - at < knownForMs;
  }

  sweep(map: Map<string, unknown>, now: number): void {
    if (map.size <= sweepAbove) return;
    for (const key of [...map.keys()]) {
      if (map === this.known ? !this.isKnown(key, now) : this.recent(key, now).length === 0) map.delete(key);
    }
  }
}

const holder = globalThis as typeof globalThis & { __tidingsSignInFailures?: SignInFailures };
const state = () => (holder.__tidingsSignInFailures ??= new SignInFailures());

/** The key failures are counted under: the address itself, an IPv6 address's /64. */
function limitKey(address: string): string {
  const normal = normalAddress(address);
  if (!normal) return address;
  if (!normal.includes(':')) return normal;
  return `${addressWords(normal).slice(0, 4).map((word) => word.toString(16)).join(':')}::/64`;
}

function addressWait(times: number[], now: number): number {
  const lastMinute = times.filter((time) => within(time, now, minuteMs));
  const minuteFull = lastMinute.length >= perAddressPerMinute ? lastMinute[lastMinute.length - perAddressPerMinute] + minuteMs - now : 0;
  const growing = times.length >= freeFailures
    ? times[times.length - 1] + Math.min(1000 * 2 ** (times.length - freeFailures), longestWaitMs) - now
    : 0;
  return Math.max(0, minuteFull, growing);
}

function seconds(waitMs: number): number {
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

async function sharedWait(url: string, address: string, key: string, now: number): Promise<number> {
  const [streak, minute] = await Promise.all([readStreak(url, `sign-in:${key}`, rememberMs, now), readWindow(url, `sign-in-minute:${key}`, minuteMs, now)]);
  let waitMs = streak.count >= freeFailures ? streak.lastAt + Math.min(1000 * 2 ** (streak.count - freeFailures), longestWaitMs) - now : 0;
  if (minute.count >= perAddressPerMinute) waitMs = Math.max(waitMs, minute.windowEndsAt - now);
  if (!isLoopbackAddress(address) && (await readStreak(url, `sign-in-known:${key}`, knownForMs, now)).count === 0) {
    const overall = await readWindow(url, 'sign-in-overall', minuteMs, now);
    if (overall.count >= overallPerMinute) waitMs = Math.max(waitMs, overall.windowEndsAt - now);
  }
  return seconds(waitMs);
}

/** Seconds this address must wait before trying to sign in again, or 0 when it may try now. */
export async function signInWait(address: string, now = Date.now()): Promise<number> {
  const key = limitKey(address);
  const url = postgresDatabaseUrl();
  if (url) return sharedWait(url, address, key, now);
  const failures = state();
  let waitMs = addressWait(failures.recent(key, now), now);
  if (!isLoopbackAddress(address) && !failures.isKnown(key, now)) {
    const overall = failures.recentOverall(now);
    if (overall.length >= overallPerMinute) waitMs = Math.max(waitMs, overall[overall.length - overallPerMinute] + minuteMs - now);
  }
  return seconds(waitMs);
}

/** Counts a failed sign-in from this address. */
export async function recordFailedSignIn(address: string, now = Date.now()): Promise<void> {
  const key = limitKey(address);
  const url = postgresDatabaseUrl();
  if (url) {
    await hitStreak(url, `sign-in:${key}`, rememberMs, now);
    await hitWindow(url, `sign-in-minute:${key}`, minuteMs, now);
    if (!isLoopbackAddress(address)) await hitWindow(url, 'sign-in-overall', minuteMs, now);
    return;
  }
  const failures = state();
  failures.byAddress.set(key, [...failures.recent(key, now), now].slice(-2 * perAddressPerMinute));
  if (!isLoopbackAddress(address)) failures.recentOverall(now).push(now);
  failures.sweep(failures.byAddress, now);
}

/** Counts a right sign-in: the address's failures are forgotten and it stays clear of the overall cap. */
export async function recordSignIn(address: string, now = Date.now()): Promise<void> {
  const key = limitKey(address);
  const url = postgresDatabaseUrl();
  if (url) {
    await endStreak(url, `sign-in:${key}`);
    if (normalAddress(address)) await hitStreak(url, `sign-in-known:${key}`, knownForMs, now);
    return;
  }
  const failures = state();
  failures.byAddress.delete(key);
  if (normalAddress(address)) failures.known.set(key, now);
  failures.sweep(failures.known, now);
}
