import type { Db } from '../database';
import { withoutReference } from '../saved-search-query';

/**
 * Keeps saved searches working when a folder or tag goes: its id leaves their filters
 * (or, when tags merge, becomes the id of the tag that remains), so none answers 404 later.
 * Synchronous: it runs inside the transaction of the deletion or merge that calls it.
 */
export function forgetInSavedSearches(db: Db, userId: string, key: 'folder_ids' | 'tag_ids', id: string, replacement?: string): void {
  const rows = db.prepare(`SELECT ss.id, ss.query_data FROM saved_searches ss WHERE ss.user_id = ?
    AND EXISTS (SELECT 1 FROM json_each(ss.query_data, '$.${key}') WHERE value = ?)`).all(userId, id) as { id: string; query_data: string }[];
  const save = db.prepare('UPDATE saved_searches SET query_data = ?, updated_at = ? WHERE id = ?');
  for (const row of rows) save.run(withoutReference(row.query_data, key, id, replacement), new Date().toISOString(), row.id);
}
