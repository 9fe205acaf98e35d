import { downloadsReady } from '@/lib/client/episode-downloads/downloads-list';
import { isDownloaded } from '@/lib/client/episode-downloads/store';
import { episodeAudioUrl } from '@/lib/client/offline-caches';
import { episodeOf, isFinished, type EpisodeSource, type PlayerEpisode } from './episode';
import { playInOneTabAtATime } from './other-tabs';
import { readSavedPlayer } from './saved-player';
import { heardPosition, playerState, updatePlayer } from './state';

/*
 * The small part of the player that loads with every page: the one audio element, and
 * the calls that load the rest (./controller, a separate chunk) when an episode is played
 * or the mini player is restored.
 */

type Controller = typeof import('./controller');

/** How far the back and forward buttons jump, in seconds. */
export const skipBackSeconds = 15;
export const skipForwardSeconds = 30;

let audio: HTMLAudioElement | null = null;
let loading: Promise<Controller> | null = null;
let loaded: Controller | null = null;

/** The one audio element of the app; it lives outside React, so it plays on across client-side navigations. */
export function sharedAudio(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio();
    audio.preload = 'metadata';
    // Here rather than in ./controller: the first Play of a visit starts the audio before the controller loads.
    playInOneTabAtATime(audio);
  }
  return audio;
}

/** Where the player fetches an episode's audio: this device's download when there is one (it plays offline), else the podcast's host. */
export function playableAudioUrl(episode: PlayerEpisode): string {
  return isDownloaded(episode.id) ? episodeAudioUrl(episode.id) : episode.audioUrl;
}

/** Loads the player's controller once (a separate chunk). */
export function loadPlayer(): Promise<Controller> {
  loading ??= import('./controller').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * Runs an action of the controller: at once when it is loaded (so a play() stays inside the
 * click that asked for it), else once it is. The player's components call the controller
 * only through this, so its code stays in one chunk instead of being copied into theirs.
 */
export function withPlayer(action: (controller: Controller) => void): void {
  if (loaded) action(loaded);
  else void loadPlayer().then(action);
}

/**
 * Where playing an item should start: the latest of the service's position, the one kept on
 * this device and the one heard since the item was loaded (the service may not know them
 * yet); the start again when the episode was heard to the end.
 */
export function resumePositionOf(item: EpisodeSource, episode: PlayerEpisode): number {
  const candidates = [{ position: item.playback_position ?? 0, at: item.last_played_at ? Date.parse(item.last_played_at) : 0 }];
  const saved = readSavedPlayer();
  if (saved?.episode.id === item.id) candidates.push({ position: saved.position, at: Date.parse(saved.savedAt) });
  const heard = heardPosition(item.id);
  if (heard) candidates.push(heard);
  const { position } = candidates.reduce((latest, candidate) => (candidate.at >= latest.at ? candidate : latest));
  return position > 0 && !isFinished(position, episode.durationSeconds) ? position : 0;
}

/**
 * Plays an item (or pauses and resumes it, when it is already the player's episode; a
 * finished one starts over).
 * Call it from the click itself: the first time, the audio starts inside the gesture
 * (what mobile browsers require) while the controller loads.
 */
export function playEpisode(item: EpisodeSource): void {
  const episode = episodeOf(item);
  if (!episode) return;
  const current = playerState();
  if (current.episode?.id === episode.id) {
    // Heard to the end: play again from the start, as for an episode the player does not hold.
    const again = current.status !== 'playing' && current.status !== 'loading' && isFinished(current.position, current.duration);
    withPlayer((controller) => {
      if (again) controller.seekTo(0);
      controller.togglePlayback();
    });
    return;
  }
  const startAt = resumePositionOf(item, episode);
  if (loaded) {
    loaded.startEpisode(episode, startAt);
    return;
  }
  const element = sharedAudio();
  element.src = playableAudioUrl(episode);
  element.currentTime = startAt;
  const attempt = element.play() as Promise<void> | undefined;
  attempt?.catch(() => undefined);
  updatePlayer({ episode, status: 'loading', position: startAt, duration: episode.durationSeconds, error: null });
  void loadPlayer().then((controller) => controller.adoptEpisode(episode, startAt));
}

/** Brings back the last episode and position after a reload, paused; does nothing when none was kept. */
export function restorePlayer(): boolean {
  const saved = readSavedPlayer();
  if (!saved || playerState().episode) return false;
  // Shown at once (the mini player's chunk loads beside the controller's), paused.
  updatePlayer({ episode: saved.episode, status: 'paused', position: saved.position, duration: saved.episode.durationSeconds, rate: saved.rate });
  // Once the downloads are known, so a downloaded episode is restored from its copy (offline too).
  void Promise.all([loadPlayer(), downloadsReady()]).then(([controller]) => controller.restoreEpisode(saved));
  return true;
}
