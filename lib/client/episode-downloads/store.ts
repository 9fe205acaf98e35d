import { useSyncExternalStore } from 'react';
import type { PlayerEpisode } from '@/lib/client/player/episode';

/*
 * What is downloaded and what is downloading, as a small observable snapshot the player
 * reads synchronously (a Play press must set the audio's address inside the click) and the
 * download controls render from. Cache Storage is the truth; ./downloads-cache reads it in.
 */

/** An episode kept on this device, with what the downloads list shows. */
export type DownloadedEpisode = { episode: PlayerEpisode; bytes: number; downloadedAt: string };

/** One episode's download, as its controls show it. */
export type EpisodeDownload =
  | { status: 'none' }
  | { status: 'downloading'; received: number; total: number | null }
  /** Interrupted with no connection: it carries on from `received` when the connection returns. */
  | { status: 'waiting'; received: number; total: number | null }
  /** `removeLater`: the person removed it while it was being played; it goes once it no longer is (./removal). */
  | { status: 'downloaded'; download: DownloadedEpisode; removeLater?: boolean }
  | { status: 'failed'; error: string };

const none: EpisodeDownload = { status: 'none' };

let states = new Map<string, EpisodeDownload>();
let downloadedList: DownloadedEpisode[] = [];
let loaded = false;
const listeners = new Set<() => void>();

function changed(): void {
  downloadedList = [...states.values()]
    .flatMap((state) => (state.status === 'downloaded' ? [state.download] : []))
    .sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
  for (const listener of listeners) listener();
}

/** Sets (or, with `none`, forgets) the download state of one episode. */
export function setEpisodeDownload(id: string, state: EpisodeDownload): void {
  if (states.get(id) === state) return;
  states = new Map(states);
  if (state.status === 'none') states.delete(id);
  else states.set(id, state);
  changed();
}

/** Replaces what is known to be downloaded with what the cache holds, keeping downloads under way, failures and put-off removals. */
export function setDownloadedEpisodes(list: DownloadedEpisode[]): void {
  const next = new Map([...states].filter(([, state]) => state.status !== 'none' && state.status !== 'downloaded'));
  for (const download of list) {
    const known = states.get(download.episode.id);
    const removeLater = known?.status === 'downloaded' && known.removeLater ? { removeLater: true } : {};
    // A copy in the cache is whole: it outranks progress heard from the tab that made it.
    next.set(download.episode.id, { status: 'downloaded', download, ...removeLater });
  }
  states = next;
  loaded = true;
  changed();
}

/** Whether the downloads have been read from the cache yet. */
export function downloadsKnown(): boolean {
  return loaded;
}

/** One episode's download state. */
export function episodeDownload(id: string): EpisodeDownload {
  return states.get(id) ?? none;
}

/** Whether any episode is downloaded on this device. */
export function hasDownloads(): boolean {
  return downloadedList.length > 0;
}

/** Whether an episode's audio is kept on this device (the player then plays that copy). */
export function isDownloaded(id: string): boolean {
  return episodeDownload(id).status === 'downloaded';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One episode's download state; re-renders when it changes. */
export function useEpisodeDownload(id: string): EpisodeDownload {
  return useSyncExternalStore(subscribe, () => episodeDownload(id), () => none);
}

/** The downloaded episodes, newest download first; null until they have been read. */
export function useDownloadedEpisodes(): DownloadedEpisode[] | null {
  return useSyncExternalStore(subscribe, () => (loaded ? downloadedList : null), () => null);
}
