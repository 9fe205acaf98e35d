import { preparedOnce, type Db } from '../database';
import type { ChapteredItem, ChapterStore } from '../chapters';

const statements = preparedOnce((db: Db) => ({
  item: db.prepare(`SELECT i.item_type, i.platform_metadata FROM entries e JOIN items i ON i.id = e.item_id
    WHERE e.user_id = ? AND e.item_id = ?`),
}));

/** The chapter store on SQLite. */
export function sqliteChapterStore(db: Db): ChapterStore {
  const s = statements(db);
  return {
    item: async (userId, itemId) => (s.item.get(userId, itemId) as ChapteredItem | undefined) ?? null,
  };
}
