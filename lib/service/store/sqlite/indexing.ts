import type { IndexedDoc } from '../../intelligence/core';
import { preparedOnce, type Db } from '../database';
import type { IndexingStore } from '../indexing';

const statements = preparedOnce((db: Db) => ({
  stored: db.prepare('SELECT id FROM items WHERE id IN (SELECT value FROM json_each(?))').pluck(),
  docs: db.prepare(`SELECT id, feed_id AS source_id, title, COALESCE(summary, '') AS summary, COALESCE(content, '') AS content, url, published_at
    FROM items WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`),
  // The id index answers this without reading the items themselves.
  unindexed: db.prepare('SELECT id FROM items WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = items.id) ORDER BY id').pluck(),
  unindexedAmong: db.prepare('SELECT value FROM json_each(?) WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = value)').pluck(),
}));

/** The indexing store on SQLite. */
export function sqliteIndexingStore(db: Db): IndexingStore {
  const s = statements(db);
  return {
    storedAmong: async (ids) => new Set(s.stored.all(JSON.stringify(ids)) as string[]),
    docs: async (ids) => s.docs.all(JSON.stringify(ids)) as IndexedDoc[],
    unindexed: async () => s.unindexed.all() as string[],
    unindexedAmong: async (ids) => s.unindexedAmong.all(JSON.stringify(ids)) as string[],
  };
}
