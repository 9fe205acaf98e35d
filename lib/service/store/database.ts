import Database from 'better-sqlite3';
import { migrations } from './migrations';
import { privateFile } from './private-files';

export type Db = Database.Database;

/** Opens (creating if needed) the service's SQLite file and brings its schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') privateFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -32000');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  return db;
}

/** Applies the numbered migrations not yet applied, each in its own transaction. */
export function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
        .run(migration.version, migration.name, new Date().toISOString());
    })();
  }
}

/**
 * Memoizes `prepare` per database, for modules whose statements run for every feed or item of a
 * refresh: preparing them again each time was a measurable share of a big one.
 */
export function preparedOnce<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statements = prepared.get(db);
    if (!statements) {
      statements = prepare(db);
      prepared.set(db, statements);
    }
    return statements;
  };
}
