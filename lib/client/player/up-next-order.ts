import { callApi } from '@/lib/client/api-client';
import { playerState } from './state';

/*
 * The order of Up Next as this page last showed it, so that the player, when an episode ends,
 * goes on with the one after it there, even though the service no longer lists the episode
 * that ended (or that was started: Up Next holds unplayed episodes only).
 */

let shown: string[] = [];

/**
 * Remembers the queue's order as shown (the Up Next list calls it on each load or change). The
 * player's episode keeps its place in it: once started it is no longer in the service's queue,
 * yet what follows it there is what plays next.
 */
export function rememberUpNext(ids: string[]): void {
  const playing = playerState().episode?.id;
  let order = ids;
  if (playing && !ids.includes(playing) && shown.includes(playing)) {
    const follower = shown.slice(shown.indexOf(playing) + 1).find((id) => ids.includes(id));
    const at = follower ? ids.indexOf(follower) : ids.length;
    order = [...ids.slice(0, at), playing, ...ids.slice(at)];
  }
  shown = order;
}

/**
 * The id of the episode to play after `finishedId`: the first one after it in the order last
 * shown that is still in `queue` (the service's queue now), else the queue's first; null when
 * nothing is left.
 */
export function nextAfter(finishedId: string, queue: string[]): string | null {
  const waiting = queue.filter((id) => id !== finishedId);
  const at = shown.indexOf(finishedId);
  if (at >= 0) {
    const inQueue = new Set(waiting);
    const following = shown.slice(at + 1).find((id) => inQueue.has(id));
    if (following) return following;
  }
  return waiting[0] ?? null;
}

/** The queue's next episode after the one that ended, from the service; null when none (or the service has no Up Next). */
export async function fetchNextInUpNext(finishedId: string) {
  const queue = await callApi('GET', '/v1/up-next').catch(() => null);
  if (!queue) return null;
  const nextId = nextAfter(finishedId, queue.data.map((item) => item.id));
  return queue.data.find((item) => item.id === nextId) ?? null;
}
