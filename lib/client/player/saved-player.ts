import type { PlayerEpisode } from './episode';

/*
 * The last episode and position, kept in localStorage so a reload, or the phone killing
 * the installed app, brings the mini player back where the person left off (paused).
 * It also remembers whether the service has heard of the position yet, so a position
 * that could not be sent (offline, the page killed mid-request) goes out on the next start.
 */

/** Where the player's state is kept. */
export const PLAYER_STORAGE_KEY = 'tidings:player';

export type SavedPlayer = {
  episode: PlayerEpisode;
  /** Seconds from the start. */
  position: number;
  rate: number;
  /** The client's clock when the position was taken: the client_timestamp it is sent with. */
  savedAt: string;
  /** True until the service (or the outbox) has taken the position as of savedAt. */
  unsent: boolean;
};

function isSaved(value: unknown): value is SavedPlayer {
  const saved = value as SavedPlayer | null;
  return typeof saved === 'object' && saved !== null
    && typeof saved.episode?.id === 'string' && typeof saved.episode.audioUrl === 'string'
    && typeof saved.position === 'number' && Number.isFinite(saved.position)
    && typeof saved.savedAt === 'string' && !Number.isNaN(Date.parse(saved.savedAt));
}

/** The kept state, or null when there is none (or it is unreadable). */
export function readSavedPlayer(): SavedPlayer | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? 'null');
    if (!isSaved(value)) return null;
    return { ...value, rate: typeof value.rate === 'number' && value.rate > 0 ? value.rate : 1, unsent: value.unsent === true };
  } catch {
    return null;
  }
}

/** Keeps the state; storage that is full or switched off only loses the restore. */
export function writeSavedPlayer(saved: SavedPlayer): void {
  try {
    localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Nothing else depends on it.
  }
}

/** Forgets the state (the person closed the player). */
export function clearSavedPlayer(): void {
  try {
    localStorage.removeItem(PLAYER_STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
