import { randomId } from './random-id';
import { writesOf, withoutOverwritten, type OutboxAction } from './actions';
import type { IDBPTransaction } from 'idb';
import { openOutboxDatabase, type OutboxDatabase, type OutboxSchema, type PendingEntry, type RefusedEntry } from './schema';

/** What adding a change did: the stored entry, and the earlier entries it replaced or trimmed. */
export type Added = { entry: PendingEntry & { seq: number }; dropped: string[] };

/**
 * The outbox's storage: pending changes in sending order, coalesced as they are added,
 * and the changes the service refused. Every method is one IndexedDB transaction, so
 * several tabs and the service worker can share it.
 */
export class OutboxStore {
  private database: Promise<OutboxDatabase> | null = null;

  private db(): Promise<OutboxDatabase> {
    this.database ??= openOutboxDatabase(() => {
      this.database = null;
    });
    return this.database;
  }

  /**
   * Queues a change after the others. Earlier changes it overwrites (the same field of the
   * same item; for playback, an older client_timestamp) are trimmed or dropped, except one
   * in flight. A playback position older than a queued one is not added at all. A reorder of
   * Up Next right after another replaces it: it carries the whole order. A change whose
   * `requestId` is already pending or refused is not added again (a journalled change moved twice).
   */
  async add(action: OutboxAction, options: { title?: string | null; now?: number; requestId?: string } = {}): Promise<Added | null> {
    const db = await this.db();
    const both = db.transaction(['pending', 'refused'], 'readwrite');
    const tx = { store: both.objectStore('pending'), done: both.done };
    if (options.requestId && await this.holds(both, options.requestId)) {
      await tx.done;
      return null;
    }
    const writes = writesOf(action);
    const dropped: string[] = [];
    const last = await tx.store.openCursor(null, 'prev');
    if (action.kind === 'up-next-arrange' && last && !last.value.sending && last.value.action.kind === 'up-next-arrange') {
      dropped.push(last.value.requestId);
      await last.delete();
    }
    let cursor = await tx.store.openCursor();
    while (cursor) {
      const earlier = cursor.value;
      if (!earlier.sending) {
        if (action.kind === 'playback' && earlier.action.kind === 'playback' && earlier.action.itemId === action.itemId) {
          if (Date.parse(earlier.action.clientTimestamp) > Date.parse(action.clientTimestamp)) {
            await tx.done;
            return null;
          }
          dropped.push(earlier.requestId);
          await cursor.delete();
        } else {
          const trimmed = withoutOverwritten(earlier.action, writes);
          if (!trimmed) {
            dropped.push(earlier.requestId);
            await cursor.delete();
          } else if (trimmed !== earlier.action) {
            await cursor.update({ ...earlier, action: trimmed });
          }
        }
      }
      cursor = await cursor.continue();
    }
    const entry: PendingEntry = {
      requestId: options.requestId ?? randomId(), queuedAt: options.now ?? Date.now(), action,
      title: options.title ?? null, sending: false, attempts: 0,
    };
    const seq = await tx.store.add(entry);
    await tx.done;
    return { entry: { ...entry, seq }, dropped };
  }

  /** Whether the queue or the refused list holds a change, within a transaction over both. */
  private async holds(tx: IDBPTransaction<OutboxSchema, ['pending', 'refused'], 'readwrite'>, requestId: string): Promise<boolean> {
    if (await tx.objectStore('refused').getKey(requestId)) return true;
    return (await tx.objectStore('pending').getAll()).some((entry) => entry.requestId === requestId);
  }

  /** The change to send next, or undefined when none waits. */
  async first(): Promise<(PendingEntry & { seq: number }) | undefined> {
    const cursor = await (await this.db()).transaction('pending').store.openCursor();
    return cursor?.value as (PendingEntry & { seq: number }) | undefined;
  }

  /** Every pending change in sending order. */
  async pending(): Promise<(PendingEntry & { seq: number })[]> {
    return (await (await this.db()).getAll('pending')) as (PendingEntry & { seq: number })[];
  }

  /** Marks a change as in flight or not (an in-flight change is not coalesced away). */
  async setSending(seq: number, sending: boolean, countAttempt = false): Promise<void> {
    const db = await this.db();
    const tx = db.transaction('pending', 'readwrite');
    const entry = await tx.store.get(seq);
    if (entry) await tx.store.put({ ...entry, sending, attempts: entry.attempts + (countAttempt ? 1 : 0) });
    await tx.done;
  }

  /** Clears in-flight marks left by a replay that stopped mid-request (a closed tab). */
  async resetSending(): Promise<void> {
    const db = await this.db();
    const tx = db.transaction('pending', 'readwrite');
    let cursor = await tx.store.openCursor();
    while (cursor) {
      if (cursor.value.sending) await cursor.update({ ...cursor.value, sending: false });
      cursor = await cursor.continue();
    }
    await tx.done;
  }

  /** Takes a sent change out of the queue. */
  async remove(seq: number): Promise<void> {
    await (await this.db()).delete('pending', seq);
  }

  /** Moves a change the service refused from the queue to the refused list, in one step. */
  async refuse(entry: PendingEntry & { seq: number }, status: number, message: string, now = Date.now()): Promise<RefusedEntry> {
    const db = await this.db();
    const tx = db.transaction(['pending', 'refused'], 'readwrite');
    const refused: RefusedEntry = {
      requestId: entry.requestId, queuedAt: entry.queuedAt, refusedAt: now, action: entry.action,
      title: entry.title, status, message,
    };
    await tx.objectStore('pending').delete(entry.seq);
    await tx.objectStore('refused').put(refused);
    await tx.done;
    return refused;
  }

  /** The refused changes, oldest refusal first. */
  async refused(): Promise<RefusedEntry[]> {
    return (await this.db()).getAllFromIndex('refused', 'byRefusedAt');
  }

  /** Forgets a refused change once the person has seen it. */
  async dismiss(requestId: string): Promise<void> {
    await (await this.db()).delete('refused', requestId);
  }

  /** Empties the queue and the refused list (sign-out). */
  async clear(): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(['pending', 'refused'], 'readwrite');
    await Promise.all([tx.objectStore('pending').clear(), tx.objectStore('refused').clear(), tx.done]);
  }

  /** Closes the connection; the next call opens it again. */
  async close(): Promise<void> {
    const database = this.database;
    this.database = null;
    (await database)?.close();
  }
}
