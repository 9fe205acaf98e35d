import type { PlaybackProgressBody, PlaybackProgressResult } from '@/lib/contract/items';
import type { PlaybackState } from '../../store/playback';
import type { Store } from '../../store/store';
import { invalidFields } from '../errors';

/** POST /v1/items/{id}/playback-progress: last write wins by the client's clock; near the end marks read. */
export async function recordPlayback(store: Store, userId: string, itemId: string, body: PlaybackProgressBody, now = Date.now()): Promise<PlaybackProgressResult> {
  const kept = await store.playback.record(userId, itemId, (current) => nextPlayback(current, body, now));
  // SPEC.md gives this operation no 404: an unknown item is invalid input.
  if (!kept) throw invalidFields([`item_id does not name an item of this account.`]);
  return resultOf(kept);
}

/** The state a playback write leaves an episode's entry in, or null when an earlier write by the client's clock is kept. */
export function nextPlayback(current: PlaybackState, body: PlaybackProgressBody, now: number): PlaybackState | null {
  if (current.item_type !== 'episode') throw invalidFields(['position_seconds applies to episodes only; this item is an article.']);
  // A clock running ahead is read as the time of arrival, or its writes would beat every later one.
  const clientMs = body.client_timestamp ? Math.min(Date.parse(body.client_timestamp), now) : now;
  const position = Math.round(body.position_seconds);

  // An older write (by the client's clock) than the one already accepted does not move the position.
  if (current.playback_client_ms !== null && clientMs < current.playback_client_ms) return null;

  const duration = current.duration_seconds;
  const completed = duration !== null && duration > 0 && position >= duration * 0.95;
  return {
    ...current, playback_position: position, last_played_ms: now, playback_client_ms: clientMs,
    is_read: completed || current.is_read, playback_completed: completed,
  };
}

function resultOf(state: PlaybackState): PlaybackProgressResult {
  return {
    playback_position: state.playback_position ?? 0,
    last_played_at: new Date(state.last_played_ms ?? Date.now()).toISOString(),
    is_read: state.is_read,
    completed: state.playback_completed,
  };
}
