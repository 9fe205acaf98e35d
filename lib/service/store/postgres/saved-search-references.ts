import { withoutReference } from '../saved-search-query';
import type { Queryable } from './unit-of-work';

/**
 * Keeps saved searches working when a folder or tag goes: its id leaves their filters (or, when
 * tags merge, becomes the id of the tag that remains), so none answers 404 later. Runs on the
 * client of the transaction of the deletion or merge that calls it.
 */
export async function forgetInSavedSearches(db: Queryable, userId: string, key: 'folder_ids' | 'tag_ids', id: string, replacement?: string): Promise<void> {
  const { rows } = await db.query<{ id: string; query_data: string }>(`SELECT id, query_data FROM saved_searches
    WHERE user_id = $1 AND jsonb_typeof(query_data::jsonb -> $2::text) = 'array' AND (query_data::jsonb -> $2::text) ? $3::text`,
  [userId, key, id]);
  const now = new Date().toISOString();
  for (const row of rows) {
    await db.query('UPDATE saved_searches SET query_data = $1, updated_at = $2 WHERE id = $3',
      [withoutReference(row.query_data, key, id, replacement), now, row.id]);
  }
}
