/**
 * What a feed listed when last fetched, kept on the feed (feeds.listed_items) so that a new
 * subscription to a feed already stored starts from what the feed lists now, not its whole history.
 */
import { preparedOnce, type Db } from '../../store/database';
import { contentHash } from './content-hash';
import type { NewItem } from './store-items';

/**
 * An item as a fetch lists it, as stored items are matched: by its guid, else its link, else its
 * title and text (given for such an item only).
 */
export type ListedKey = { guid: string | null; url: string | null } & Partial<Pick<NewItem, 'title' | 'content' | 'summary'>>;

/** The listing as stored: guids, the links of items without one, and the content hashes of items with neither. */
export function listingOf(keys: ListedKey[]): string {
  const guids: string[] = [];
  const urls: string[] = [];
  const hashes: string[] = [];
  for (const key of keys) {
    if (key.guid) guids.push(key.guid);
    else if (key.url) urls.push(key.url);
    else if (key.title !== undefined) hashes.push(contentHash({ title: key.title, content: key.content ?? '', summary: key.summary ?? '' }));
  }
  // Without such items the listing reads as before, so a feed's stored listing is not rewritten for nothing.
  return JSON.stringify(hashes.length ? { guids, urls, hashes } : { guids, urls });
}

const statementsOf = preparedOnce((db: Db) => ({
  // Most fetches list what the last one did: an unchanged listing is not written again.
  record: db.prepare('UPDATE feeds SET listed_items = @listing WHERE id = @id AND listed_items IS NOT @listing'),
}));

/** Records what a fetch of the feed listed. */
export function recordListing(db: Db, feedId: string, keys: ListedKey[]): void {
  statementsOf(db).record.run({ id: feedId, listing: listingOf(keys) });
}

/** What the feed's latest fetch listed, or null when unknown (not fetched since listings were kept, a newsletter). */
export function listingOfFeed(db: Db, feedId: string): string | null {
  return db.prepare('SELECT listed_items FROM feeds WHERE id = ?').pluck().get(feedId) as string | null;
}

/**
 * SQL condition on `items i`: the item is in the listing bound as `@listing`, or that is null
 * (every item counts). Bound rather than read from the feed's row, so that SQLite reads the
 * listing once, not once per stored item (20,000 stored items and 1,000 listed took 5 s).
 */
export const listedIn = /* sql */ `(@listing IS NULL
  OR i.guid IN (SELECT value FROM json_each(@listing, '$.guids'))
  OR (i.guid IS NULL AND i.url IN (SELECT value FROM json_each(@listing, '$.urls')))
  OR (i.guid IS NULL AND i.url IS NULL AND i.content_hash IN (SELECT value FROM json_each(@listing, '$.hashes'))))`;
