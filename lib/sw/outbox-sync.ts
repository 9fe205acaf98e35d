import { replayOutbox } from '@/lib/client/outbox/replay';
import { sendOutboxRequest } from '@/lib/client/outbox/send';
import { OutboxStore } from '@/lib/client/outbox/store';
import { outboxSyncTag } from '@/lib/client/outbox/sync';
import { applyToKeptItems } from './item-writes';
import { sw } from './worker-scope';

/*
 * Background Sync: the browser wakes the worker when the connection returns, even
 * with no tab open, and the worker replays the outbox itself (the same store and
 * replay as the page, under the same lock), then tells open pages to refetch.
 */

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };

async function replayInWorker(): Promise<void> {
  const store = new OutboxStore();
  try {
    const outcome = await replayOutbox(store, {
      send: sendOutboxRequest,
      onSent: (entry, result) => void applyToKeptItems(entry.action, result).catch(() => undefined),
    });
    const clients = await sw.clients.matchAll({ type: 'window' });
    for (const client of clients) client.postMessage({ type: 'outbox-replayed', sent: outcome.sent, refused: outcome.refused });
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
