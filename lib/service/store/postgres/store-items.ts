import type { ItemText } from '../../domain/feeds/item-text';
import { searchableText } from '../../domain/feeds/item-text';
import { newItemDate, readingMinutes, type NewItem, type StoredItems } from '../../domain/feeds/store-items';
import { freeHistoryDays } from '../../domain/feeds/subscribe-user';
import { contentHash } from '../content-hash';
import type { NewItemSteps } from '../feeds';
import { orderedId } from '../ordered-id';
import { actOnNewItemsIn } from './rules';
import type { Queryable } from './unit-of-work';

type StoredItem = { rowid: string; id: string; guid: string; content_hash: string | null; source_hash: string | null };

const insertColumns = ['id', 'feed_id', 'guid', 'url', 'content_hash', 'source_hash', 'title', 'summary', 'content', 'author', 'item_type',
  'media_url', 'published_at', 'published_ms', 'audio_url', 'duration_seconds', 'episode_number', 'episode_type', 'artwork_url', 'explicit',
  'description', 'platform_metadata', 'reading_time', 'created_at'] as const;
/** Rows per INSERT: PostgreSQL binds at most 65,535 parameters in one statement. */
const rowsPerInsert = Math.floor(65_535 / insertColumns.length);

/**
 * Inserts the rows in as few statements as the parameter limit allows (one per item was most of a
 * feed's write), each with every active subscriber's entries for its rows: a free plan's subscriber
 * gets items back to `freeHistoryDays` before subscribing.
 */
async function insertRows(db: Queryable, rows: Record<(typeof insertColumns)[number], unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const chunk = rows.slice(start, start + rowsPerInsert);
    const values = chunk.map((_, row) => `(${insertColumns.map((_, column) => `$${row * insertColumns.length + column + 2}`).join(', ')})`);
    await db.query(`WITH added AS (INSERT INTO items (${insertColumns.join(', ')}) VALUES ${values.join(', ')}
        RETURNING id, feed_id, item_type, published_ms, rowid)
      INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
      SELECT s.user_id, i.id, s.id, i.item_type, i.published_ms, i.rowid FROM added i
        JOIN subscriptions s ON s.feed_id = i.feed_id AND s.is_active = 1 JOIN users u ON u.id = s.user_id
      WHERE u.plan != 'free' OR i.published_ms >= (EXTRACT(EPOCH FROM s.created_at::timestamptz) * 1000)::bigint - $1::bigint
      ON CONFLICT DO NOTHING`, [freeHistoryDays * 86_400_000, ...chunk.flatMap((row) => insertColumns.map((column) => row[column] ?? null))]);
  }
}

/** The feed's stored items among these guids, links and content hashes: three queries for the whole feed, not three per item. */
async function storedOf(db: Queryable, feedId: string, items: NewItem[], hashes: string[]) {
  const guids = items.flatMap((item) => (item.guid === null ? [] : [item.guid]));
  const urls = items.flatMap((item) => (item.guid === null && item.url !== null ? [item.url] : []));
  const unkeyed = hashes.filter((_, i) => items[i]!.guid === null && items[i]!.url === null);
  const [byGuid, byUrl, byHash] = [
    guids.length ? (await db.query<StoredItem>(`SELECT rowid::text AS rowid, id, guid, content_hash, source_hash FROM items
      WHERE feed_id = $1 AND guid = ANY($2::text[])`, [feedId, guids])).rows : [],
    urls.length ? (await db.query<{ url: string }>('SELECT url FROM items WHERE feed_id = $1 AND url = ANY($2::text[])', [feedId, urls])).rows : [],
    unkeyed.length ? (await db.query<{ content_hash: string }>('SELECT content_hash FROM items WHERE feed_id = $1 AND content_hash = ANY($2::text[])',
      [feedId, unkeyed])).rows : [],
  ];
  return {
    byGuid: new Map(byGuid.map((row) => [row.guid, row])),
    urls: new Set(byUrl.map((row) => row.url)),
    hashes: new Set(byHash.map((row) => row.content_hash)),
  };
}

/** Brings a stored item up to what its feed now writes of it (see the SQLite twin's reviseItem); false when nothing shown changed. */
async function reviseItem(db: Queryable, stored: StoredItem, item: NewItem, hash: string): Promise<boolean> {
  const source = item.source_hash ?? null;
  if (source === null || source === stored.source_hash) return false;
  if (hash === stored.content_hash) {
    await db.query('UPDATE items SET source_hash = $1 WHERE rowid = $2', [source, stored.rowid]);
    return false;
  }
  const body = searchableText(item.content);
  await db.query(`UPDATE items SET title = $2, summary = $3, content = $4, author = $5, media_url = $6, description = $7, reading_time = $8,
    content_hash = $9, source_hash = $10, ai_summary = NULL WHERE rowid = $1`, [stored.rowid, item.title, item.summary, item.content, item.author,
    item.media_url, item.description, item.item_type === 'article' ? readingMinutes(body) : null, hash, source]);
  return true;
}

/**
 * Stores a feed's new items inside the caller's transaction, as the SQLite store's insertItems does:
 * known ones skipped (by guid, then link, then content hash), edited ones brought up to date, and every
 * active subscriber given an entry for each new one (a free plan's back to its history cap). The feed's
 * row and the rules' steps are the caller's (see insertItemsIn). The search text follows by itself (a generated column).
 */
export async function storeFeedItemsIn(db: Queryable, feedId: string, items: NewItem[], now: Date, prepared?: ItemText[]): Promise<StoredItems> {
  const hashes = items.map((item, position) => prepared?.[position]?.hash ?? contentHash(item));
  const stored = await storedOf(db, feedId, items, hashes);
  const added: string[] = [];
  const addedFrom: number[] = [];
  const changed: string[] = [];
  const changedFrom: number[] = [];
  const newRows: Record<(typeof insertColumns)[number], unknown>[] = [];
  let skipped = 0;
  const seen = new Set<string>();
  for (const [position, item] of items.entries()) {
    const hash = hashes[position]!;
    const key = item.guid ?? item.url ?? hash;
    const repeated = seen.has(key);
    seen.add(key);
    const known = !repeated && item.guid !== null ? stored.byGuid.get(item.guid) : undefined;
    if (known) {
      if (await reviseItem(db, known, item, hash)) {
        changed.push(known.id);
        changedFrom.push(position);
      } else skipped++;
      continue;
    }
    if (repeated || (item.guid === null && (item.url !== null ? stored.urls.has(item.url) : stored.hashes.has(hash)))) {
      skipped++;
      continue;
    }
    const body = prepared?.[position]?.body ?? searchableText(item.content);
    const row: Record<(typeof insertColumns)[number], unknown> = {
      ...item, ...newItemDate(item, now), id: orderedId(), feed_id: feedId, content_hash: hash, source_hash: item.source_hash ?? null,
      explicit: item.explicit === null ? null : item.explicit ? 1 : 0,
      reading_time: item.item_type === 'article' ? readingMinutes(body) : null, created_at: now.toISOString(),
    };
    newRows.push(row);
    added.push(row.id as string);
    addedFrom.push(position);
  }
  await insertRows(db, newRows);
  return { added, addedFrom, skipped, ...(changed.length && { changed, changedFrom }) };
}

/** The rules' steps on a feed's newly stored items, inside the caller's transaction. */
export function actOnStoredIn(db: Queryable, feedId: string, items: NewItem[], stored: StoredItems, steps: NewItemSteps): Promise<void> {
  const { added, addedFrom } = stored;
  return actOnNewItemsIn(db, feedId, added, steps(added, addedFrom!.map((position) => items[position]!)));
}

/** Stores a feed's new items (storeFeedItemsIn), marks the feed updated when any came or changed, and does the rules' steps. */
export async function insertItemsIn(db: Queryable, feedId: string, items: NewItem[], now: Date, steps: NewItemSteps, prepared?: ItemText[]): Promise<StoredItems> {
  const stored = await storeFeedItemsIn(db, feedId, items, now, prepared);
  if (stored.added.length || stored.changed) await db.query('UPDATE feeds SET last_update = $1 WHERE id = $2', [now.toISOString(), feedId]);
  if (stored.added.length) await actOnStoredIn(db, feedId, items, stored, steps);
  return stored;
}
