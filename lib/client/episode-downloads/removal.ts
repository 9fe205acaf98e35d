import { readSavedPlayer } from '@/lib/client/player/saved-player';
import { playerState, subscribePlayer } from '@/lib/client/player/state';
import { deleteDownload } from './downloads-cache';
import { tellOtherTabs } from './other-tabs';
import { markRemoval, pendingRemovals } from './parts-db';
import { episodeDownload, setEpisodeDownload } from './store';

/*
 * Removing a download. The episode the player is playing plays from the download: deleting
 * the file under it would stop it offline, and online would stream the rest over the data the
 * download was meant to save. So while the player plays it (or holds it at all, offline), its
 * removal waits until the player lets go (paused while online, another episode, the player
 * closed, or played to its end), and the controls say so, with a way to keep it after all.
 * A put-off removal is kept in IndexedDB, so it is carried out after a reload too.
 */

let watching = false;
const waiting = new Set<string>();

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether the player needs this episode's download: playing it, or holding it (or about to bring it back after a reload) offline, short of its end. */
function neededByPlayer(id: string): boolean {
  const state = playerState();
  const episode = state.episode ?? readSavedPlayer()?.episode ?? null;
  if (episode?.id !== id) return false;
  const playing = state.episode !== null && (state.status === 'playing' || state.status === 'loading');
  const ended = state.episode !== null && !playing && state.duration !== null && state.position >= state.duration - 0.5;
  return playing || (offline() && !ended);
}

async function removeNow(id: string): Promise<void> {
  await deleteDownload(id);
  await markRemoval(id, false);
  if (episodeDownload(id).status === 'downloaded') setEpisodeDownload(id, { status: 'none' });
  tellOtherTabs({ type: 'changed' });
}

/** Carries out the put-off removals of episodes the player no longer holds; watches the player for the rest. */
export async function carryOutRemovals(): Promise<void> {
  for (const id of await pendingRemovals()) {
    const state = episodeDownload(id);
    if (state.status !== 'downloaded') await markRemoval(id, false);
    else if (!neededByPlayer(id)) await removeNow(id);
    else {
      if (!state.removeLater) setEpisodeDownload(id, { ...state, removeLater: true });
      watchPlayer(id);
    }
  }
}

/** Watches the player (once) for it letting go of an episode whose removal waits. */
function watchPlayer(id: string): void {
  waiting.add(id);
  if (watching) return;
  watching = true;
  const check = () => {
    const released = [...waiting].filter((waitingId) => !neededByPlayer(waitingId));
    if (released.length === 0) return;
    for (const releasedId of released) waiting.delete(releasedId);
    void carryOutRemovals().catch(() => undefined);
  };
  // Called on every change of the player, timeupdate included: only a comparison per waiting episode.
  subscribePlayer(check);
  if (typeof window !== 'undefined') window.addEventListener('online', check);
}

/** Removes a downloaded episode from this device (the player then streams it from the podcast's host); while the player needs it, once it no longer does. */
export async function removeDownload(id: string): Promise<void> {
  const state = episodeDownload(id);
  if (state.status === 'downloaded' && neededByPlayer(id)) {
    await markRemoval(id, true);
    setEpisodeDownload(id, { ...state, removeLater: true });
    watchPlayer(id);
    return;
  }
  await removeNow(id);
}

/** Keeps a download whose removal was put off (the person changed their mind). */
export async function keepDownloadAfterAll(id: string): Promise<void> {
  waiting.delete(id);
  await markRemoval(id, false);
  const state = episodeDownload(id);
  if (state.status === 'downloaded') setEpisodeDownload(id, { status: 'downloaded', download: state.download });
}
