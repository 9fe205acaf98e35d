import { onServiceAnswer } from '@/lib/client/api-client';
import { registerOutboxFlush } from '@/lib/client/session';
import { changesUpNext, requestFor, type OutboxAction } from './actions';
import { cancelResume, flushOutbox, resumeScheduled } from './flush';
import type { SendOutcome } from './index';
import { forgetChange } from './journal';
import { forgetJournal, queueJournalledChanges } from './journal-replay';
import { online } from './online';
import { answerAllQueued, answerQueued, awaitAnswer, store } from './page-queue';
import { markQueued } from './queued-mark-upkeep';
import { sendOutboxRequest } from './send';
import { followWorkerReplay, refreshStatus } from './status-refresh';
import { outboxStatus, subscribeOutboxStatus, updateOutboxStatus } from './status';
import { outboxSyncTag, registerOutboxSync } from './sync';

/*
 * The outbox in the page, as loadOutbox() hands it over: queues changes, replays them when the
 * connection returns (online event, app start, a message from the service worker after
 * Background Sync), and answers sign-out and the indicator's buttons. The replay itself is in
 * ./flush, the status snapshot's upkeep in ./status-refresh.
 */

export { flushOutbox } from './flush';
export { connectSwr, refreshStatus, type SwrHandle } from './status-refresh';

/** How close to the end of a 429 pause a read waits for it, to let the queue go first. */
const pauseEndingMs = 2_000;
let started: Promise<boolean> | null = null;

/** Shows the replay as offline and asks the browser to wake the worker when the connection returns. */
function waitForConnection(): void {
  updateOutboxStatus({ activity: 'offline' });
  void registerOutboxSync(outboxSyncTag);
}

/**
 * Adds a change to the queue, marked before and after so a page never takes the queue for empty
 * while it holds it; once there, its journal entry (if any) has done its work.
 */
async function queue(action: OutboxAction, title: string | null | undefined, requestId?: string) {
  markQueued();
  const added = await store.add(action, { title, requestId });
  markQueued();
  if (requestId) forgetChange(requestId);
  return added;
}

/** Reads the queue once and starts listening for the moments to replay; true when IndexedDB works. */
export function startOutbox(): Promise<boolean> {
  started ??= (async () => {
    try {
      // What a page left journalled goes first: it was done before anything this page does.
      await queueJournalledChanges(store).catch(() => 0);
      await refreshStatus();
    } catch {
      updateOutboxStatus({ loaded: true });
      return false;
    }
    // Sign-out pushes what waits first and stops (to ask the person) when something stays unsent.
    registerOutboxFlush(async () => {
      const { sent, pending } = await flushForSignOut();
      if (!sent) throw new Error(`${pending} ${pending === 1 ? 'change is' : 'changes are'} not sent yet.`);
    });
    // Coming back, what a tab closed since this page started left journalled goes too, first.
    window.addEventListener('online', () => void queueJournalledChanges(store).catch(() => 0).then(() => flushOutbox()));
    // An answer to any call proves the link works again, and a success after a 401 a new session
    // (signed in in another tab): what waits goes now, not on its timer or at the next start.
    onServiceAnswer((status) => {
      const { activity, pending } = outboxStatus();
      if ((activity === 'offline' || (activity === 'signed-out' && status < 300)) && online() && pending.length) void flushOutbox();
    });
    window.addEventListener('offline', () => updateOutboxStatus({ activity: 'offline' }));
    followWorkerReplay();
    if (!online()) updateOutboxStatus({ activity: 'offline' });
    else if (outboxStatus().pending.length) void flushOutbox();
    return true;
  })();
  return started;
}

/** See enqueueOrSend in ./index. */
export async function enqueueOrSend(action: OutboxAction, options: { title?: string | null; requestId?: string }): Promise<SendOutcome> {
  if (!(await startOutbox())) return { sent: true, result: await sendOutboxRequest(requestFor(action)) };
  const added = await queue(action, options.title, options.requestId);
  if (!added) return { sent: false };
  for (const requestId of added.dropped) answerQueued(requestId);
  await refreshStatus();
  if (!online()) {
    waitForConnection();
    return { sent: false };
  }
  const answer = awaitAnswer(added.entry.requestId);
  // A paused replay (429) resumes on its timer; a change made meanwhile just waits its turn.
  if (outboxStatus().activity === 'paused') answerQueued(added.entry.requestId);
  else void flushOutbox();
  return answer;
}

/**
 * Resolves once nothing waits to be sent, or the replay cannot go on for now (offline,
 * paused by a 429, signed out): then fetched data is shown with the queued changes on it.
 */
export async function settle(): Promise<void> {
  if (!(await startOutbox())) return;
  const { pending, activity, resumeAt } = outboxStatus();
  if (!pending.length || !online() || activity === 'signed-out') return;
  if (activity === 'paused' || resumeScheduled()) {
    // A read retried after the same Retry-After would race the replay's own timer and land
    // first: when the pause is about to end, the queue goes first, as it does otherwise.
    const wait = resumeAt === null ? Infinity : resumeAt - Date.now();
    if (wait > pauseEndingMs) return;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const stopped = new Promise<void>((resolve) => {
    const unsubscribe = subscribeOutboxStatus(() => {
      if (outboxStatus().activity === 'paused') {
        unsubscribe();
        resolve();
      }
    });
    void flushOutbox().finally(() => {
      unsubscribe();
      resolve();
    });
  });
  await stopped;
}

/** Sends what waits and answers whether everything went (sign-out asks this before clearing). */
export async function flushForSignOut(): Promise<{ sent: boolean; pending: number }> {
  if (!(await startOutbox())) return { sent: true, pending: 0 };
  if (online()) await flushOutbox();
  const pending = (await store.pending()).length;
  return { sent: pending === 0, pending };
}

/**
 * Sends a change the service failed on (a server error) once more, at the end of the queue: the
 * person asks for it now. Queued before the refusal is forgotten, so a crash between the two
 * leaves it listed twice rather than lost.
 */
export async function retryRefusal(requestId: string): Promise<void> {
  if (!(await startOutbox())) return;
  const refused = (await store.refused()).find((entry) => entry.requestId === requestId);
  if (!refused) return;
  await queue(refused.action, refused.title);
  await store.dismiss(requestId);
  await refreshStatus();
  if (!online()) waitForConnection();
  else if (outboxStatus().activity !== 'paused') void flushOutbox();
}

/** The queued changes to Up Next, in sending order (to show them on a freshly loaded queue). */
export async function pendingUpNextChanges(): Promise<OutboxAction[]> {
  if (!(await startOutbox())) return [];
  return (await store.pending()).map((entry) => entry.action).filter(changesUpNext);
}

/** Forgets a refused change the person has seen. */
export async function dismissRefusal(requestId: string): Promise<void> {
  await store.dismiss(requestId);
  await refreshStatus();
}

/** Empties the queue and the refused list, and tells anyone waiting that nothing was sent. */
export async function clearOutbox(): Promise<void> {
  answerAllQueued();
  cancelResume();
  forgetJournal();
  await store.clear();
  await refreshStatus();
}
