import { announceItemsChanged } from '@/lib/client/item-lists';
import { changesOf, describeAction } from './actions';
import { mergeChanges } from './overlay';
import { store } from './page-queue';
import { beginQueueRead } from './queued-mark-upkeep';
import type { PendingEntry, RefusedEntry } from './schema';
import { outboxStatus, updateOutboxStatus, type ChangeSummary } from './status';
import type { OutboxSyncMessage } from './sync';

/*
 * Keeps what the page shows of the queue current: reads it into the status snapshot, keeps the
 * app's other tabs and the service worker's replay in step, and asks SWR to refetch items once
 * the service has what was queued.
 */

/** What the page hands over so a replay can refresh SWR's items (see components/offline). */
export type SwrHandle = { keys: () => Iterable<string>; revalidate: (key: string) => unknown };

let swr: SwrHandle | null = null;
/** The reads that follow the worker's replay, one after another, so an earlier one never lands last. */
let workerProgress: Promise<void> = Promise.resolve();

function summary(entry: Pick<PendingEntry, 'requestId' | 'queuedAt' | 'action' | 'title'>): ChangeSummary {
  return { requestId: entry.requestId, queuedAt: entry.queuedAt, label: describeAction(entry.action, () => entry.title) };
}

/**
 * Tells the app's other tabs that the queue changed, so their counts and the changes they show
 * on items follow (each tab reads the same IndexedDB but keeps its own snapshot).
 */
const otherTabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tidings-outbox') : null;
otherTabs?.addEventListener('message', () => {
  const before = outboxStatus().pending.length;
  void readStatus().then(() => {
    // Another tab sent changes: what this one shows of them is now the service's to tell.
    if (outboxStatus().pending.length < before) revalidateItems();
  }, () => undefined);
});

/** Re-reads the queue and the refused list into the status snapshot, and lets other tabs know. */
export async function refreshStatus(): Promise<void> {
  await readStatus();
  otherTabs?.postMessage('changed');
}

async function readStatus(): Promise<void> {
  const found = beginQueueRead();
  const [pending, refused] = await Promise.all([store.pending(), store.refused()]);
  found(pending.length);
  updateOutboxStatus({
    loaded: true,
    pending: pending.map(summary),
    refused: refused.map((entry: RefusedEntry) => ({ ...summary(entry), status: entry.status, message: entry.message })),
    changes: mergeChanges(pending.map((entry) => changesOf(entry.action))),
  });
}

/** Lets a replay refetch SWR's item data afterwards; the offline boot component connects it. */
export function connectSwr(handle: SwrHandle): void {
  swr = handle;
}

/** Tells the page's item lists, and SWR, to fetch items (and Up Next) again. */
export function revalidateItems(): void {
  announceItemsChanged();
  if (!swr) return;
  for (const key of [...swr.keys()]) if (key.includes('/v1/items') || key.includes('/v1/up-next')) void swr.revalidate(key);
}

/** Follows the service worker's replay (Background Sync) in the status snapshot and the items shown. */
export function followWorkerReplay(): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<Partial<OutboxSyncMessage> | null>) => {
    const message = event.data;
    // The worker's replay took one change off the queue: the count follows.
    // Every open page hears it, so no word to other tabs; items are refetched at the end.
    if (message?.type === 'outbox-progress') workerProgress = workerProgress.then(readStatus).catch(() => undefined);
    if (message?.type !== 'outbox-replayed') return;
    void refreshStatus().then(() => {
      if (message.sent || message.refused) revalidateItems();
    });
  });
}
