/**
 * The SQL the Fever API needs beyond the domain functions: Fever names everything by integer,
 * so it reads the rowids SQLite already keeps (items' is the one entries and search use; see
 * 005-search-entries) and maps them back to our ids. Rowids of these tables never change: the
 * store does not VACUUM, and the search index already relies on item rowids.
 */
import type { Db } from '../../store/database';

/** Items one Fever call returns at most, as Fever. */
export const itemsPerCall = 50;

/** An item as Fever lists it. */
export type FeverItemRow = {
  id: number; feed_id: number; title: string; author: string | null; html: string; url: string | null;
  is_saved: number; is_read: number; published_ms: number;
};

const itemSelect = `SELECT e.item_rowid AS id, f.rowid AS feed_id, i.title, i.author, COALESCE(i.content, i.summary, '') AS html,
    i.url, e.is_saved, e.is_read, e.published_ms
  FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id`;

/** The user's items after `sinceId`, oldest id first; before `maxId`, newest first; or those of `ids`. */
export function feverItems(db: Db, userId: string, page: { sinceId?: number; maxId?: number; ids?: number[] }): FeverItemRow[] {
  if (page.ids) {
    if (!page.ids.length) return [];
    return db.prepare(`${itemSelect} WHERE e.user_id = ? AND e.item_rowid IN (${page.ids.map(() => '?').join(', ')}) ORDER BY e.item_rowid`)
      .all(userId, ...page.ids) as FeverItemRow[];
  }
  if (page.maxId !== undefined) {
    return db.prepare(`${itemSelect} WHERE e.user_id = ? AND e.item_rowid < ? ORDER BY e.item_rowid DESC LIMIT ?`)
      .all(userId, page.maxId, itemsPerCall) as FeverItemRow[];
  }
  return db.prepare(`${itemSelect} WHERE e.user_id = ? AND e.item_rowid > ? ORDER BY e.item_rowid LIMIT ?`)
    .all(userId, page.sinceId ?? 0, itemsPerCall) as FeverItemRow[];
}

/** How many items the user has. */
export function totalItems(db: Db, userId: string): number {
  return db.prepare('SELECT COALESCE(SUM(n), 0) FROM entry_counts WHERE user_id = ?').pluck().get(userId) as number;
}

/** Fever ids of the user's items that are unread (`is_read = 0`) or saved (`is_saved = 1`). */
export function itemIdsWhere(db: Db, userId: string, state: 'unread' | 'saved'): number[] {
  const where = state === 'unread' ? 'is_read = 0' : 'is_saved = 1';
  return db.prepare(`SELECT item_rowid FROM entries WHERE user_id = ? AND ${where} ORDER BY item_rowid`).pluck().all(userId) as number[];
}

/** A subscription as Fever lists it, with its folder's Fever id. */
export type FeverFeedRow = {
  id: number; title: string; url: string | null; site_url: string | null; last_fetched_at: string | null; group_id: number | null;
  has_icon: number;
};

/** The user's subscriptions (paused ones too), by title. */
export function feverFeeds(db: Db, userId: string): FeverFeedRow[] {
  return db.prepare(`SELECT f.rowid AS id, COALESCE(s.title, f.title) AS title, f.url, f.website AS site_url, f.last_fetched_at,
      fo.rowid AS group_id, EXISTS (SELECT 1 FROM feed_icons i WHERE i.feed_id = f.id AND i.data IS NOT NULL) AS has_icon
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? ORDER BY COALESCE(s.title, f.title) COLLATE NOCASE`).all(userId) as FeverFeedRow[];
}

/**
 * The stored icons of the user's subscriptions. A feed's icon takes the feed's own Fever id as
 * its favicon id: one icon per feed, and an id that stays while the icon is fetched again.
 */
export function feverFavicons(db: Db, userId: string): { id: number; content_type: string; data: Buffer }[] {
  return db.prepare(`SELECT f.rowid AS id, i.content_type, i.data
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id JOIN feed_icons i ON i.feed_id = f.id
    WHERE s.user_id = ? AND i.data IS NOT NULL ORDER BY f.rowid`).all(userId) as { id: number; content_type: string; data: Buffer }[];
}

/** The user's folders, by name. */
export function feverGroups(db: Db, userId: string): { id: number; title: string }[] {
  return db.prepare('SELECT rowid AS id, name AS title FROM folders WHERE user_id = ? ORDER BY name COLLATE NOCASE').all(userId) as { id: number; title: string }[];
}

/** Our id of the user's item, subscription or folder with this Fever id, or undefined. */
export function idOf(db: Db, userId: string, kind: 'item' | 'feed' | 'group', feverId: number): string | undefined {
  const sql = {
    item: 'SELECT item_id FROM entries WHERE user_id = ? AND item_rowid = ?',
    feed: 'SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ? AND f.rowid = ?',
    group: 'SELECT id FROM folders WHERE user_id = ? AND rowid = ?',
  }[kind];
  return db.prepare(sql).pluck().get(userId, feverId) as string | undefined;
}
