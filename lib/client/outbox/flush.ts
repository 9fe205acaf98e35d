import { ApiError } from '@/lib/client/api-client';
import { online } from './online';
import { answerAllQueued, store, takeWaiter } from './page-queue';
import { replayOutbox, type ReplayOutcome } from './replay';
import { sendOutboxRequest } from './send';
import { refreshStatus, revalidateItems } from './status-refresh';
import { updateOutboxStatus } from './status';
import { outboxSyncTag, registerOutboxSync } from './sync';

/*
 * The page's replay: sends what waits, one replay at a time, and schedules the next try when
 * the service asked for a pause (429) or the network did not answer.
 */

let flushing: Promise<ReplayOutcome> | null = null;
let again = false;
let resumeTimer: ReturnType<typeof setTimeout> | null = null;
/** Replays in a row that found no network although the browser said it was online. */
let networkMisses = 0;
const networkRetryMs = [2_000, 5_000, 15_000, 30_000, 60_000];

/** Whether a replay is scheduled to try again later (after a pause or a network miss). */
export function resumeScheduled(): boolean {
  return resumeTimer !== null;
}

/** Forgets a scheduled try; the next replay starts when something calls for it. */
export function cancelResume(): void {
  if (resumeTimer) clearTimeout(resumeTimer);
  resumeTimer = null;
}

/**
 * Sends what waits, in order; one replay at a time (a call during a replay makes it look
 * again at the end). Changes nobody awaits (made offline) trigger a refetch of items after.
 */
export function flushOutbox(): Promise<ReplayOutcome> {
  if (flushing) {
    again = true;
    return flushing;
  }
  cancelResume();
  let unawaited = false;
  updateOutboxStatus({ activity: 'sending', resumeAt: null });
  flushing = (async () => {
    let outcome: ReplayOutcome;
    do {
      again = false;
      outcome = await replayOutbox(store, {
        send: sendOutboxRequest,
        onSent(entry, result) {
          const waiter = takeWaiter(entry.requestId);
          if (waiter) waiter.resolve({ sent: true, result });
          else unawaited = true;
          void refreshStatus();
        },
        onRefused(refused) {
          const waiter = takeWaiter(refused.requestId);
          if (waiter) {
            // The person is still looking at this change: they see the refusal where they made it.
            void store.dismiss(refused.requestId).then(refreshStatus);
            waiter.reject(new ApiError(refused.status, refused.message));
          } else {
            unawaited = true;
            void refreshStatus();
          }
        },
        onPause(until) {
          // Whoever waits for a change learns now that it is queued, not after the wait.
          if (until) answerAllQueued();
          updateOutboxStatus({ activity: until ? 'paused' : 'sending', resumeAt: until });
        },
      }).catch((): ReplayOutcome => ({ state: 'offline', sent: 0, refused: 0, retryAt: null }));
    } while (again && outcome.state === 'done');
    return outcome;
  })();
  return flushing.then(async (outcome) => {
    flushing = null;
    if (again && outcome.state === 'done') {
      // A change arrived as the replay finished: look again before telling anyone it waits.
      if (unawaited) revalidateItems();
      return flushOutbox();
    }
    // Whatever was not answered stays queued; its callers keep their optimistic state.
    answerAllQueued();
    await refreshStatus().catch(() => undefined);
    const activity = outcome.state === 'done' ? 'idle' : outcome.state;
    updateOutboxStatus({ activity, resumeAt: outcome.retryAt });
    if (outcome.state === 'paused' && outcome.retryAt) {
      resumeTimer = setTimeout(() => void flushOutbox(), Math.max(0, outcome.retryAt - Date.now()));
    }
    if (outcome.state === 'offline') {
      void registerOutboxSync(outboxSyncTag);
      // "Online" but nothing got through (a network still coming up, a captive portal): the
      // online event will not fire again, so try again after a growing wait.
      if (online()) {
        const wait = networkRetryMs[Math.min(networkMisses, networkRetryMs.length - 1)]!;
        networkMisses += 1;
        resumeTimer = setTimeout(() => void flushOutbox(), wait);
      }
    } else {
      networkMisses = 0;
    }
    if (unawaited) revalidateItems();
    return outcome;
  });
}
