import type { PlayerEpisode } from './episode';

/*
 * The lock screen, notification and hardware-key controls (the Media Session API):
 * what is playing with its artwork, the actions the player answers, and where it is.
 * Browsers without the API simply get none of it.
 */

/** What the player does when the system asks. */
export type MediaSessionHandlers = {
  play: () => void;
  pause: () => void;
  seekBy: (seconds: number) => void;
  seekTo: (seconds: number) => void;
};

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

/** Tells the system what is playing. */
export function showEpisodeOnLockScreen(episode: PlayerEpisode): void {
  const media = session();
  if (!media || typeof MediaMetadata === 'undefined') return;
  media.metadata = new MediaMetadata({
    title: episode.title,
    artist: episode.feedTitle,
    album: episode.feedTitle,
    // No sizes: feeds do not say how big their art is, and a wrong size makes the system pick badly.
    artwork: episode.artworkUrl ? [{ src: episode.artworkUrl }] : [],
  });
}

/** Tells the system nothing is playing any more: no episode, no state, no progress bar. */
export function clearLockScreen(): void {
  const media = session();
  if (!media) return;
  media.metadata = null;
  media.playbackState = 'none';
  try {
    // No argument clears the position state.
    media.setPositionState?.();
  } catch {
    // A browser that insists on a state: the session ends with the page anyway.
  }
}

/** Connects the system's controls to the player (back 15 s and forward 30 s, as the buttons do). */
export function connectMediaSession(handlers: MediaSessionHandlers, skip: { back: number; forward: number }): void {
  const media = session();
  if (!media) return;
  const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => handlers.play()],
    ['pause', () => handlers.pause()],
    ['seekbackward', (details) => handlers.seekBy(-(details.seekOffset ?? skip.back))],
    ['seekforward', (details) => handlers.seekBy(details.seekOffset ?? skip.forward)],
    ['seekto', (details) => {
      if (typeof details.seekTime === 'number') handlers.seekTo(details.seekTime);
    }],
  ];
  for (const [action, handler] of actions) {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know; the others still work.
    }
  }
}

/** Keeps the system's playing state and progress bar in step with the player. */
export function showPlaybackOnLockScreen(playing: boolean, position: number, duration: number | null, rate: number): void {
  const media = session();
  if (!media) return;
  media.playbackState = playing ? 'playing' : 'paused';
  if (!duration || !Number.isFinite(duration) || typeof media.setPositionState !== 'function') return;
  try {
    media.setPositionState({ duration, playbackRate: rate, position: Math.min(Math.max(0, position), duration) });
  } catch {
    // A state the browser refuses (a rate it does not allow): the bar just stays as it was.
  }
}
