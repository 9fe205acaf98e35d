import type { OutboxAction } from './actions';
import { forgetChange, journalChange } from './journal';
import { overlayChanges } from './overlay';
import { mayHaveQueued } from './queued-mark';
import { outboxStatus } from './status';
import { overlayUpNext } from './up-next-overlay';

/*
 * The outbox as the rest of the app sees it. This module is small and loads with the
 * page; the queue itself (IndexedDB, replay) loads on first use: a change, a fetch while the
 * page's mark says changes may wait (./queued-mark), or offline support after the load event.
 */

export type { OutboxAction } from './actions';

/** How a change went: sent now with the service's answer, or kept in the queue for later. */
export type SendOutcome<T = unknown> = { sent: true; result: T } | { sent: false };

type Runtime = typeof import('./runtime');
let runtime: Promise<Runtime> | null = null;

/**
 * Whether a fetch has to ask the runtime about the queue: yes once it is loaded, else only when
 * the page's mark says changes may wait (a page with nothing queued fetches without loading it;
 * a journalled change sets the mark too).
 */
function queueMayMatter(): boolean {
  return runtime !== null || mayHaveQueued();
}

/** The queue's runtime, loaded once (a separate chunk, so first-load JS stays small). */
export function loadOutbox(): Promise<Runtime> {
  runtime ??= import('./runtime').then(async (module) => {
    await module.startOutbox();
    return module;
  });
  return runtime;
}

/**
 * Sends a change now, or queues it when there is no connection (offline, or the request
 * fails for lack of network), when earlier changes still wait, or when the service asks to
 * slow down (429) or is unavailable. Resolves `{ sent: true, result }` once the service
 * accepted it, `{ sent: false }` once it is safely queued; rejects with the ApiError when the
 * service refuses it right away (the caller shows that and rolls back).
 */
export async function enqueueOrSend<T = unknown>(action: OutboxAction, options: { title?: string | null } = {}): Promise<SendOutcome<T>> {
  // Written down before the first await: the page may be left while the runtime loads or IndexedDB writes.
  const requestId = journalChange(action, options.title ?? null);
  try {
    return (await (await loadOutbox()).enqueueOrSend(action, { ...options, requestId })) as SendOutcome<T>;
  } finally {
    // Sent, queued (the runtime forgot it then), or failed in front of the person, who saw it roll back.
    forgetChange(requestId);
  }
}

/**
 * Waits, before data is fetched, until queued changes have been sent (or the replay had to
 * stop or pause), so a fetch never brings back a state older than what the person did.
 * Call it at the start of every fetcher of items.
 */
export async function settleOutbox(): Promise<void> {
  if (typeof window === 'undefined' || !queueMayMatter()) return;
  try {
    await (await loadOutbox()).settle();
  } catch {
    // No IndexedDB (a private window of some browsers): nothing can be queued, nothing to wait for.
  }
}

/** Item data (a detail, or a list page `{ data }`) with still-queued changes applied. */
export function withPendingChanges<T>(data: T): T {
  return overlayChanges(data, outboxStatus().changes);
}

/**
 * Up Next as loaded (perhaps an offline copy, older than what the person did) with the queued
 * Up Next changes applied, once queued changes have been sent where that can be done.
 */
export async function withPendingUpNext<T extends { id: string }>(entries: T[]): Promise<T[]> {
  if (typeof window === 'undefined' || !queueMayMatter()) return entries;
  try {
    return overlayUpNext(entries, await (await loadOutbox()).pendingUpNextChanges());
  } catch {
    return entries;
  }
}
