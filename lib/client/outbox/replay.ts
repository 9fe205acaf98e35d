import { requestFor, type OutboxRequest } from './actions';
import { withReplayLock } from './lock';
import type { PendingEntry, RefusedEntry } from './schema';
import type { OutboxStore } from './store';

type Entry = PendingEntry & { seq: number };

/** How a replay ended: everything handled, or stopped with changes still queued. */
export type ReplayState = 'done' | 'offline' | 'paused' | 'signed-out';
export type ReplayOutcome = { state: ReplayState; sent: number; refused: number; retryAt: number | null };
/** How many changes this replay has sent and had refused so far. */
export type ReplayProgress = { sent: number; refused: number };

/** What replay needs from its surroundings; tests pass a clock and a sleep of their own. */
export type ReplayOptions = {
  /** Sends one request; `signal` aborts it when it takes longer than `sendTimeoutMs`. */
  send: (request: OutboxRequest, signal?: AbortSignal) => Promise<unknown>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** A change was sent; `result` is the service's answer. */
  onSent?: (entry: Entry, result: unknown) => void;
  /** The service refused a change; it is now on the refused list. */
  onRefused?: (refused: RefusedEntry) => void;
  /** A change left the queue (sent or refused, after onSent or onRefused), with the counts so far. */
  onProgress?: (progress: ReplayProgress) => void;
  /** The replay waits until this time (ms) before sending again; null when it goes on. */
  onPause?: (until: number | null) => void;
  /** Longest Retry-After honoured by waiting inside the replay; longer ends it as paused. */
  maxInlineWaitMs?: number;
  /** How long one request may go unanswered before the replay stops as if offline. */
  sendTimeoutMs?: number;
};

/** A change older than this is not sent but listed as refused, so nothing stale lands unseen. */
export const maxEntryAgeMs = 30 * 24 * 3600 * 1000;
/** Server errors (5xx other than unavailable, below) tolerated for one change before it is reported as refused. */
export const maxServerErrorAttempts = 5;
const serverErrorWaitsMs = [1_000, 3_000, 9_000];
/**
 * The service (or the proxy in front of it) is unavailable or late: it says to retry later
 * (SPEC: 503), so these are waited out like a missing network and never count as a refusal.
 */
const unavailableStatuses = new Set([502, 503, 504]);
/** Longer than the proxy's own deadline for the service (10 s), so its 503 arrives first. */
const defaultSendTimeoutMs = 20_000;

type Failure = { status: number; message: string; retryAfterSeconds: number | null };

function asFailure(error: unknown): Failure {
  const value = error as Partial<Failure> & { message?: string };
  return {
    status: typeof value?.status === 'number' ? value.status : 0,
    message: value?.message || 'The change could not be sent.',
    retryAfterSeconds: typeof value?.retryAfterSeconds === 'number' ? value.retryAfterSeconds : null,
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends the queued changes in order, one at a time, under the replay lock. A change leaves
 * the queue only once answered: sent, or refused (4xx, listed for the person). Without a
 * network (or an answer within sendTimeoutMs) it stays first and the replay stops; a 429 waits
 * for Retry-After and tries the same change again; a 502-504 waits and tries again for as long
 * as it lasts; a 401 stops until the person signs in again.
 */
export function replayOutbox(store: OutboxStore, options: ReplayOptions): Promise<ReplayOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const maxInlineWaitMs = options.maxInlineWaitMs ?? 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? defaultSendTimeoutMs;

  return withReplayLock(async () => {
    const outcome: ReplayOutcome = { state: 'done', sent: 0, refused: 0, retryAt: null };
    const stop = (state: ReplayState, retryAt: number | null = null) => ({ ...outcome, state, retryAt });
    let serverErrors = 0;
    const refuse = async (entry: Entry, status: number, message: string) => {
      const refused = await store.refuse(entry, status, message, now());
      outcome.refused += 1;
      options.onRefused?.(refused);
      options.onProgress?.({ sent: outcome.sent, refused: outcome.refused });
    };
    await store.resetSending();

    for (;;) {
      const entry = await store.first();
      if (!entry) return outcome;
      if (now() - entry.queuedAt > maxEntryAgeMs) {
        await refuse(entry, 0, 'This change waited more than 30 days for a connection and was not sent.');
        continue;
      }

      await store.setSending(entry.seq, true);
      let result: unknown;
      // A request that never gets an answer (a dead mobile link) would hold the queue, and every
      // fetch that waits for it, for good: it is given up and tried again like one without a network.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), sendTimeoutMs);
      try {
        result = await options.send(requestFor(entry.action), controller.signal).finally(() => clearTimeout(timer));
      } catch (error) {
        const failure = asFailure(error);
        if (failure.status === 0) {
          await store.setSending(entry.seq, false);
          return stop('offline');
        }
        if (failure.status === 401) {
          await store.setSending(entry.seq, false);
          return stop('signed-out');
        }
        if (failure.status === 429) {
          await store.setSending(entry.seq, false);
          const waitMs = Math.max(1, failure.retryAfterSeconds ?? 5) * 1000;
          const until = now() + waitMs;
          if (waitMs > maxInlineWaitMs) return stop('paused', until);
          options.onPause?.(until);
          await sleep(waitMs);
          options.onPause?.(null);
          continue;
        }
        if (failure.status >= 500) {
          const unavailable = unavailableStatuses.has(failure.status);
          await store.setSending(entry.seq, false, !unavailable);
          if (!unavailable && entry.attempts + 1 >= maxServerErrorAttempts) {
            await refuse(entry, failure.status, failure.message);
            continue;
          }
          const waitMs = serverErrorWaitsMs[serverErrors++];
          if (waitMs === undefined) return stop('paused', now() + 30_000);
          options.onPause?.(now() + waitMs);
          await sleep(waitMs);
          options.onPause?.(null);
          continue;
        }
        await refuse(entry, failure.status, failure.message);
        continue;
      }
      await store.remove(entry.seq);
      outcome.sent += 1;
      options.onSent?.(entry, result);
      options.onProgress?.({ sent: outcome.sent, refused: outcome.refused });
    }
  });
}
