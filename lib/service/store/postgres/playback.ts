import type { Pool } from 'pg';
import type { PlaybackState, PlaybackStore } from '../playback';
import { bigNumber } from './big-numbers';
import { inTransaction, type Queryable } from './unit-of-work';

type PlaybackRow = Omit<PlaybackState, 'is_read' | 'playback_completed' | 'last_played_ms' | 'playback_client_ms'> & {
  is_read: number; playback_completed: number; last_played_ms: string | null; playback_client_ms: string | null;
};

/** The store's record within an open transaction: for units of work that move playback among other changes (gpodder's uploads). */
export async function recordPlaybackIn(db: Queryable, userId: string, itemId: string,
  next: (current: PlaybackState) => PlaybackState | null): Promise<PlaybackState | null> {
  // The entry's row stays locked until the change is kept: a concurrent record waits and then reads it.
  const { rows: [row] } = await db.query<PlaybackRow>(`SELECT i.item_type, i.duration_seconds, e.playback_position, e.last_played_ms,
      e.playback_client_ms, e.is_read, e.playback_completed
    FROM entries e JOIN items i ON i.id = e.item_id WHERE e.user_id = $1 AND e.item_id = $2 FOR UPDATE OF e`, [userId, itemId]);
  if (!row) return null;
  const current: PlaybackState = {
    ...row, last_played_ms: bigNumber(row.last_played_ms), playback_client_ms: bigNumber(row.playback_client_ms),
    is_read: row.is_read === 1, playback_completed: row.playback_completed === 1,
  };
  const changed = next(current);
  if (!changed) return current;
  await db.query(`UPDATE entries SET playback_position = $1, last_played_ms = $2, playback_client_ms = $3, is_read = $4, playback_completed = $5
    WHERE user_id = $6 AND item_id = $7`, [changed.playback_position, changed.last_played_ms, changed.playback_client_ms,
    changed.is_read ? 1 : 0, changed.playback_completed ? 1 : 0, userId, itemId]);
  return changed;
}

/** The playback store on PostgreSQL. */
export function postgresPlaybackStore(pool: Pool): PlaybackStore {
  return {
    record: (userId, itemId, next) => inTransaction(pool, (db) => recordPlaybackIn(db, userId, itemId, next)),
  };
}
