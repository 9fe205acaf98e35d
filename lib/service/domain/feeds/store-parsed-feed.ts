import type { ParsedFeed } from '../../ingest/types';
import type { ServiceContext } from '../../context';
import type { PreparedDoc } from '../../intelligence';
import { insertItems, storeItems, type StoredItems } from './store-items';

/**
 * Stores the new items of a parsed feed and runs the intelligence on each: search text,
 * similar-items postings and story clusters. (Summaries are made when an item is first read.)
 */
export function storeParsedFeed(service: ServiceContext, feedId: string, feed: ParsedFeed, now = new Date()): StoredItems {
  return indexNewItems(service, feedId, storeItems(service.db, feedId, feed.items, now));
}

/**
 * What storeParsedFeed does, inside the caller's transaction and without savepoints of its own:
 * for a caller whose transaction is rolled back when this throws. `docs` (prepareDoc of each of
 * the feed's items) spares the intelligence working them out again.
 */
export function insertParsedFeed(service: ServiceContext, feedId: string, feed: ParsedFeed, now = new Date(), docs?: PreparedDoc[]): StoredItems {
  const stored = insertItems(service.db, feedId, feed.items, now);
  return docs ? indexPrepared(service, feedId, feed, stored, now, docs) : indexItems(service, feedId, stored);
}

/**
 * Indexes items just stored from their prepared docs, in the order indexItems reads them back
 * (by id: SQLite walks the id list of its IN sorted), so the stories come out the same.
 */
function indexPrepared(service: ServiceContext, feedId: string, feed: ParsedFeed, stored: StoredItems, now: Date, docs: PreparedDoc[]): StoredItems {
  const positions = stored.addedFrom ?? [];
  const order = stored.added.map((id, i) => ({ id, position: positions[i] })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const { id, position } of order) {
    const item = feed.items[position];
    service.intelligence.addItem({
      id, title: item.title, summary: item.summary, content: item.content, source_id: feedId,
      // As stored: an undated or future-dated item is dated when it was first seen.
      published_at: item.published_at && Date.parse(item.published_at) <= now.getTime() ? item.published_at : now.toISOString(), url: item.url,
    }, docs[position]);
  }
  return stored;
}

/** Runs the intelligence over items just stored; one transaction for the batch. */
export function indexNewItems(service: ServiceContext, feedId: string, stored: StoredItems): StoredItems {
  if (!stored.added.length) return stored;
  return service.db.transaction(() => indexItems(service, feedId, stored))();
}

function indexItems(service: ServiceContext, feedId: string, stored: StoredItems): StoredItems {
  if (!stored.added.length) return stored;
  const rows = service.db.prepare(`SELECT id, title, summary, content, url, published_at FROM items
    WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(stored.added)) as
    { id: string; title: string; summary: string | null; content: string | null; url: string | null; published_at: string | null }[];
  for (const row of rows) {
    service.intelligence.addItem({
      id: row.id, title: row.title, summary: row.summary ?? '', content: row.content ?? '',
      source_id: feedId, published_at: row.published_at, url: row.url,
    });
  }
  return stored;
}
