import type { Pool } from 'pg';
import { toItem, type ItemRow } from '../../domain/items/item-view';
import { itemColumns, itemJoins } from '../item-columns';
import type { UpNextStore } from '../up-next';
import { bigNumber } from './big-numbers';
import { inTransaction, retried, type Queryable } from './unit-of-work';

// The queue as SQLite's store reads it; ids compare by bytes there, so here too ("C").
const queueFrom = `FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
  LEFT JOIN up_next q ON q.user_id = e.user_id AND q.item_id = e.item_id
  WHERE e.user_id = $1 AND e.item_type = 'episode' AND e.is_read = 0 AND COALESCE(e.playback_position, 0) = 0
    AND s.id IS NOT NULL AND i.audio_url IS NOT NULL AND COALESCE(q.removed, 0) = 0`;
const queueOrder = 'ORDER BY q.position IS NOT NULL, q.position, e.published_ms DESC, e.item_id COLLATE "C" DESC';

/** The queue's ids in order, with the user's queue locked until the transaction ends (SQLite's writer lock did that). */
async function lockedQueue(db: Queryable, userId: string): Promise<string[]> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`up_next:${userId}`]);
  return (await db.query<{ item_id: string }>(`SELECT e.item_id ${queueFrom} ${queueOrder}`, [userId])).rows.map((row) => row.item_id);
}

/** The Up Next store on PostgreSQL. */
export function postgresUpNextStore(pool: Pool): UpNextStore {
  return {
    list: (userId, limit) => retried(async () => (await pool.query<ItemRow>(`SELECT ${itemColumns} ${queueFrom} ${queueOrder} LIMIT $2`, [userId, limit]))
      .rows.map((row) => toItem({ ...row, last_played_ms: bigNumber(row.last_played_ms) }))),
    arrange: (userId, order) => inTransaction(pool, async (db) => {
      // An id given twice keeps its last position, as SQLite's store placing them one by one does.
      const positions = new Map(order(await lockedQueue(db, userId)).map((id, position) => [id, position]));
      if (!positions.size) return;
      await db.query(`INSERT INTO up_next (user_id, item_id, position, removed)
        SELECT $1, id, position, 0 FROM unnest($2::text[], $3::int[]) AS placed(id, position)
        ON CONFLICT (user_id, item_id) DO UPDATE SET position = excluded.position, removed = 0`, [userId, [...positions.keys()], [...positions.values()]]);
    }),
    remove: (userId, choose) => inTransaction(pool, async (db) => {
      const ids = [...new Set(choose(await lockedQueue(db, userId)))];
      if (!ids.length) return;
      await db.query(`INSERT INTO up_next (user_id, item_id, position, removed) SELECT $1, id, NULL, 1 FROM unnest($2::text[]) AS chosen(id)
        ON CONFLICT (user_id, item_id) DO UPDATE SET removed = 1`, [userId, ids]);
    }),
  };
}
