import { preparedOnce, type Db } from '../../store/database';
import { orderedId } from '../../store/ordered-id';
import { newItemSteps } from '../rules/ingest-rules';
import { actOnNewItemsNow } from '../../store/sqlite/rules';
import { freeHistoryDays } from './subscribe-user';
import { searchableText, type ItemText } from './item-text';
import { contentHash } from '../../store/content-hash';

export { searchableText };

/** An item as ingestion hands it over: sanitized HTML content, plain-text summary. */
export type NewItem = {
  guid: string | null; url: string | null; title: string; published_at: string | null; author: string | null;
  summary: string; content: string; item_type: 'article' | 'episode'; media_url: string | null;
  audio_url: string | null; duration_seconds: number | null; episode_number: number | null; episode_type: string | null;
  explicit: boolean | null; artwork_url: string | null; description: string | null; platform_metadata: Record<string, unknown>;
  /** The item as its feed wrote it, hashed: a stored item with the same guid and another hash was edited in place. */
  source_hash?: string;
};

/**
 * What storing a batch did: the ids of the items that were new, and where each was in the batch;
 * likewise the stored items their feed edited in place, brought up to date (`changed`).
 */
export type StoredItems = { added: string[]; skipped: number; addedFrom?: number[]; changed?: string[]; changedFrom?: number[] };

type StoredItem = { rowid: number; id: string; content_hash: string | null; source_hash: string | null };

function readingMinutes(text: string): number {
  const words = text ? text.split(' ').length : 0;
  return Math.max(1, Math.round(words / 230));
}

function prepareStatements(db: Db) {
  return {
    byGuid: db.prepare('SELECT rowid, id, content_hash, source_hash FROM items WHERE feed_id = ? AND guid = ?'),
    byUrl: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck(),
    byHash: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND content_hash = ?').pluck(),
    insert: db.prepare(`INSERT INTO items (id, feed_id, guid, url, content_hash, source_hash, title, summary, content, author, item_type,
      media_url, published_at, published_ms, audio_url, duration_seconds, episode_number, episode_type, artwork_url, explicit,
      description, platform_metadata, reading_time, created_at)
    VALUES (@id, @feed_id, @guid, @url, @content_hash, @source_hash, @title, @summary, @content, @author, @item_type, @media_url, @published_at,
      @published_ms, @audio_url, @duration_seconds, @episode_number, @episode_type, @artwork_url, @explicit, @description,
      @platform_metadata, @reading_time, @created_at)`),
    index: db.prepare('INSERT INTO items_fts (rowid, title, summary, body) VALUES (?, ?, ?, ?)'),
    unindex: db.prepare('DELETE FROM items_fts WHERE rowid = ?'),
    recordSource: db.prepare('UPDATE items SET source_hash = ? WHERE rowid = ?'),
    // Its date, type, audio and the readers' state (entries, tags) stay; a summary made of the old text goes.
    revise: db.prepare(`UPDATE items SET title = @title, summary = @summary, content = @content, author = @author, media_url = @media_url,
      description = @description, reading_time = @reading_time, content_hash = @content_hash, source_hash = @source_hash, ai_summary = NULL
    WHERE rowid = @rowid`),
    // Read once per feed rather than joined for every item: a free plan's subscriber gets items back to `since` only.
    subscribers: db.prepare(`SELECT s.user_id, s.id, CASE WHEN u.plan != 'free' THEN NULL
        ELSE unixepoch(s.created_at) * 1000 - ${freeHistoryDays} * 86400000 END AS since
      FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.feed_id = ? AND s.is_active = 1`).raw(),
    fanOut: db.prepare(`INSERT OR IGNORE INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
      VALUES (?, ?, ?, ?, ?, ?)`),
    touchFeed: db.prepare('UPDATE feeds SET last_update = ? WHERE id = ?'),
  };
}

/** Statements prepared once per database: a refresh stores items of hundreds of feeds in a row. */
const statementsOf = preparedOnce(prepareStatements);

/**
 * Search texts (rowid, title, summary, body) of items stored in the open transaction, to write
 * with writeSearchTexts just before it commits. FTS5 keeps the rows written in a transaction in
 * memory, but writes them out as a segment of their own whenever a statement opens a savepoint
 * (every item's fan-out does, for its trigger): written between items, every item became a
 * segment, and merging them was about a third of a refresh's writing.
 */
export type SearchTexts = [rowid: number | bigint, title: string, summary: string, body: string][];

/** Writes gathered search texts to the full-text index, in the caller's transaction; empties the list. */
export function writeSearchTexts(db: Db, texts: SearchTexts): void {
  const { index } = statementsOf(db);
  for (const text of texts.splice(0)) index.run(...text);
}

/**
 * Stores a feed's new items, skipping ones already known (by guid, then link, then content hash),
 * and gives every active subscriber an unread entry for each; a known item (by guid) its feed
 * edited since is brought up to date in place.
 */
export function storeItems(db: Db, feedId: string, items: NewItem[], now = new Date()): StoredItems {
  return db.transaction(() => insertItems(db, feedId, items, now))();
}

/**
 * Brings a stored item up to what its feed now writes of it (same guid, another source hash);
 * false when nothing shown changed. Its entries (read, saved), tags and date are untouched.
 */
function reviseItem(statements: ReturnType<typeof prepareStatements>, stored: StoredItem, item: NewItem, hash: string): boolean {
  const source = item.source_hash ?? null;
  if (source === null || source === stored.source_hash) return false;
  // Stored before fingerprints were kept, or edited in what is not shown: only the fingerprint is new.
  if (hash === stored.content_hash) {
    statements.recordSource.run(source, stored.rowid);
    return false;
  }
  const body = searchableText(item.content);
  statements.revise.run({
    rowid: stored.rowid, title: item.title, summary: item.summary, content: item.content, author: item.author, media_url: item.media_url,
    description: item.description, reading_time: item.item_type === 'article' ? readingMinutes(body) : null, content_hash: hash, source_hash: source,
  });
  statements.unindex.run(stored.rowid);
  statements.index.run(stored.rowid, item.title, item.summary, body);
  return true;
}

/**
 * What storeItems does, inside the caller's transaction and without a savepoint of its own: for
 * a caller whose transaction is rolled back when this throws (a savepoint makes SQLite copy every
 * page it first touches aside, a good share of a refresh's writing). The items' search texts go
 * to `searchTexts` when given (the caller writes them before committing), else are written here, last.
 * `prepared` (itemText of each item, from the feed preparer's thread) spares working them out here.
 */
export function insertItems(db: Db, feedId: string, items: NewItem[], now = new Date(), searchTexts?: SearchTexts, prepared?: ItemText[]): StoredItems {
  const statements = statementsOf(db);
  const { byGuid, byUrl, byHash, insert, subscribers, fanOut, touchFeed } = statements;
  const added: string[] = [];
  const addedFrom: number[] = [];
  const changed: string[] = [];
  const changedFrom: number[] = [];
  const texts: SearchTexts = searchTexts ?? [];
  let skipped = 0;
  const seen = new Set<string>();
  const readers = subscribers.all(feedId) as [userId: string, subscriptionId: string, since: number | null][];
  items.forEach((item, position) => {
    const hash = prepared?.[position]?.hash ?? contentHash(item);
    const key = item.guid ?? item.url ?? hash;
    const repeated = seen.has(key);
    seen.add(key);
    const stored = !repeated && item.guid !== null ? byGuid.get(feedId, item.guid) as StoredItem | undefined : undefined;
    if (stored) {
      if (reviseItem(statements, stored, item, hash)) {
        changed.push(stored.id);
        changedFrom.push(position);
      } else skipped++;
      return;
    }
    const known = repeated
      || (item.guid === null && item.url !== null && byUrl.get(feedId, item.url))
      || (item.guid === null && item.url === null && byHash.get(feedId, hash));
    if (known) { skipped++; return; }
    // A feed that gives no date (or none we can read), or one still to come (a mistyped year): the
    // item is dated when it was first seen, as it is sorted, and says its date is estimated; a
    // future date would hold it atop the list and out of every mark-all. A refresh never dates it
    // again: a stored item keeps its date.
    const givenMs = item.published_at ? Date.parse(item.published_at) : NaN;
    const estimated = !(givenMs <= now.getTime());
    const publishedMs = estimated ? now.getTime() : givenMs;
    const body = prepared?.[position]?.body ?? searchableText(item.content);
    const metadata = item.platform_metadata ?? {};
    const row = {
      ...item, published_at: estimated ? new Date(publishedMs).toISOString() : item.published_at, id: orderedId(), feed_id: feedId, content_hash: hash, published_ms: publishedMs,
      source_hash: item.source_hash ?? null,
      explicit: item.explicit === null ? null : item.explicit ? 1 : 0,
      platform_metadata: JSON.stringify(estimated ? { ...metadata, date_estimated: true } : metadata),
      reading_time: item.item_type === 'article' ? readingMinutes(body) : null,
      created_at: now.toISOString(),
    };
    const { lastInsertRowid } = insert.run(row);
    texts.push([lastInsertRowid, item.title, item.summary, body]);
    for (const [userId, subscriptionId, since] of readers) {
      if (since === null || publishedMs >= since) fanOut.run(userId, row.id, subscriptionId, item.item_type, publishedMs, lastInsertRowid);
    }
    added.push(row.id);
    addedFrom.push(position);
  });
  if (added.length || changed.length) touchFeed.run(now.toISOString(), feedId);
  if (added.length) actOnNewItemsNow(db, feedId, added, newItemSteps(added, addedFrom.map((position) => items[position])));
  if (!searchTexts) writeSearchTexts(db, texts);
  return { added, addedFrom, skipped, ...(changed.length && { changed, changedFrom }) };
}
