import { replayOutbox } from '@/lib/client/outbox/replay';
import { sendOutboxRequest } from '@/lib/client/outbox/send';
import { OutboxStore } from '@/lib/client/outbox/store';
import { outboxSyncTag, type OutboxSyncMessage } from '@/lib/client/outbox/sync';
import { applyToKeptItems } from './item-writes';
import { sw } from './worker-scope';

/*
 * Background Sync: the browser wakes the worker when the connection returns, even
 * with no tab open, and the worker replays the outbox itself (the same store and
 * replay as the page, under the same lock). Open pages hear of each change as it
 * leaves the queue, so their pending counts go down one by one on a slow link, and
 * at the end, to refetch.
 */

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };

async function tellOpenPages(message: OutboxSyncMessage): Promise<void> {
  const clients = await sw.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage(message);
}

async function replayInWorker(): Promise<void> {
  const store = new OutboxStore();
  // Messages go out one after another, so a page never hears a count older than the last.
  let told = Promise.resolve();
  const tell = (message: OutboxSyncMessage) => {
    told = told.then(() => tellOpenPages(message)).catch(() => undefined);
  };
  try {
    const outcome = await replayOutbox(store, {
      send: sendOutboxRequest,
      onSent: (entry, result) => void applyToKeptItems(entry.action, result).catch(() => undefined),
      onProgress: (progress) => tell({ type: 'outbox-progress', ...progress }),
    });
    tell({ type: 'outbox-replayed', sent: outcome.sent, refused: outcome.refused });
    await told;
    // A rejected sync is retried by the browser later, with its own backoff.
    if (outcome.state === 'offline' || outcome.state === 'paused') throw new Error(`outbox replay ${outcome.state}`);
  } finally {
    await store.close();
  }
}

/** Replays the outbox on the outbox's Background Sync tag. */
export function listenForOutboxSync(): void {
  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === outboxSyncTag) sync.waitUntil(replayInWorker());
  });
}
