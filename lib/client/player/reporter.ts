import { ApiError } from '@/lib/client/api-client';
import type { PlayerEpisode } from './episode';
import { sendPlaybackProgress, sendPlaybackProgressOnLeave } from './progress';
import { readSavedPlayer, writeSavedPlayer, type SavedPlayer } from './saved-player';
import { rememberHeard } from './state';

/*
 * Keeping the position: in localStorage (for restoring after a reload or a killed app)
 * and on the service (reports skip a position it already has). A report's
 * client_timestamp is when the position was taken, so a late or repeated report never
 * moves another device's newer position back.
 */

/** Where the player is, as the reporter reads it. */
export type Playhead = { episode: PlayerEpisode | null; position: number; rate: number };

// A drag of the slider or a run of skips is one seek: report once it has settled.
const seekSettleMs = 1_000;

/** The position keeper for a player whose state `read` answers. */
export function createReporter(read: () => Playhead) {
  let lastSent: { id: string; position: number } | null = null;
  let lastLeave = '';
  let seekTimer: ReturnType<typeof setTimeout> | null = null;

  function keep(unsent: boolean): SavedPlayer | null {
    const { episode, position, rate } = read();
    if (!episode) return null;
    const saved: SavedPlayer = { episode, position, rate, savedAt: new Date().toISOString(), unsent };
    writeSavedPlayer(saved);
    rememberHeard(episode.id, position, Date.parse(saved.savedAt));
    return saved;
  }

  function markSent(itemId: string, savedAt: string): void {
    const saved = readSavedPlayer();
    if (saved && saved.episode.id === itemId && saved.savedAt === savedAt) writeSavedPlayer({ ...saved, unsent: false });
  }

  function send(itemId: string, position: number, savedAt: string, title: string | null): void {
    sendPlaybackProgress({ itemId, positionSeconds: position, clientTimestamp: savedAt, title }).then(
      () => markSent(itemId, savedAt),
      (error: unknown) => {
        // No connection and no outbox to hold it: it stays unsent in localStorage for the next start.
        if (error instanceof ApiError && error.status === 0) lastSent = null;
        // Refused (the episode is gone, say): sending it again would be refused again.
        else markSent(itemId, savedAt);
      },
    );
  }

  function cancelSeekReport(): void {
    if (seekTimer) clearTimeout(seekTimer);
    seekTimer = null;
  }

  /** Sends the current position unless the service already has it. */
  function report(): void {
    const { episode, position } = read();
    if (!episode) return;
    const seconds = Math.round(position);
    if (lastSent?.id === episode.id && lastSent.position === seconds) return;
    const saved = keep(true)!;
    lastSent = { id: episode.id, position: seconds };
    send(episode.id, seconds, saved.savedAt, episode.title);
  }

  return {
    /** Writes the position to localStorage; `unsent` says the service may not have it yet. */
    keep,
    report,
    /** Records that the service already has this position (it came from there), so it is not sent back. */
    known(itemId: string, position: number): void {
      lastSent = { id: itemId, position: Math.round(position) };
    },
    /** Sends a kept position that never reached the service, with the time it was taken. */
    resend(saved: SavedPlayer): void {
      lastSent = { id: saved.episode.id, position: Math.round(saved.position) };
      send(saved.episode.id, Math.round(saved.position), saved.savedAt, saved.episode.title);
    },
    /** Reports once a run of seeks has settled. */
    reportWhenSeekSettles(): void {
      cancelSeekReport();
      seekTimer = setTimeout(() => {
        seekTimer = null;
        report();
      }, seekSettleMs);
    },
    cancelSeekReport,
    /** The page goes away (or is hidden on a phone that may kill it): send what the service lacks, with keepalive. */
    leave(): void {
      const { episode, position } = read();
      if (!episode) return;
      const seconds = Math.round(position);
      const saved = readSavedPlayer();
      if (saved && !saved.unsent && lastSent?.id === episode.id && lastSent.position === seconds) return;
      const signature = `${episode.id}:${seconds}`;
      if (signature === lastLeave) return;
      lastLeave = signature;
      const kept = keep(true)!;
      lastSent = { id: episode.id, position: seconds };
      sendPlaybackProgressOnLeave({ itemId: episode.id, positionSeconds: seconds, clientTimestamp: kept.savedAt });
    },
  };
}
