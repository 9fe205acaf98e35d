import type { LocalService } from '../local-service';

/*
 * What the player tests check on the service: the playback position it stores for an item,
 * polled with real timers until it shows what the player reported.
 */

/** The position the service stores for an item, and the device time it was reported at. */
export function storedPlayback(local: LocalService, id: string): { playback_position: number | null; playback_client_ms: number | null } {
  return local.service.db.prepare('SELECT playback_position, playback_client_ms FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as
    { playback_position: number | null; playback_client_ms: number | null };
}

/** Retries `check` until it passes or `timeoutMs` runs out, with real timers (some tests fake setInterval, which waitFor relies on). */
export async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
