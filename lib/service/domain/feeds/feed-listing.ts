/**
 * What a feed listed when last fetched, kept on the feed (feeds.listed_items) so that a new
 * subscription to a feed already stored starts from what the feed lists now, not its whole history.
 */
import { preparedOnce, type Db } from '../../store/database';

/** An item as a fetch lists it: by its guid, else its link (as stored items are matched). */
export type ListedKey = { guid: string | null; url: string | null };

/** The listing as stored: guids, and the links of items without one. */
export function listingOf(keys: ListedKey[]): string {
  const guids: string[] = [];
  const urls: string[] = [];
  for (const { guid, url } of keys) {
    if (guid) guids.push(guid);
    else if (url) urls.push(url);
  }
  return JSON.stringify({ guids, urls });
}

const statementsOf = preparedOnce((db: Db) => ({
  // Most fetches list what the last one did: an unchanged listing is not written again.
  record: db.prepare('UPDATE feeds SET listed_items = @listing WHERE id = @id AND listed_items IS NOT @listing'),
}));

/** Records what a fetch of the feed listed. */
export function recordListing(db: Db, feedId: string, keys: ListedKey[]): void {
  statementsOf(db).record.run({ id: feedId, listing: listingOf(keys) });
}

/**
 * SQL condition on `items i` of feed `f`: the item was listed in the feed's latest fetch; a feed
 * whose listing is unknown (not fetched since listings were kept, a newsletter) counts every item.
 */
export const listedInLatestFetch = /* sql */ `(f.listed_items IS NULL
  OR i.guid IN (SELECT value FROM json_each(f.listed_items, '$.guids'))
  OR (i.guid IS NULL AND i.url IN (SELECT value FROM json_each(f.listed_items, '$.urls'))))`;
