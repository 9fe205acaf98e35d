import { useSyncExternalStore } from 'react';
import type { PlayerEpisode } from './episode';

/*
 * What the player is doing, as a small observable snapshot. It loads with every page
 * (Play buttons read it) and costs almost nothing; the audio element, progress reports
 * and lock-screen controls live in ./controller, which loads on first use.
 */

/** loading: asked to play, waiting for data; error: the audio could not be played. */
export type PlayerStatus = 'paused' | 'loading' | 'playing' | 'error';

export type PlayerState = {
  episode: PlayerEpisode | null;
  status: PlayerStatus;
  /** Seconds from the start. */
  position: number;
  /** Seconds, from the audio when it knows, else from the feed; null when neither does. */
  duration: number | null;
  rate: number;
  /** What went wrong, in a sentence, when status is error. */
  error: string | null;
};

const initial: PlayerState = { episode: null, status: 'paused', position: 0, duration: null, rate: 1, error: null };

let current = initial;
const listeners = new Set<() => void>();

/** The latest snapshot (the same object until something changes). */
export function playerState(): PlayerState {
  return current;
}

/** Replaces parts of the snapshot and tells every listener; unchanged values tell no one. */
export function updatePlayer(change: Partial<PlayerState>): void {
  const next = { ...current, ...change };
  if ((Object.keys(change) as (keyof PlayerState)[]).every((key) => next[key] === current[key])) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change; answers the unsubscribe function. */
export function subscribePlayer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to no episode (the player was closed, or a test starts afresh). */
export function resetPlayer(): void {
  current = initial;
  for (const listener of listeners) listener();
}

const heard = new Map<string, { position: number; at: number }>();

/** Remembers how far an episode was heard, for Play buttons on lists loaded before that. */
export function rememberHeard(id: string, position: number, at = Date.now()): void {
  heard.set(id, { position, at });
}

/** How far an episode was heard while this page was open (ms since the epoch as `at`), if it was. */
export function heardPosition(id: string): { position: number; at: number } | undefined {
  return heard.get(id);
}

/** The whole snapshot; re-renders on every change (about four times a second while playing). */
export function usePlayerState(): PlayerState {
  return useSyncExternalStore(subscribePlayer, playerState, () => initial);
}

/**
 * One value picked from the snapshot; re-renders only when it changes. Pick primitives:
 * a new object every time would re-render on every change.
 */
export function usePlayerValue<T extends string | number | boolean | null>(pick: (state: PlayerState) => T): T {
  return useSyncExternalStore(subscribePlayer, () => pick(current), () => pick(initial));
}
