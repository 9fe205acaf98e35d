/*
 * Fever's integers on SQLite are rowids: items' (the one entries and search use; see
 * 005-search-entries), feeds' and folders'. Rowids of these tables never change: the store does
 * not VACUUM, and the search index already relies on item rowids.
 */
import { preparedOnce, type Db } from '../database';
import type { FeverFavicon, FeverFeed, FeverItem, FeverStore } from '../fever';

const itemSelect = `SELECT e.item_rowid AS id, f.rowid AS feed_id, i.title, i.author, COALESCE(i.content, i.summary, '') AS html,
    i.url, e.is_saved, e.is_read, e.published_ms
  FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id`;

const statements = preparedOnce((db: Db) => ({
  withIds: db.prepare(`${itemSelect} WHERE e.user_id = ? AND e.item_rowid IN (SELECT value FROM json_each(?)) ORDER BY e.item_rowid`),
  before: db.prepare(`${itemSelect} WHERE e.user_id = ? AND e.item_rowid < ? ORDER BY e.item_rowid DESC LIMIT ?`),
  after: db.prepare(`${itemSelect} WHERE e.user_id = ? AND e.item_rowid > ? ORDER BY e.item_rowid LIMIT ?`),
  totalItems: db.prepare('SELECT COALESCE(SUM(n), 0) FROM entry_counts WHERE user_id = ?').pluck(),
  unread: db.prepare('SELECT item_rowid FROM entries WHERE user_id = ? AND is_read = 0 ORDER BY item_rowid').pluck(),
  saved: db.prepare('SELECT item_rowid FROM entries WHERE user_id = ? AND is_saved = 1 ORDER BY item_rowid').pluck(),
  feeds: db.prepare(`SELECT f.rowid AS id, COALESCE(s.title, f.title) AS title, f.url, f.website AS site_url, f.last_fetched_at,
      fo.rowid AS group_id, EXISTS (SELECT 1 FROM feed_icons i WHERE i.feed_id = f.id AND i.data IS NOT NULL) AS has_icon
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? ORDER BY COALESCE(s.title, f.title) COLLATE NOCASE`),
  favicons: db.prepare(`SELECT f.rowid AS id, i.content_type, i.data
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id JOIN feed_icons i ON i.feed_id = f.id
    WHERE s.user_id = ? AND i.data IS NOT NULL ORDER BY f.rowid`),
  groups: db.prepare('SELECT rowid AS id, name AS title FROM folders WHERE user_id = ? ORDER BY name COLLATE NOCASE'),
  item: db.prepare('SELECT item_id FROM entries WHERE user_id = ? AND item_rowid = ?').pluck(),
  feed: db.prepare('SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ? AND f.rowid = ?').pluck(),
  group: db.prepare('SELECT id FROM folders WHERE user_id = ? AND rowid = ?').pluck(),
}));

/** The Fever store on SQLite. */
export function sqliteFeverStore(db: Db): FeverStore {
  const s = statements(db);
  return {
    items: async (userId, page, limit) => {
      if (page.ids) {
        if (!page.ids.length) return [];
        return s.withIds.all(userId, JSON.stringify(page.ids)) as FeverItem[];
      }
      if (page.maxId !== undefined) return s.before.all(userId, page.maxId, limit) as FeverItem[];
      return s.after.all(userId, page.sinceId ?? 0, limit) as FeverItem[];
    },
    totalItems: async (userId) => s.totalItems.get(userId) as number,
    itemIds: async (userId, state) => (state === 'unread' ? s.unread : s.saved).all(userId) as number[],
    feeds: async (userId) => s.feeds.all(userId) as FeverFeed[],
    favicons: async (userId) => s.favicons.all(userId) as FeverFavicon[],
    groups: async (userId) => s.groups.all(userId) as { id: number; title: string }[],
    idOf: async (userId, kind, feverId) => (s[kind].get(userId, feverId) as string | undefined) ?? null,
  };
}
