import type { OutboxAction } from './actions';
import { markStorage } from './queued-mark';
import { randomId } from './random-id';

/*
 * The outbox's write-ahead journal: a change is written to localStorage, synchronously, the
 * moment it is made, because queuing it takes the runtime's chunk and an IndexedDB write, and a
 * page left meanwhile would lose it. The entry goes once the change is sent or in the queue;
 * the next start moves what is left into the queue (./journal-replay). One key per change, so
 * tabs writing at once never overwrite each other. This half loads with every page: no idb here.
 */

/** Where each journalled change is kept: this prefix and its request id. */
export const OUTBOX_JOURNAL_PREFIX = 'tidings:outbox-journal:';
/** The Web Lock a page holds while it lives, so another tab leaves its journalled changes to it. */
export const JOURNAL_PAGE_LOCK_PREFIX = 'tidings-outbox-page:';

/** A change as journalled: `page` made it, `at` and then `order` put it in sequence. */
export type JournalEntry = { requestId: string; page: string; at: number; order: number; action: OutboxAction; title: string | null };

/** This page's id (each load of a document is a page of its own). */
export const journalPage = randomId();
let order = 0;
/** This page's journalled changes not yet forgotten, and how to let its lock go once there are none. */
const mine = new Set<string>();
let letGo: (() => void) | null = null;

type PageLocks = { request(name: string, callback: () => Promise<void>): Promise<void> };

/**
 * Holds this page's lock while it has journalled changes in hand (the lock manager frees it when
 * the page goes); only then, as a held Web Lock keeps a page out of the back/forward cache.
 */
function holdPageLock(requestId: string): void {
  mine.add(requestId);
  if (letGo) return;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  try {
    const locks = (navigator as Navigator & { locks?: PageLocks }).locks;
    void locks?.request(JOURNAL_PAGE_LOCK_PREFIX + journalPage, () => released).catch(() => undefined);
  } catch {
    // No Web Locks: other tabs tell this page's entries apart by its id alone (./journal-replay).
  }
}

/**
 * Writes a change down before anything is awaited and answers its request id (the queue keeps
 * it, so a change moved twice is queued once). Without usable storage it answers the id all the same.
 */
export function journalChange(action: OutboxAction, title: string | null): string {
  const entry: JournalEntry = { requestId: randomId(), page: journalPage, at: Date.now(), order: order++, action, title };
  const local = markStorage();
  try {
    local?.setItem(OUTBOX_JOURNAL_PREFIX + entry.requestId, JSON.stringify(entry));
    if (local) holdPageLock(entry.requestId);
  } catch {
    // Storage full or refused: the change goes on as before the journal, only queued in IndexedDB.
  }
  return entry.requestId;
}

/** Forgets a journalled change: it was sent, queued, refused, or failed in front of the person. */
export function forgetChange(requestId: string): void {
  if (mine.delete(requestId) && mine.size === 0) {
    letGo?.();
    letGo = null;
  }
  try {
    markStorage()?.removeItem(OUTBOX_JOURNAL_PREFIX + requestId);
  } catch {
    // Unavailable storage holds no entry to forget.
  }
}

/** The keys of the journalled changes in `local` (the caller catches what storage throws). */
export function journalKeys(local: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < local.length; index += 1) {
    const key = local.key(index);
    if (key?.startsWith(OUTBOX_JOURNAL_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Whether any change is journalled (by this page or another); true when storage cannot tell. */
export function hasJournalledChanges(): boolean {
  const local = markStorage();
  if (!local) return false;
  try {
    return journalKeys(local).length > 0;
  } catch {
    return true;
  }
}
