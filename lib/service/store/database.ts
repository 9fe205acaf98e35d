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
  // Checkpoint every 40 MB of WAL rather than SQLite's 4 MB: indexing commits rewrite a few MB of
  // the same term and posting pages each, and checkpointing (copying and syncing them) after
  // nearly every commit took a third of the time a refresh's indexing backlog drained in. The
  // file is cut back to 64 MB after each checkpoint.
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('journal_size_limit = 67108864');
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

/** How many distinct statements `preparedStatement` keeps per database (a list's filters make a few dozen shapes). */
export const preparedStatementLimit = 200;

const statementCaches = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The statement for `sql`, prepared once per database and kept among the most recently used
 * `preparedStatementLimit`: for queries built per request (the items list), where preparing again
 * on every call was a measurable share of it. The statement is shared, so a caller sets any mode
 * it needs (`pluck`, `raw`) on each use.
 */
export function preparedStatement(db: Db, sql: string): Database.Statement {
  let cache = statementCaches.get(db);
  if (!cache) {
    cache = new Map();
    statementCaches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement) {
    // Map keeps insertion order: moving the hit to the end makes the first key the least recently used.
    cache.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (cache.size >= preparedStatementLimit) cache.delete(cache.keys().next().value as string);
  }
  cache.set(sql, statement);
  return statement;
}

const rowMakers = new WeakMap<Database.Statement, (values: unknown[]) => unknown>();

/** A function making a statement's row object from its raw values: one object literal, its keys the column names. */
function rowMaker(statement: Database.Statement): (values: unknown[]) => unknown {
  let make = rowMakers.get(statement);
  if (!make) {
    const keys = statement.columns().map((column, index) => `${JSON.stringify(column.name)}: values[${index}]`);
    // A literal gives every row its whole shape at once; setting the keys one by one in a loop cost
    // three times as much (the names are our SQL's columns, quoted as JSON).
    make = new Function('values', `return { ${keys.join(', ')} };`) as (values: unknown[]) => unknown;
    rowMakers.set(statement, make);
  }
  return make;
}

/**
 * Runs a reading statement and returns its rows as objects, as `all` does, but built here from
 * raw rows: better-sqlite3 sets each property of a row object natively, which took about a third
 * of an items page's domain time; objects built by one literal share one shape and are cheaper.
 * Leaves the statement in raw mode (see preparedStatement: callers set the mode they need).
 */
export function allRows<Row>(statement: Database.Statement, params: unknown): Row[] {
  const make = rowMaker(statement);
  return (statement.raw(true).all(params) as unknown[][]).map(make) as Row[];
}
