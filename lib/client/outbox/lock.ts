/*
 * One replay at a time per origin: tabs and the service worker share the queue,
 * and two replays would send the same change twice or out of order. The Web Locks
 * API spans them all; where it is missing, a lock within this context serves.
 */

const lockName = 'tidings-outbox-replay';
let local: Promise<unknown> = Promise.resolve();

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** Runs `work` while holding the replay lock; others wait their turn. */
export function withReplayLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (locks) return locks.request(lockName, work);
  const run = local.then(work, work);
  local = run.catch(() => undefined);
  return run;
}
