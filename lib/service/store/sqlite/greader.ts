/*
 * Google Reader's reads and edit-tag on SQLite: streams as conditions on the user's entries, item
 * numbers are the items' rowids (as Fever's, see sqlite/fever.ts).
 */
import { preparedOnce, preparedStatement, type Db } from '../database';
import type { ContentRow, GreaderStore, GreaderStream, ItemRef, RefQuery, SubscriptionRow, UnreadCount } from '../greader';
import { EntryConditions } from './entry-conditions';
import { itemUnits } from './items';

/** A condition on `entries e` for a stream, with its parameters (prefixed with `name`). */
function streamClause(stream: GreaderStream, name: string): [string, Record<string, unknown>] {
  switch (stream.kind) {
    case 'reading-list': return ['1', {}];
    case 'read': return ['e.is_read = 1', {}];
    case 'kept-unread': return ['e.is_read = 0', {}];
    case 'starred': return ['e.is_saved = 1', {}];
    case 'feed': return [`e.subscription_id IN (SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
      WHERE s.user_id = @user AND (f.url = @${name} OR 'tidings:' || f.id = @${name}))`, { [name]: stream.url }];
    case 'label': return [`(e.subscription_id IN (SELECT s.id FROM subscriptions s JOIN folders fo ON fo.id = s.folder_id
        WHERE s.user_id = @user AND fo.name = @${name})
      OR e.item_id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.user_id = @user AND t.name = @${name}))`,
    { [name]: stream.name }];
  }
}

/** The WHERE clause and ORDER BY direction of a ref query. */
function refConditions(userId: string, query: RefQuery): { where: EntryConditions; direction: 'ASC' | 'DESC' } {
  const where = new EntryConditions(userId).add(...streamClause(query.stream, 'stream'));
  if (query.exclude) {
    // Leaving out read or starred items as a plain equality lets SQLite walk entries_unread (covering, see 010-sync-order).
    const states: Partial<Record<GreaderStream['kind'], string>> = { read: 'e.is_read = 0', 'kept-unread': 'e.is_read = 1', starred: 'e.is_saved = 0' };
    const [clause, params] = streamClause(query.exclude, 'excluded');
    where.add(states[query.exclude.kind] ?? `NOT ${clause}`, params);
  }
  if (query.include) where.add(...streamClause(query.include, 'included'));
  if (query.oldestMs !== undefined) where.add('e.published_ms > @oldestMs', { oldestMs: query.oldestMs });
  if (query.newestMs !== undefined) where.add('e.published_ms < @newestMs', { newestMs: query.newestMs });
  if (query.after) where.add(`(e.published_ms, e.item_id) ${query.oldestFirst ? '>' : '<'} (@afterMs, @afterId)`, { afterMs: query.after.ms, afterId: query.after.itemId });
  return { where, direction: query.oldestFirst ? 'ASC' : 'DESC' };
}

const statements = preparedOnce((db: Db) => ({
  itemId: db.prepare('SELECT item_id FROM entries WHERE user_id = ? AND item_rowid = ?').pluck(),
  // Named index: without statistics SQLite walks all of the user's entries (by the primary key) to
  // find the few asked for, 45 ms of CPU for 1,000 of 100,000 items where entries_search takes 16.
  contents: db.prepare(`SELECT e.item_rowid AS id, e.item_id, i.title, i.url, i.author, COALESCE(i.content, i.summary, '') AS html,
      e.published_ms, i.created_at, e.is_read, e.is_saved, f.url AS feed_url, 'tidings:' || f.id AS feed_key,
      COALESCE(s.title, f.title) AS feed_title, f.website, fo.name AS folder,
      (SELECT group_concat(t.name, char(10)) FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = e.user_id AND it.item_id = e.item_id) AS tags
    FROM entries e INDEXED BY entries_search JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id
      LEFT JOIN subscriptions s ON s.id = e.subscription_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE e.user_id = ? AND e.item_rowid IN (SELECT value FROM json_each(?))`),
  itemIds: db.prepare('SELECT item_id FROM entries WHERE user_id = ? AND item_rowid IN (SELECT value FROM json_each(?))').pluck(),
  subscriptions: db.prepare(`SELECT s.id, COALESCE(s.title, f.title) AS title, f.url AS feed_url, 'tidings:' || f.id AS feed_key, f.website, fo.name AS folder
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? ORDER BY COALESCE(s.title, f.title) COLLATE NOCASE, s.id`),
  // Counted by entry_counts; the newest unread entry of each subscription is the first found walking its entries newest first.
  unread: db.prepare(`SELECT c.subscription_id, SUM(c.n) AS count, (SELECT e.published_ms FROM entries e INDEXED BY entries_subscription
      WHERE e.user_id = c.user_id AND e.subscription_id = c.subscription_id AND e.is_read = 0 ORDER BY e.published_ms DESC LIMIT 1) AS newest_ms
    FROM entry_counts c WHERE c.user_id = ? AND c.is_read = 0 AND c.subscription_id <> '' GROUP BY c.subscription_id HAVING SUM(c.n) > 0`),
  folderNames: db.prepare('SELECT name FROM folders WHERE user_id = ? ORDER BY name COLLATE NOCASE').pluck(),
  tagNames: db.prepare('SELECT name FROM tags WHERE user_id = ? ORDER BY name COLLATE NOCASE').pluck(),
  folderId: db.prepare('SELECT id FROM folders WHERE user_id = ? AND name = ?').pluck(),
  tagId: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck(),
}));

/** Thrown inside edit-tag's transaction to undo it when a save passes the limit. */
class SavedLimit extends Error {}

/** The Google Reader store on SQLite. */
export function sqliteGreaderStore(db: Db): GreaderStore {
  const s = statements(db);
  const items = itemUnits(db);
  const editItems = db.transaction((userId: string, ids: number[], edit: Parameters<GreaderStore['editItems']>[2], savedLimit: number | null): number => {
    const itemIds = s.itemIds.all(userId, JSON.stringify(ids)) as string[];
    if (!itemIds.length) return 0;
    for (const action of edit.actions) {
      if (items.bulkUpdate(userId, itemIds, action, savedLimit) === 'saved_limit') throw new SavedLimit();
    }
    if (edit.retag) {
      for (const itemId of itemIds) items.setTags(userId, itemId, edit.retag(items.tagsOf(userId, itemId).map((tag) => tag.name)));
    }
    return itemIds.length;
  });
  return {
    itemRefs: async (userId, query) => {
      const { where, direction } = refConditions(userId, query);
      // Numbers only, as arrays: each row's item id (a string) is needed for the last one only, looked up below.
      const rows = preparedStatement(db, `SELECT e.item_rowid, e.published_ms FROM entries e WHERE ${where.sql()}
        ORDER BY e.published_ms ${direction}, e.item_id ${direction} LIMIT @limit`).raw(true).all({ ...where.params, limit: query.count + 1 }) as ItemRef[];
      if (rows.length <= query.count) return { refs: rows };
      rows.length = query.count;
      const [id, ms] = rows[rows.length - 1]!;
      return { refs: rows, next: { ms, itemId: s.itemId.get(userId, id) as string } };
    },
    itemContents: async (userId, ids) => {
      if (!ids.length) return [];
      const rows = s.contents.all(userId, JSON.stringify(ids)) as ContentRow[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    subscriptions: async (userId) => s.subscriptions.all(userId) as SubscriptionRow[],
    unreadBySubscription: async (userId) => s.unread.all(userId) as UnreadCount[],
    labelNames: async (userId) => ({ folders: s.folderNames.all(userId) as string[], tags: s.tagNames.all(userId) as string[] }),
    labelIds: async (userId, name) => ({
      folder: s.folderId.get(userId, name) as string | undefined,
      tag: s.tagId.get(userId, name) as string | undefined,
    }),
    editItems: async (userId, ids, edit, savedLimit) => {
      if (!ids.length) return 0;
      try {
        return editItems(userId, ids, edit, savedLimit);
      } catch (error) {
        if (error instanceof SavedLimit) return 'saved_limit';
        throw error;
      }
    },
  };
}
