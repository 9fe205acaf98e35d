import { preparedOnce, type Db } from '../database';
import type { PlaybackState, PlaybackStore } from '../playback';

type PlaybackRow = Omit<PlaybackState, 'is_read' | 'playback_completed'> & { is_read: number; playback_completed: number };

const statements = preparedOnce((db: Db) => ({
  get: db.prepare(`SELECT i.item_type, i.duration_seconds, e.playback_position, e.last_played_ms, e.playback_client_ms,
      e.is_read, e.playback_completed
    FROM entries e JOIN items i ON i.id = e.item_id WHERE e.user_id = ? AND e.item_id = ?`),
  set: db.prepare(`UPDATE entries SET playback_position = ?, last_played_ms = ?, playback_client_ms = ?, is_read = ?, playback_completed = ?
    WHERE user_id = ? AND item_id = ?`),
}));

/**
 * The store's record, synchronous: for the callers not converted yet that write playback inside
 * their own transaction (gpodder's episode actions). Nested, it joins theirs.
 */
export function recordPlaybackNow(db: Db, userId: string, itemId: string, next: (current: PlaybackState) => PlaybackState | null): PlaybackState | null {
  return db.transaction(() => {
    const row = statements(db).get.get(userId, itemId) as PlaybackRow | undefined;
    if (!row) return null;
    const current: PlaybackState = { ...row, is_read: row.is_read === 1, playback_completed: row.playback_completed === 1 };
    const changed = next(current);
    if (!changed) return current;
    statements(db).set.run(changed.playback_position, changed.last_played_ms, changed.playback_client_ms,
      changed.is_read ? 1 : 0, changed.playback_completed ? 1 : 0, userId, itemId);
    return changed;
  })();
}

/** The playback store on SQLite. */
export function sqlitePlaybackStore(db: Db): PlaybackStore {
  return {
    record: async (userId, itemId, next) => recordPlaybackNow(db, userId, itemId, next),
  };
}
