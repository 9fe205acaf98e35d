/*
 * The ingest side of subscribing to a feed new to the instance: reading it off the main thread and
 * storing its items.
 */
import type { ServiceContext } from '../../context';
import { indexPreparedItems } from '../../intelligence/ingest-queue';
import { newItemSteps } from '../rules/ingest-rules';
import { sharedFeedPreparer } from './feed-preparer';
import type { LoadedFeed, ReadFeed } from './load-feed';
import type { StoredItems } from './store-items';

/**
 * Reads a new feed on the refresh's worker thread: a large feed took the main thread, and with
 * it every other request, for seconds. The feed is new, so none of its items are stored yet.
 */
export function readOffThread(service: ServiceContext): ReadFeed {
  return (source) => sharedFeedPreparer().prepare(source, {
    file: service.store.feeds.readOnlyFile, feedId: '', known: (keys) => keys.map(() => false),
  });
}

/** Items written per unit of work; other requests get the thread between two (20,000 items in one held it ~3 s). */
const STORE_SLICE = 1000;

/** Stores a new feed's items a slice per unit of work, then indexes them as a refresh does. */
export async function storeNewItems(service: ServiceContext, feedId: string, { feed, docs }: LoadedFeed): Promise<void> {
  const now = new Date();
  const stored: StoredItems = { added: [], addedFrom: [], skipped: 0 };
  for (let start = 0; start < feed.items.length; start += STORE_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const part = await service.store.feeds.storeItems(feedId, feed.items.slice(start, start + STORE_SLICE), now, newItemSteps);
    stored.added.push(...part.added);
    stored.addedFrom!.push(...part.addedFrom!.map((position) => position + start));
    stored.skipped += part.skipped;
  }
  await indexPreparedItems(service, feedId, feed, stored, now, docs);
}
