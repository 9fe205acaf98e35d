import type { ParsedFeed } from '../../ingest/types';
import type { ServiceContext } from '../../context';
import { storeItems, type StoredItems } from './store-items';

/**
 * Stores the new items of a parsed feed and runs the intelligence on each: search text,
 * similar-items postings and story clusters. (Summaries are made when an item is first read.)
 */
export function storeParsedFeed(service: ServiceContext, feedId: string, feed: ParsedFeed, now = new Date()): StoredItems {
  return indexNewItems(service, feedId, storeItems(service.db, feedId, feed.items, now));
}

/** Runs the intelligence over items just stored; one transaction for the batch. */
export function indexNewItems(service: ServiceContext, feedId: string, stored: StoredItems): StoredItems {
  if (!stored.added.length) return stored;
  const rows = service.db.prepare(`SELECT id, title, summary, content, url, published_at FROM items
    WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(stored.added)) as
    { id: string; title: string; summary: string | null; content: string | null; url: string | null; published_at: string | null }[];
  service.db.transaction(() => {
    for (const row of rows) {
      service.intelligence.addItem({
        id: row.id, title: row.title, summary: row.summary ?? '', content: row.content ?? '',
        source_id: feedId, published_at: row.published_at, url: row.url,
      });
    }
  })();
  return stored;
}
