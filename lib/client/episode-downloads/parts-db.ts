import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { markUnfinished } from './unfinished-mark';

/*
 * Downloads under way, kept in IndexedDB so a reload or a closed app does not lose them:
 * one record per download (what it is and how far it got) and the bytes that arrived, in
 * parts of at most a few hundred KB, in order. A record exists only while the person wants
 * the download: cancelling deletes it, and a part arriving for a download with no record is
 * refused, so a cancel in any tab stops the others' writes. Removals put off while the
 * episode plays (./removal) are kept here too. The name has the `tidings-` prefix and
 * sign-out deletes every database, this one included.
 * Raise `partsVersion` and add a step to `upgrade` for every change of shape.
 */

export const partsDatabaseName = 'tidings-episode-downloads';
const partsVersion = 1;

/** A download under way: `received` bytes are kept in `parts` parts. */
export type PendingDownload = {
  id: string;
  episode: PlayerEpisode;
  received: number;
  /** The whole file's size, once the host said it. */
  total: number | null;
  parts: number;
  contentType: string | null;
  /** The file's validator, sent as If-Range so a changed file comes back whole rather than spliced. */
  validator: string | null;
  startedAt: string;
};

interface PartsSchema extends DBSchema {
  downloads: { key: string; value: PendingDownload };
  /** Keyed [episode id, part number]. */
  parts: { key: [string, number]; value: ArrayBuffer };
  removals: { key: string; value: { id: string; askedAt: string } };
}

let database: Promise<IDBPDatabase<PartsSchema>> | null = null;
let onDeleted: () => void = () => {};

/** Runs `listener` when sign-out (or another tab) deletes the database: downloads under way must stop writing. */
export function whenPartsDeleted(listener: () => void): void {
  onDeleted = listener;
}

function open(): Promise<IDBPDatabase<PartsSchema>> {
  database ??= openDB<PartsSchema>(partsDatabaseName, partsVersion, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('downloads', { keyPath: 'id' });
        db.createObjectStore('parts');
        db.createObjectStore('removals', { keyPath: 'id' });
      }
    },
    // Sign-out deleting the database: step aside at once, or the deletion waits for this tab.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      database = null;
      onDeleted();
    },
  });
  return database;
}

function partsOf(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
}

/** The downloads under way on this device (none where there is no IndexedDB). */
export async function pendingDownloads(): Promise<PendingDownload[]> {
  if (typeof indexedDB === 'undefined') return [];
  return (await open()).getAll('downloads');
}

/** One download under way, if there is one. */
export async function pendingDownload(id: string): Promise<PendingDownload | undefined> {
  return (await open()).get('downloads', id);
}

/** Starts keeping a download, or answers the one already kept (its parts are resumed from). */
export async function beginDownload(episode: PlayerEpisode, startedAt: string): Promise<PendingDownload> {
  markUnfinished();
  const tx = (await open()).transaction('downloads', 'readwrite');
  const kept = await tx.store.get(episode.id);
  const record = kept ?? { id: episode.id, episode, received: 0, total: null, parts: 0, contentType: null, validator: null, startedAt };
  if (!kept) await tx.store.put(record);
  await tx.done;
  return record;
}

/**
 * Drops the kept parts and notes the file as the host now describes it (the host answered
 * the whole file); answers the updated record, or null when the download was cancelled.
 */
export async function restartDownload(id: string, file: Pick<PendingDownload, 'total' | 'contentType' | 'validator'>): Promise<PendingDownload | null> {
  const tx = (await open()).transaction(['downloads', 'parts'], 'readwrite');
  const kept = await tx.objectStore('downloads').get(id);
  if (!kept) return null;
  const record = { ...kept, ...file, received: 0, parts: 0 };
  await Promise.all([tx.objectStore('parts').delete(partsOf(id)), tx.objectStore('downloads').put(record)]);
  await tx.done;
  return record;
}

/** Adds the next bytes of a download; answers the updated record, or null when it was cancelled meanwhile (nothing is written). */
export async function appendPart(id: string, bytes: ArrayBuffer): Promise<PendingDownload | null> {
  const tx = (await open()).transaction(['downloads', 'parts'], 'readwrite');
  const kept = await tx.objectStore('downloads').get(id);
  if (!kept) return null;
  // Again with every part: a page that found nothing waiting may have cleared the mark meanwhile.
  markUnfinished();
  const record = { ...kept, received: kept.received + bytes.byteLength, parts: kept.parts + 1 };
  await Promise.all([tx.objectStore('parts').put(bytes, [id, kept.parts]), tx.objectStore('downloads').put(record)]);
  await tx.done;
  return record;
}

/** The kept bytes of a download, in order, read one part at a time (never whole in memory). */
export function partsStream(record: PendingDownload): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    async pull(controller) {
      if (next >= record.parts) return controller.close();
      const part = await (await open()).get('parts', [record.id, next]);
      if (!part) return controller.error(new Error(`Part ${next} of the download is missing.`));
      next += 1;
      controller.enqueue(new Uint8Array(part));
    },
  });
}

/** Forgets a download under way and its parts (cancelled, refused or complete). */
export async function forgetDownload(id: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const tx = (await open()).transaction(['downloads', 'parts'], 'readwrite');
  await Promise.all([tx.objectStore('downloads').delete(id), tx.objectStore('parts').delete(partsOf(id)), tx.done]);
}

/** The episodes whose removal waits until they are no longer played. */
export async function pendingRemovals(): Promise<string[]> {
  if (typeof indexedDB === 'undefined') return [];
  return (await (await open()).getAllKeys('removals'));
}

/** Notes (true) or drops (false) a removal put off until the episode is no longer played. */
export async function markRemoval(id: string, pending: boolean): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await open();
  if (pending) markUnfinished();
  if (pending) await db.put('removals', { id, askedAt: new Date().toISOString() });
  else await db.delete('removals', id);
}
