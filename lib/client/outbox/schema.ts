import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxAction } from './actions';

/*
 * The outbox's IndexedDB database. Raise `outboxVersion` and add a step to
 * `upgrade` for every change of shape; never edit a step that has shipped.
 */

export const outboxDatabaseName = 'tidings-outbox';
export const outboxVersion = 1;

/** A change waiting to be sent. `seq` (auto-increment) is the order of sending. */
export type PendingEntry = {
  seq?: number;
  /** Made on the device when the change was made: the same change keeps it across replays. */
  requestId: string;
  /** When the person made the change (ms since the epoch). */
  queuedAt: number;
  action: OutboxAction;
  /** The item's title when the change was made, to name it in lists. */
  title: string | null;
  /** Set while a replay has the request in flight; such an entry is not coalesced. */
  sending: boolean;
  /** Failed tries for reasons other than the network (server errors), to stop retrying at some point. */
  attempts: number;
};

/** A change the service refused during a replay, kept until the person dismisses it. */
export type RefusedEntry = {
  requestId: string;
  queuedAt: number;
  refusedAt: number;
  action: OutboxAction;
  title: string | null;
  status: number;
  message: string;
};

export interface OutboxSchema extends DBSchema {
  pending: { key: number; value: PendingEntry };
  refused: { key: string; value: RefusedEntry; indexes: { byRefusedAt: number } };
}

export type OutboxDatabase = IDBPDatabase<OutboxSchema>;

/**
 * Opens (creating or upgrading) the outbox database of this origin; `onClosed` runs when
 * another tab needs a newer version and this connection steps aside.
 */
export function openOutboxDatabase(onClosed: () => void = () => {}): Promise<OutboxDatabase> {
  return openDB<OutboxSchema>(outboxDatabaseName, outboxVersion, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('pending', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('refused', { keyPath: 'requestId' }).createIndex('byRefusedAt', 'refusedAt');
      }
    },
    // Another tab wants a newer version: let it; the owner of this connection reopens later.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      onClosed();
    },
    terminated: onClosed,
  });
}
