import type { ItemChange } from './actions';

/*
 * What the page knows about the outbox, as a small observable snapshot: the pending
 * and refused changes for the indicator, the merged item changes for showing queued
 * changes on loaded data, and what the replay is doing. No IndexedDB here, so the
 * indicator and the fetch gate cost almost nothing before the outbox loads.
 */

/** A change as the indicator lists it. */
export type ChangeSummary = { requestId: string; label: string; queuedAt: number };
/** A refused change with the service's reason. */
export type RefusalSummary = ChangeSummary & { status: number; message: string };

/** sending: a replay runs; paused: it waits for Retry-After; offline / signed-out: it stopped. */
export type ReplayActivity = 'idle' | 'sending' | 'paused' | 'offline' | 'signed-out';

export type OutboxStatus = {
  /** False until the outbox has read its database once. */
  loaded: boolean;
  pending: ChangeSummary[];
  refused: RefusalSummary[];
  activity: ReplayActivity;
  /** When a paused replay tries again (ms since the epoch). */
  resumeAt: number | null;
  /** The queued changes merged per item, in sending order. */
  changes: ReadonlyMap<string, ItemChange>;
};

const initial: OutboxStatus = { loaded: false, pending: [], refused: [], activity: 'idle', resumeAt: null, changes: new Map() };

let current = initial;
const listeners = new Set<() => void>();

/** The latest snapshot (stable between changes, as useSyncExternalStore needs). */
export function outboxStatus(): OutboxStatus {
  return current;
}

/** The snapshot before anything is known, for server rendering. */
export function initialOutboxStatus(): OutboxStatus {
  return initial;
}

/** Replaces parts of the snapshot and tells every listener. */
export function updateOutboxStatus(change: Partial<OutboxStatus>): void {
  current = { ...current, ...change };
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change; answers the unsubscribe function. */
export function subscribeOutboxStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to nothing known (sign-out). */
export function resetOutboxStatus(): void {
  updateOutboxStatus({ ...initial, loaded: true });
}
