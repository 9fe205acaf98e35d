import 'server-only';
import Database from 'better-sqlite3';
import path from 'node:path';
import { privateFile } from '@/lib/service/store/private-files';

/*
 * app.db in the data directory holds what belongs to the app rather than to the feed service
 * (sessions, share links), in both modes. One connection per file and process, shared by
 * the tables' stores; the holder lives on globalThis so dev reloads reuse it.
 */

const holder = globalThis as typeof globalThis & { __tidingsAppDatabases?: Map<string, Database.Database> };

/** The app's own SQLite connection for a data directory, opened once per process. */
export function appDatabase(dataDir: string): Database.Database {
  holder.__tidingsAppDatabases ??= new Map();
  const file = path.join(dataDir, 'app.db');
  let db = holder.__tidingsAppDatabases.get(file);
  if (!db) {
    privateFile(file);
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    holder.__tidingsAppDatabases.set(file, db);
  }
  return db;
}

/** Closes every app.db connection of this process (tests use it to play a restart). */
export function closeAppDatabases(): void {
  for (const db of holder.__tidingsAppDatabases?.values() ?? []) db.close();
  holder.__tidingsAppDatabases?.clear();
}

/** One store object per connection: `open` runs once for each new connection. */
export function storeOf<T>(stores: WeakMap<Database.Database, T>, db: Database.Database, open: (db: Database.Database) => T): T {
  let store = stores.get(db);
  if (!store) {
    store = open(db);
    stores.set(db, store);
  }
  return store;
}
