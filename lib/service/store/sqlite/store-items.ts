import { preparedOnce, type Db } from '../database';
import { orderedId } from '../ordered-id';
import { contentHash } from '../content-hash';
import type { NewItemSteps } from '../feeds';
import { actOnNewItemsNow } from './rules';
import { freeHistoryDays } from '../../domain/feeds/subscribe-user';
import { searchableText, type ItemText } from '../../domain/feeds/item-text';
import { newItemDate, readingMinutes, type NewItem, type StoredItems } from '../../domain/feeds/store-items';
import { newItemSteps } from '../../domain/rules/ingest-rules';

export type { NewItem, StoredItems };

type StoredItem = { rowid: number; id: string; content_hash: string | null; source_hash: string | null };

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
 * edited since is brought up to date in place. Synchronous, for callers that store items inside
 * their own transaction (newsletters, tests' harness, benches).
 */
export function storeItems(db: Db, feedId: string, items: NewItem[], now = new Date(), steps: NewItemSteps = newItemSteps): StoredItems {
  return db.transaction(() => insertItems(db, feedId, items, now, steps))();
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
export function insertItems(db: Db, feedId: string, items: NewItem[], now: Date, steps: NewItemSteps, searchTexts?: SearchTexts, prepared?: ItemText[]): StoredItems {
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
    const dated = newItemDate(item, now);
    const body = prepared?.[position]?.body ?? searchableText(item.content);
    const row = {
      ...item, ...dated, id: orderedId(), feed_id: feedId, content_hash: hash,
      source_hash: item.source_hash ?? null,
      explicit: item.explicit === null ? null : item.explicit ? 1 : 0,
      reading_time: item.item_type === 'article' ? readingMinutes(body) : null,
      created_at: now.toISOString(),
    };
    const { lastInsertRowid } = insert.run(row);
    texts.push([lastInsertRowid, item.title, item.summary, body]);
    for (const [userId, subscriptionId, since] of readers) {
      if (since === null || row.published_ms >= since) fanOut.run(userId, row.id, subscriptionId, item.item_type, row.published_ms, lastInsertRowid);
    }
    added.push(row.id);
    addedFrom.push(position);
  });
  if (added.length || changed.length) touchFeed.run(now.toISOString(), feedId);
  if (added.length) actOnNewItemsNow(db, feedId, added, steps(added, addedFrom.map((position) => items[position])));
  if (!searchTexts) writeSearchTexts(db, texts);
  return { added, addedFrom, skipped, ...(changed.length && { changed, changedFrom }) };
}
