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
