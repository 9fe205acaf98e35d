import { randomId } from './random-id';
import { OUTBOX_SNAPSHOT_KEY } from './status';

/*
 * A mark in localStorage that something may wait in the outbox, so a page can tell in one
 * synchronous read that nothing does and fetch without loading the outbox's runtime (first-load
 * JS, issue 28). It errs one way only: set before and after every change is queued, removed only
 * by a read of the queue that found it empty while no change was queued meanwhile (each queuing
 * writes a new value; the read removes the mark only if it still holds the value seen before).
 * The service worker queues nothing, so it never needs to set it.
 */

/** Where the page marks that the outbox may hold changes. */
export const OUTBOX_QUEUED_KEY = 'tidings:outbox-queued';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Marks that a change is being (or was) queued; call before adding it to the queue and again after. */
export function markQueued(): void {
  try {
    storage()?.setItem(OUTBOX_QUEUED_KEY, randomId());
  } catch {
    // Storage full or unavailable: the runtime, loaded after the page's load event, replays anyway.
  }
}

/**
 * Whether the outbox may hold changes: true unless the mark says none can. Without storage it
 * cannot tell, so it answers true; a snapshot of pending changes (kept before the mark existed) counts too.
 */
export function mayHaveQueued(): boolean {
  const local = storage();
  if (!local) return true;
  try {
    return local.getItem(OUTBOX_QUEUED_KEY) !== null || local.getItem(OUTBOX_SNAPSHOT_KEY) !== null;
  } catch {
    return true;
  }
}

/**
 * Starts a read of the queue: answers the function to call with what the read found, which keeps
 * the mark while changes wait and removes it when none do and none were queued since the read began.
 */
export function beginQueueRead(): (pendingCount: number) => void {
  const local = storage();
  let seen: string | null = null;
  try {
    seen = local?.getItem(OUTBOX_QUEUED_KEY) ?? null;
  } catch {
    return () => undefined;
  }
  return (pendingCount) => {
    try {
      if (pendingCount > 0) {
        if (local?.getItem(OUTBOX_QUEUED_KEY) === null) markQueued();
      } else if (seen !== null && local?.getItem(OUTBOX_QUEUED_KEY) === seen) {
        local.removeItem(OUTBOX_QUEUED_KEY);
      }
    } catch {
      // Unavailable storage: the mark stays as it was, which at worst loads the runtime for nothing.
    }
  };
}
