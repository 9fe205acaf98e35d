/*
 * Read-only lookups of stored item keys for the feed-preparing worker thread: a connection of its
 * own per database file, so it never waits on the main thread, which is busy writing.
 */
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';

type Lookup = { inode: number; db: Database.Database; byGuid: Database.Statement; byUrl: Database.Statement };

/** What an item is looked up by: its guid, else its link; with a guid, its fingerprint as the feed now writes it. */
export type StoredKey = { guid: string | null; url: string | null; fingerprint?: string };

/**
 * Whether an item stored with `storedHash` (its source_hash; undefined: not stored) is the same
 * as the feed now writes it. One stored before fingerprints were kept (null) counts as changed
 * once, and is compared by its content when written (store-items.ts).
 */
export function storedUnchanged(storedHash: string | null | undefined, fingerprint: string | undefined): boolean {
  if (storedHash === undefined) return false;
  return fingerprint === undefined || storedHash === fingerprint;
}

/** Connections by file; a file replaced since (same path, other inode) is opened again. */
const lookups = new Map<string, Lookup>();
const MAX_CONNECTIONS = 4;

function lookupFor(file: string): Lookup {
  const inode = statSync(file).ino;
  const open = lookups.get(file);
  if (open?.inode === inode) return open;
  open?.db.close();
  lookups.delete(file);
  if (lookups.size >= MAX_CONNECTIONS) {
    const [oldest, lookup] = lookups.entries().next().value!;
    lookup.db.close();
    lookups.delete(oldest);
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const lookup = {
    inode, db,
    byGuid: db.prepare('SELECT source_hash FROM items WHERE feed_id = ? AND guid = ?').pluck(),
    byUrl: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck(),
  };
  lookups.set(file, lookup);
  return lookup;
}

/** Which of a feed's item keys are stored already (and, by guid, unchanged), read on a read-only connection of this thread. */
export function storedKeysAmong(file: string, feedId: string, keys: StoredKey[]): boolean[] {
  const { byGuid, byUrl } = lookupFor(file);
  return keys.map(({ guid, url, fingerprint }) => (guid
    ? storedUnchanged(byGuid.get(feedId, guid) as string | null | undefined, fingerprint)
    : Boolean(url && byUrl.get(feedId, url))));
}
