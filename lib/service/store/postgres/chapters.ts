import type { Pool } from 'pg';
import type { ChapteredItem, ChapterStore } from '../chapters';
import { retried } from './unit-of-work';

/** The chapter store on PostgreSQL. */
export function postgresChapterStore(pool: Pool): ChapterStore {
  return {
    item: (userId, itemId) => retried(async () => (await pool.query<ChapteredItem>(`SELECT i.item_type, i.platform_metadata
      FROM entries e JOIN items i ON i.id = e.item_id WHERE e.user_id = $1 AND e.item_id = $2`, [userId, itemId])).rows[0] ?? null),
  };
}
