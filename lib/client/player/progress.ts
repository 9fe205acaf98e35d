import { apiUrl } from '@/lib/client/api-client';
import { enqueueOrSend } from '@/lib/client/outbox';

/*
 * How playback positions reach the service. Everything goes through sendPlaybackProgress,
 * so the way it is sent changes in one place: now the offline outbox, which sends at once
 * when it can and queues otherwise (replayed in order when the connection returns).
 */

/** One position report: where the episode was, by the client's clock (last write wins on the service). */
export type PlaybackReport = { itemId: string; positionSeconds: number; clientTimestamp: string; title?: string | null };

/**
 * Sends a position now, or queues it in the outbox when offline. Resolves true once the
 * service took it, false once it is queued; rejects when the service refuses it (4xx).
 */
export async function sendPlaybackProgress(report: PlaybackReport): Promise<boolean> {
  const outcome = await enqueueOrSend(
    { kind: 'playback', itemId: report.itemId, positionSeconds: report.positionSeconds, clientTimestamp: report.clientTimestamp },
    { title: report.title ?? null },
  );
  return outcome.sent;
}

/**
 * Sends a position as the page goes away (pagehide, or hidden on a phone that may kill it):
 * a keepalive fetch outlives the page, where the outbox's IndexedDB work might not. Its
 * outcome is never known, so the position also stays marked unsent in localStorage and goes
 * out again (with the same timestamp, so nothing moves backwards) on the next start.
 */
export function sendPlaybackProgressOnLeave(report: PlaybackReport): void {
  try {
    void fetch(apiUrl('/v1/items/{item_id}/playback-progress', { item_id: report.itemId }), {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ position_seconds: report.positionSeconds, client_timestamp: report.clientTimestamp }),
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive: the position waits in localStorage for the next start.
  }
}
