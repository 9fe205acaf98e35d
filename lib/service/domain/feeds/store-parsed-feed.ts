import type { ParsedFeed } from '../../ingest/types';
import type { ServiceContext } from '../../context';
import type { PreparedDoc } from '../../intelligence';
import { insertItems, storeItems, type StoredItems } from './store-items';

/**
 * Stores the new items of a parsed feed and runs the intelligence on each: search text,
 * similar-items postings and story clusters. (Summaries are made when an item is first read.)
 */
export function storeParsedFeed(service: ServiceContext, feedId: string, feed: ParsedFeed, now = new Date()): StoredItems {
  return indexNewItems(service, storeItems(service.db, feedId, feed.items, now));
}

/**
 * What storeParsedFeed does, inside the caller's transaction and without savepoints of its own:
 * for a caller whose transaction is rolled back when this throws. `docs` (prepareDoc of each of
 * the feed's items) spares the intelligence working them out again.
 */
export function insertParsedFeed(service: ServiceContext, feedId: string, feed: ParsedFeed, now = new Date(), docs?: PreparedDoc[]): StoredItems {
  const stored = insertItems(service.db, feedId, feed.items, now);
  if (docs) return indexPreparedItems(service, feedId, feed, stored, now, docs);
  if (stored.added.length) indexItems(service, stored.added);
  return stored;
}

/**
 * Indexes items just stored from their prepared docs, in the order indexItems reads them back
 * (by id), so the stories come out the same: the first at once (in the caller's transaction), the rest a slice per later turn.
 */
export function indexPreparedItems(service: ServiceContext, feedId: string, feed: ParsedFeed, stored: StoredItems, now: Date, docs: PreparedDoc[]): StoredItems {
  const positions = stored.addedFrom ?? [];
  const order = stored.added.map((id, i) => ({ id, position: positions[i] })).sort((a, b) => byId(a.id, b.id));
  const index = ({ id, position }: { id: string; position: number }) => {
    const item = feed.items[position];
    service.intelligence.addItem({
      id, title: item.title, summary: item.summary, content: item.content, source_id: feedId,
      // As stored: an undated or future-dated item is dated when it was first seen.
      published_at: item.published_at && Date.parse(item.published_at) <= now.getTime() ? item.published_at : now.toISOString(), url: item.url,
    }, docs[position]);
  };
  const [first, ...rest] = inSlices(order);
  first.forEach(index);
  for (const slice of rest) {
    // The transaction that stored them may have been rolled back since (and the feed written again).
    service.intelligence.later(() => {
      const kept = stillStored(service, slice.map(({ id }) => id));
      slice.filter(({ id }) => kept.has(id)).forEach(index);
    });
  }
  return stored;
}

/** Runs the intelligence over items just stored: the first of them at once, in one transaction, the rest a slice per later turn. */
export function indexNewItems(service: ServiceContext, stored: StoredItems): StoredItems {
  if (!stored.added.length) return stored;
  const [first, ...rest] = inSlices([...stored.added].sort(byId));
  service.db.transaction(() => indexItems(service, first))();
  for (const slice of rest) service.intelligence.later(() => indexItems(service, slice));
  return stored;
}

/** Items indexed before a feed's new items are answered for; more are indexed on later turns, so other requests go on. */
const INDEX_AT_ONCE = 100;
/** Items indexed per later turn: some 50 ms on a slow machine, so a request waits little between two. */
const SLICE = 25;

function inSlices<T>(list: T[]): T[][] {
  const slices = [list.slice(0, INDEX_AT_ONCE)];
  for (let start = INDEX_AT_ONCE; start < list.length; start += SLICE) slices.push(list.slice(start, start + SLICE));
  return slices;
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stillStored(service: ServiceContext, ids: string[]): Set<string> {
  return new Set(service.db.prepare('SELECT id FROM items WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as string[]);
}

/** Indexes stored items by id, in id order; ids no longer stored are skipped. */
function indexItems(service: ServiceContext, ids: string[]): void {
  const rows = service.db.prepare(`SELECT id, feed_id, title, summary, content, url, published_at FROM items
    WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(ids)) as
    { id: string; feed_id: string; title: string; summary: string | null; content: string | null; url: string | null; published_at: string | null }[];
  for (const row of rows) {
    service.intelligence.addItem({
      id: row.id, title: row.title, summary: row.summary ?? '', content: row.content ?? '',
      source_id: row.feed_id, published_at: row.published_at, url: row.url,
    });
  }
}

/**
 * Queues the items a previous run stored but did not index (it stopped with indexing left for
 * later), a slice per turn like the rest; each slice skips those indexed since.
 */
export function resumeIndexing(service: ServiceContext): number {
  // The id index answers this without reading the items themselves.
  const ids = service.db.prepare(`SELECT id FROM items WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = items.id)
    ORDER BY id`).pluck().all() as string[];
  for (let start = 0; start < ids.length; start += SLICE) {
    const slice = ids.slice(start, start + SLICE);
    service.intelligence.later(() => indexItems(service, notIndexed(service, slice)));
  }
  return ids.length;
}

function notIndexed(service: ServiceContext, ids: string[]): string[] {
  return service.db.prepare(`SELECT value FROM json_each(?) WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = value)`)
    .pluck().all(JSON.stringify(ids)) as string[];
}
