import { forgetChange, JOURNAL_PAGE_LOCK_PREFIX, journalPage, type JournalEntry } from './journal';
import { withReplayLock } from './lock';
import { markStorage } from './queued-mark';
import { journalKeys, markQueued } from './queued-mark-upkeep';
import type { OutboxStore } from './store';

/*
 * The start's side of the journal (./journal): changes written down by a page that went before
 * they were sent or queued are moved into the queue, in the order they were made, once. Under
 * the replay lock, so two tabs starting together take turns and no replay sends meanwhile; the
 * queue keeps request ids, so a change already queued (the page went between its IndexedDB write
 * and forgetting its entry) is not added again. A page still open moves its own changes.
 */

/** The journalled changes in storage, oldest first; unreadable entries are dropped. */
function journalledChanges(local: Storage): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const key of journalKeys(local)) {
    try {
      const entry = JSON.parse(local.getItem(key) ?? 'null') as JournalEntry | null;
      if (entry?.requestId && entry.action) entries.push(entry);
      else local.removeItem(key);
    } catch {
      local.removeItem(key);
    }
  }
  return entries.sort((a, b) => a.at - b.at || (a.page === b.page ? a.order - b.order : 0));
}

/** The pages still open (holding their page lock); null where Web Locks cannot tell. */
async function openPages(): Promise<Set<string> | null> {
  const locks = globalThis.navigator?.locks;
  if (typeof locks?.query !== 'function') return null;
  try {
    const { held = [], pending = [] } = await locks.query();
    const names = [...held, ...pending].map((lock) => lock.name ?? '');
    return new Set(names.filter((name) => name.startsWith(JOURNAL_PAGE_LOCK_PREFIX)).map((name) => name.slice(JOURNAL_PAGE_LOCK_PREFIX.length)));
  } catch {
    return null;
  }
}

/** The changes of pages that went, which no page will queue now. */
async function orphaned(local: Storage): Promise<JournalEntry[]> {
  const open = await openPages();
  return journalledChanges(local).filter((entry) => entry.page !== journalPage && !open?.has(entry.page));
}

/**
 * Moves the changes that pages left journalled, neither sent nor queued, into the queue in
 * their order (keeping when they were made); answers how many it added.
 */
export async function queueJournalledChanges(store: OutboxStore): Promise<number> {
  const local = markStorage();
  if (!local || !(await orphaned(local)).length) return 0;
  return withReplayLock(async () => {
    let added = 0;
    // Read again under the lock: another tab may have moved them while this one waited.
    for (const entry of await orphaned(local)) {
      markQueued();
      if (await store.add(entry.action, { title: entry.title, now: entry.at, requestId: entry.requestId })) added += 1;
      markQueued();
      forgetChange(entry.requestId);
    }
    return added;
  });
}

/** Forgets every journalled change (sign-out empties the outbox, the journal with it). */
export function forgetJournal(): void {
  const local = markStorage();
  try {
    for (const key of local ? journalKeys(local) : []) local?.removeItem(key);
  } catch {
    // Unavailable storage holds no journal.
  }
}
