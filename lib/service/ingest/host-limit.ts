/** Requests in flight and waiters per host name, for politeness towards each site. */
const hosts = new Map<string, { active: number; waiting: Array<() => void> }>();

/** Politeness: requests one process keeps in flight to any one host. */
export const MAX_REQUESTS_PER_HOST = 2;

/**
 * Waits for a slot on a host (at most MAX_REQUESTS_PER_HOST at once, in-process) and returns
 * the function that gives it back; call it exactly once.
 */
export async function acquireHostSlot(host: string): Promise<() => void> {
  let state = hosts.get(host);
  if (!state) {
    state = { active: 0, waiting: [] };
    hosts.set(host, state);
  }
  const slot = state;
  if (slot.active >= MAX_REQUESTS_PER_HOST) {
    await new Promise<void>((resolve) => slot.waiting.push(resolve));
  } else {
    slot.active++;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = slot.waiting.shift();
    if (next) {
      // The slot passes straight to the next waiter; active stays the same.
      next();
      return;
    }
    slot.active--;
    if (slot.active === 0) hosts.delete(host);
  };
}

/** Requests currently in flight to a host (for tests and diagnostics). */
export function activeRequests(host: string): number {
  return hosts.get(host)?.active ?? 0;
}

/** Hosts that answered 429 or 503 with Retry-After, and until when (epoch ms) no feed of theirs is asked. */
const pausedUntil = new Map<string, number>();
/** Longest pause a Retry-After sets: a day, as the longest wait between fetches. */
const longestPauseSeconds = 24 * 60 * 60;

/** Politeness: a host that asked to wait (Retry-After on 429/503) is not asked again by any feed until then. */
export function pauseHost(host: string, seconds: number, now = Date.now()): void {
  if (!(seconds > 0)) return;
  const until = now + Math.min(seconds, longestPauseSeconds) * 1000;
  pausedUntil.set(host, Math.max(until, pausedUntil.get(host) ?? 0));
}

/** Seconds a host still asks us to wait, or 0. */
export function hostPause(host: string, now = Date.now()): number {
  const until = pausedUntil.get(host);
  if (until === undefined) return 0;
  if (until <= now) {
    pausedUntil.delete(host);
    return 0;
  }
  return Math.ceil((until - now) / 1000);
}
