import type { PlaybackProgressBody, PlaybackProgressResult } from '@/lib/contract/items';
import type { Db } from '../../store/database';
import { invalidFields } from '../errors';

type PlaybackRow = {
  item_type: string; duration_seconds: number | null; playback_position: number | null;
  last_played_ms: number | null; playback_client_ms: number | null; is_read: number; playback_completed: number;
};

/** POST /v1/items/{id}/playback-progress: last write wins by the client's clock; near the end marks read. */
export function recordPlayback(db: Db, userId: string, itemId: string, body: PlaybackProgressBody, now = Date.now()): PlaybackProgressResult {
  return db.transaction(() => {
    const row = db.prepare(`SELECT i.item_type, i.duration_seconds, e.playback_position, e.last_played_ms, e.playback_client_ms,
        e.is_read, e.playback_completed
      FROM entries e JOIN items i ON i.id = e.item_id WHERE e.user_id = ? AND e.item_id = ?`).get(userId, itemId) as PlaybackRow | undefined;
    // SPEC.md gives this operation no 404: an unknown item is invalid input.
    if (!row) throw invalidFields([`item_id does not name an item of this account.`]);
    if (row.item_type !== 'episode') throw invalidFields(['position_seconds applies to episodes only; this item is an article.']);
    // A clock running ahead is read as the time of arrival, or its writes would beat every later one.
    const clientMs = body.client_timestamp ? Math.min(Date.parse(body.client_timestamp), now) : now;
    const position = Math.round(body.position_seconds);

    // An older write (by the client's clock) than the one already accepted does not move the position.
    if (row.playback_client_ms !== null && clientMs < row.playback_client_ms) return resultOf(row);

    const duration = row.duration_seconds;
    const completed = duration !== null && duration > 0 && position >= duration * 0.95;
    const next: PlaybackRow = {
      ...row, playback_position: position, last_played_ms: now, playback_client_ms: clientMs,
      is_read: completed ? 1 : row.is_read, playback_completed: completed ? 1 : 0,
    };
    db.prepare(`UPDATE entries SET playback_position = ?, last_played_ms = ?, playback_client_ms = ?, is_read = ?, playback_completed = ?
      WHERE user_id = ? AND item_id = ?`).run(position, now, clientMs, next.is_read, next.playback_completed, userId, itemId);
    return resultOf(next);
  })();
}

function resultOf(row: PlaybackRow): PlaybackProgressResult {
  return {
    playback_position: row.playback_position ?? 0,
    last_played_at: new Date(row.last_played_ms ?? Date.now()).toISOString(),
    is_read: row.is_read === 1,
    completed: row.playback_completed === 1,
  };
}
