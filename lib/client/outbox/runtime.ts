import { ApiError, onServiceAnswer } from '@/lib/client/api-client';
import { announceItemsChanged } from '@/lib/client/item-lists';
import { registerOutboxFlush } from '@/lib/client/session';
import { changesOf, describeAction, requestFor, type OutboxAction } from './actions';
import type { SendOutcome } from './index';
import { mergeChanges } from './overlay';
import { replayOutbox, type ReplayOutcome } from './replay';
import type { PendingEntry, RefusedEntry } from './schema';
import { sendOutboxRequest } from './send';
import { outboxStatus, subscribeOutboxStatus, updateOutboxStatus, type ChangeSummary } from './status';
import { OutboxStore } from './store';
import { outboxSyncTag, registerOutboxSync, type OutboxSyncMessage } from './sync';

/*
 * The outbox in the page: queues changes, replays them when the connection returns
 * (online event, app start, a message from the service worker after Background Sync),
 * keeps the status snapshot current, and asks SWR to refetch items after a replay.
 */

type Waiter = { resolve: (outcome: SendOutcome) => void; reject: (error: unknown) => void };
/** What the page hands over so a replay can refresh SWR's items (see components/offline). */
export type SwrHandle = { keys: () => Iterable<string>; revalidate: (key: string) => unknown };

const store = new OutboxStore();
const waiters = new Map<string, Waiter>();
let started: Promise<boolean> | null = null;
let flushing: Promise<ReplayOutcome> | null = null;
let again = false;
let resumeTimer: ReturnType<typeof setTimeout> | null = null;
let swr: SwrHandle | null = null;
/** The reads that follow the worker's replay, one after another, so an earlier one never lands last. */
let workerProgress: Promise<void> = Promise.resolve();
/** Replays in a row that found no network although the browser said it was online. */
let networkMisses = 0;
const networkRetryMs = [2_000, 5_000, 15_000, 30_000, 60_000];
/** How close to the end of a 429 pause a read waits for it, to let the queue go first. */
const pauseEndingMs = 2_000;

function summary(entry: Pick<PendingEntry, 'requestId' | 'queuedAt' | 'action' | 'title'>): ChangeSummary {
  return { requestId: entry.requestId, queuedAt: entry.queuedAt, label: describeAction(entry.action, () => entry.title) };
}

/**
 * Tells the app's other tabs that the queue changed, so their counts and the changes they show
 * on items follow (each tab reads the same IndexedDB but keeps its own snapshot).
 */
const otherTabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tidings-outbox') : null;
otherTabs?.addEventListener('message', () => {
  const before = outboxStatus().pending.length;
  void readStatus().then(() => {
    // Another tab sent changes: what this one shows of them is now the service's to tell.
    if (outboxStatus().pending.length < before) revalidateItems();
  }, () => undefined);
});

/** Re-reads the queue and the refused list into the status snapshot, and lets other tabs know. */
export async function refreshStatus(): Promise<void> {
  await readStatus();
  otherTabs?.postMessage('changed');
}

async function readStatus(): Promise<void> {
  const [pending, refused] = await Promise.all([store.pending(), store.refused()]);
  updateOutboxStatus({
    loaded: true,
    pending: pending.map(summary),
    refused: refused.map((entry: RefusedEntry) => ({ ...summary(entry), status: entry.status, message: entry.message })),
    changes: mergeChanges(pending.map((entry) => changesOf(entry.action))),
  });
}

/** Lets a replay refetch SWR's item data afterwards; the offline boot component connects it. */
export function connectSwr(handle: SwrHandle): void {
  swr = handle;
}

function revalidateItems(): void {
  announceItemsChanged();
  if (!swr) return;
  for (const key of [...swr.keys()]) if (key.includes('/v1/items')) void swr.revalidate(key);
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Reads the queue once and starts listening for the moments to replay; true when IndexedDB works. */
export function startOutbox(): Promise<boolean> {
  started ??= (async () => {
    try {
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
    window.addEventListener('online', () => void flushOutbox());
    // An answer to any call proves the link works again, and a success after a 401 a new session
    // (signed in in another tab): what waits goes now, not on its timer or at the next start.
    onServiceAnswer((status) => {
      const { activity, pending } = outboxStatus();
      if ((activity === 'offline' || (activity === 'signed-out' && status < 300)) && online() && pending.length) void flushOutbox();
    });
    window.addEventListener('offline', () => updateOutboxStatus({ activity: 'offline' }));
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<Partial<OutboxSyncMessage> | null>) => {
      const message = event.data;
      // The worker's replay (Background Sync) took one change off the queue: the count follows.
      // Every open page hears it, so no word to other tabs; items are refetched at the end.
      if (message?.type === 'outbox-progress') workerProgress = workerProgress.then(readStatus).catch(() => undefined);
      if (message?.type !== 'outbox-replayed') return;
      void refreshStatus().then(() => {
        if (message.sent || message.refused) revalidateItems();
      });
    });
    if (!online()) updateOutboxStatus({ activity: 'offline' });
    else if (outboxStatus().pending.length) void flushOutbox();
    return true;
  })();
  return started;
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
  if (resumeTimer) clearTimeout(resumeTimer);
  resumeTimer = null;
  let unawaited = false;
  updateOutboxStatus({ activity: 'sending', resumeAt: null });
  flushing = (async () => {
    let outcome: ReplayOutcome;
    do {
      again = false;
      outcome = await replayOutbox(store, {
        send: sendOutboxRequest,
        onSent(entry, result) {
          const waiter = waiters.get(entry.requestId);
          waiters.delete(entry.requestId);
          if (waiter) waiter.resolve({ sent: true, result });
          else unawaited = true;
          void refreshStatus();
        },
        onRefused(refused) {
          const waiter = waiters.get(refused.requestId);
          waiters.delete(refused.requestId);
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
          if (until) {
            // Whoever waits for a change learns now that it is queued, not after the wait.
            for (const waiter of waiters.values()) waiter.resolve({ sent: false });
            waiters.clear();
          }
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
    for (const waiter of waiters.values()) waiter.resolve({ sent: false });
    waiters.clear();
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

/** See enqueueOrSend in ./index. */
export async function enqueueOrSend(action: OutboxAction, options: { title?: string | null }): Promise<SendOutcome> {
  if (!(await startOutbox())) return { sent: true, result: await sendOutboxRequest(requestFor(action)) };
  const added = await store.add(action, { title: options.title });
  if (!added) return { sent: false };
  for (const requestId of added.dropped) {
    waiters.get(requestId)?.resolve({ sent: false });
    waiters.delete(requestId);
  }
  await refreshStatus();
  if (!online()) {
    updateOutboxStatus({ activity: 'offline' });
    void registerOutboxSync(outboxSyncTag);
    return { sent: false };
  }
  const answer = new Promise<SendOutcome>((resolve, reject) => waiters.set(added.entry.requestId, { resolve, reject }));
  // A paused replay (429) resumes on its timer; a change made meanwhile just waits its turn.
  if (outboxStatus().activity === 'paused') {
    waiters.get(added.entry.requestId)?.resolve({ sent: false });
    waiters.delete(added.entry.requestId);
  } else {
    void flushOutbox();
  }
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
  if (activity === 'paused' || resumeTimer) {
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
  await store.add(refused.action, { title: refused.title });
  await store.dismiss(requestId);
  await refreshStatus();
  if (!online()) {
    updateOutboxStatus({ activity: 'offline' });
    void registerOutboxSync(outboxSyncTag);
  } else if (outboxStatus().activity !== 'paused') {
    void flushOutbox();
  }
}

/** Forgets a refused change the person has seen. */
export async function dismissRefusal(requestId: string): Promise<void> {
  await store.dismiss(requestId);
  await refreshStatus();
}

/** Empties the queue and the refused list, and tells anyone waiting that nothing was sent. */
export async function clearOutbox(): Promise<void> {
  for (const waiter of waiters.values()) waiter.resolve({ sent: false });
  waiters.clear();
  if (resumeTimer) clearTimeout(resumeTimer);
  resumeTimer = null;
  await store.clear();
  await refreshStatus();
}
