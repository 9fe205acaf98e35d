import type { ItemChange } from './actions';

/*
 * What the page knows about the outbox, as a small observable snapshot: the pending
 * and refused changes for the indicator, the merged item changes for showing queued
 * changes on loaded data, and what the replay is doing. No IndexedDB here, so the
 * indicator and the fetch gate cost almost nothing before the outbox loads. The pending
 * changes are also remembered in localStorage, so a reopened app shows them from its first
 * render rather than only once the outbox has read its database.
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

/** Where the page remembers its pending changes for the next load. */
export const OUTBOX_SNAPSHOT_KEY = 'tidings:outbox-snapshot';

type Remembered = { pending: ChangeSummary[]; changes: [string, ItemChange][] };

function remembered(): OutboxStatus {
  try {
    const text = typeof window === 'undefined' ? null : localStorage.getItem(OUTBOX_SNAPSHOT_KEY);
    if (!text) return initial;
    const { pending, changes } = JSON.parse(text) as Remembered;
    return Array.isArray(pending) && Array.isArray(changes) ? { ...initial, pending, changes: new Map(changes) } : initial;
  } catch {
    return initial;
  }
}

function remember({ pending, changes }: OutboxStatus): void {
  try {
    if (pending.length === 0 && changes.size === 0) localStorage.removeItem(OUTBOX_SNAPSHOT_KEY);
    else localStorage.setItem(OUTBOX_SNAPSHOT_KEY, JSON.stringify({ pending, changes: [...changes] } satisfies Remembered));
  } catch {
    // Storage full or unavailable: the next load shows queued changes once the outbox has loaded.
  }
}

let current = remembered();
const listeners = new Set<() => void>();

/** The latest snapshot (stable between changes, as useSyncExternalStore needs). */
export function outboxStatus(): OutboxStatus {
  return current;
}

/** The snapshot before anything is known, for server rendering. */
export function initialOutboxStatus(): OutboxStatus {
  return initial;
}

/** A part of the snapshot as text: a re-read of the queue that found the same gives new objects of it. */
function asText(value: unknown): string {
  return JSON.stringify(value instanceof Map ? [...value] : value);
}

/**
 * Replaces the parts of the snapshot that changed and tells every listener, only when one did.
 * Parts that read the same keep their identity: every subscriber (the reader, each row) renders
 * again for a new object, and the queue is re-read after each send while the page may still load.
 */
export function updateOutboxStatus(change: Partial<OutboxStatus>): void {
  const next = { ...current };
  let changed = false;
  for (const key of Object.keys(change) as (keyof OutboxStatus)[]) {
    if (change[key] === undefined || asText(change[key]) === asText(current[key])) continue;
    Object.assign(next, { [key]: change[key] });
    changed = true;
  }
  if (!changed) return;
  const stored = next.pending !== current.pending || next.changes !== current.changes;
  current = next;
  if (typeof window !== 'undefined' && stored) remember(current);
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
