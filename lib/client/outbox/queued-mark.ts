import { OUTBOX_SNAPSHOT_KEY } from './status';

/*
 * A mark in localStorage that something may wait in the outbox, so a page can tell in one
 * synchronous read that nothing does and fetch without loading the outbox's runtime (first-load
 * JS, issue 28). It errs one way only: the runtime sets it before and after every change it
 * queues and removes it only after a read that found the queue empty (./queued-mark-upkeep).
 * This half is what loads with every page; the service worker queues nothing, so never sets it.
 */

/** Where the page marks that the outbox may hold changes. */
export const OUTBOX_QUEUED_KEY = 'tidings:outbox-queued';

/** This page's localStorage, or null where it cannot be used (some private windows, a worker). */
export function markStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether the outbox may hold changes: true unless the mark says none can. Without storage it
 * cannot tell, so it answers true; a snapshot of pending changes (kept before the mark existed) counts too.
 */
export function mayHaveQueued(): boolean {
  const local = markStorage();
  if (!local) return true;
  try {
    return local.getItem(OUTBOX_QUEUED_KEY) !== null || local.getItem(OUTBOX_SNAPSHOT_KEY) !== null;
  } catch {
    return true;
  }
}
