import type { Tag } from '@/lib/contract/items';
import type { TagListEntry } from '@/lib/contract/organizing';
import { preparedOnce, type Db } from '../database';
import type { TagStore } from '../tags';
import { searchByName } from './name-search';
import { forgetInSavedSearches } from './saved-search-references';

/** A tag record's columns, from `tags t`. */
export const tagColumns = 't.id, t.name, (SELECT COUNT(*) FROM item_tags c WHERE c.tag_id = t.id) AS item_count';

// Only the list counts unread items: the tag record elsewhere (items, search) is SPEC.md's, without it.
const unreadColumn = `(SELECT COUNT(*) FROM item_tags c JOIN entries e ON e.user_id = c.user_id AND e.item_id = c.item_id
  WHERE c.tag_id = t.id AND e.is_read = 0) AS unread_count`;

const statements = preparedOnce((db: Db) => ({
  list: db.prepare(`SELECT ${tagColumns}, ${unreadColumn} FROM tags t WHERE t.user_id = ? ORDER BY t.name COLLATE NOCASE, t.id`),
  get: db.prepare(`SELECT ${tagColumns} FROM tags t WHERE t.id = ? AND t.user_id = ?`),
  // The name column compares without case (COLLATE NOCASE in the schema).
  namedOther: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ? AND id != ?').pluck(),
  rename: db.prepare('UPDATE tags SET name = ? WHERE id = ?'),
  merge: db.prepare('INSERT OR IGNORE INTO item_tags (tag_id, item_id, user_id) SELECT ?, item_id, user_id FROM item_tags WHERE tag_id = ?'),
  delete: db.prepare('DELETE FROM tags WHERE id = ?'),
}));

/** The tag operations as synchronous units, each its own transaction, for the tag store and stores composing them. */
export function tagUnits(db: Db) {
  const get = (userId: string, id: string) => (statements(db).get.get(id, userId) as Tag | undefined) ?? null;
  const rename = db.transaction((userId: string, id: string, name: string): Tag | null => {
    if (!get(userId, id)) return null;
    const target = statements(db).namedOther.get(userId, name, id) as string | undefined;
    if (!target) {
      statements(db).rename.run(name, id);
      return get(userId, id);
    }
    statements(db).merge.run(target, id);
    statements(db).delete.run(id);
    statements(db).rename.run(name, target);
    forgetInSavedSearches(db, userId, 'tag_ids', id, target);
    return get(userId, target);
  });
  const remove = db.transaction((userId: string, id: string): Tag | null => {
    const tag = get(userId, id);
    if (!tag) return null;
    statements(db).delete.run(id);
    forgetInSavedSearches(db, userId, 'tag_ids', id);
    return tag;
  });
  return { get, rename, remove };
}

/** The tag store on SQLite. */
export function sqliteTagStore(db: Db): TagStore {
  const units = tagUnits(db);
  return {
    list: async (userId) => statements(db).list.all(userId) as TagListEntry[],
    search: async (userId, query) => {
      const { rows, total } = searchByName<Tag>(db, userId, 'tags t', tagColumns, query);
      return { data: rows, total };
    },
    get: async (userId, id) => units.get(userId, id),
    rename: async (userId, id, name) => units.rename(userId, id, name),
    delete: async (userId, id) => units.remove(userId, id),
  };
}
