import { OUTBOX_JOURNAL_PREFIX } from './journal';
import { markStorage, OUTBOX_QUEUED_KEY } from './queued-mark';
import { randomId } from './random-id';

/*
 * The runtime's side of the queued mark (./queued-mark): set before and after every change is
 * queued, removed only by a read of the queue that found it empty while no change was queued
 * meanwhile (each queuing writes a new value; the read removes the mark only if it still holds
 * the value seen before the read began, so a tab queuing at that moment keeps it), and while no
 * change is journalled (./journal: a page may yet queue it, or the next start will).
 */

/** The keys of the journalled changes in `local` (the caller catches what storage throws). */
export function journalKeys(local: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < local.length; index += 1) {
    const key = local.key(index);
    if (key?.startsWith(OUTBOX_JOURNAL_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Marks that a change is being (or was) queued; call before adding it to the queue and again after. */
export function markQueued(): void {
  try {
    markStorage()?.setItem(OUTBOX_QUEUED_KEY, randomId());
  } catch {
    // Storage full or unavailable: offline support, loaded after the page's load event, replays anyway.
  }
}

/**
 * Starts a read of the queue: answers the function to call with what the read found, which keeps
 * the mark while changes wait and removes it when none do and none were queued since the read began.
 */
export function beginQueueRead(): (pendingCount: number) => void {
  const local = markStorage();
  let seen: string | null;
  try {
    seen = local?.getItem(OUTBOX_QUEUED_KEY) ?? null;
  } catch {
    return () => undefined;
  }
  return (pendingCount) => {
    try {
      if (pendingCount > 0) {
        if (local?.getItem(OUTBOX_QUEUED_KEY) === null) markQueued();
      } else if (seen !== null && local?.getItem(OUTBOX_QUEUED_KEY) === seen && !journalKeys(local).length) {
        local.removeItem(OUTBOX_QUEUED_KEY);
      }
    } catch {
      // Unavailable storage: the mark stays as it was, which at worst loads the runtime for nothing.
    }
  };
}
