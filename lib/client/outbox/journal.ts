import type { OutboxAction } from './actions';
import { markStorage, OUTBOX_QUEUED_KEY } from './queued-mark';

/*
 * The outbox's write-ahead journal: a change is written to localStorage, synchronously, the
 * moment it is made, because queuing it takes the runtime's chunk and an IndexedDB write, and a
 * page left meanwhile would lose it. The entry goes once the change is sent or in the queue;
 * the next start moves what is left into the queue (./journal-replay). One key per change, so
 * tabs writing at once never overwrite each other. This half loads with every page (first-load
 * JS): no idb, no crypto, as little as it can be.
 */

/** Where each journalled change is kept: this prefix and its request id. */
export const OUTBOX_JOURNAL_PREFIX = 'tidings:outbox-journal:';
/** The Web Lock a page holds while it has journalled changes in hand, so other tabs leave them to it. */
export const JOURNAL_PAGE_LOCK_PREFIX = 'tidings-outbox-page:';

/** A change as journalled: `page` made it, `at` and then `order` put it in sequence. */
export type JournalEntry = { requestId: string; page: string; at: number; order: number; action: OutboxAction; title: string | null };

/** An id that only this device's storage ever sees (request ids are not sent), so Math.random serves. */
const freshId = () => Date.now().toString(36) + Math.random().toString(36).slice(2);

/** This page's id (each load of a document is a page of its own). */
export const journalPage = freshId();
let order = 0;
/** This page's journalled changes not yet forgotten; its lock goes once there are none (a held lock keeps a page out of the back/forward cache). */
const mine = new Set<string>();
let letGo: (() => void) | undefined;

/**
 * Writes a change down before anything is awaited, with the queued mark (so the next page waits
 * for it), and answers its request id: the queue keeps it, so a change moved twice is queued once.
 * Without usable storage it answers an id all the same.
 */
export function journalChange(action: OutboxAction, title: string | null): string {
  const requestId = freshId();
  try {
    const local = markStorage();
    if (!local) return requestId;
    local.setItem(OUTBOX_JOURNAL_PREFIX + requestId, JSON.stringify({ requestId, page: journalPage, at: Date.now(), order: order++, action, title }));
    local.setItem(OUTBOX_QUEUED_KEY, requestId);
    if (!mine.size) {
      const held = new Promise<void>((resolve) => (letGo = resolve));
      navigator.locks?.request(JOURNAL_PAGE_LOCK_PREFIX + journalPage, () => held).catch(() => undefined);
    }
    mine.add(requestId);
  } catch {
    // Storage full or refused: the change goes on as before the journal, only queued in IndexedDB.
  }
  return requestId;
}

/** Forgets a journalled change: it was sent, queued, refused, or failed in front of the person. */
export function forgetChange(requestId: string): void {
  if (mine.delete(requestId) && !mine.size) letGo?.();
  try {
    markStorage()?.removeItem(OUTBOX_JOURNAL_PREFIX + requestId);
  } catch {
    // Unavailable storage holds no entry to forget.
  }
}
