/*
 * The service's PostgreSQL schema (lib/service/store/postgres) on a throwaway cluster: applied
 * once however often or however many nodes at once ask, and holding every table and column of
 * the SQLite schema, read from a freshly migrated SQLite database (so a SQLite migration that
 * adds a column without its PostgreSQL twin fails here).
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/service/store/database';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { postgresMigrations } from '@/lib/service/store/postgres/migrations';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';

withPostgres();

/** Columns PostgreSQL has beyond SQLite's, each standing for a SQLite feature (see 001-service.ts). */
const postgresOnly: Record<string, string[]> = { items: ['rowid', 'search_document'], feeds: ['rowid'], folders: ['rowid'] };

/** The PostgreSQL types that hold what a SQLite declared type holds. */
const typesFor: Record<string, string[]> = {
  TEXT: ['text'], INTEGER: ['integer', 'bigint'], REAL: ['double precision'], BLOB: ['bytea'],
};

type SqliteColumn = { name: string; type: string; notnull: number };

/** The SQLite schema's tables and their columns, without FTS5 tables and their shadow tables. */
function sqliteTables(): Map<string, SqliteColumn[]> {
  const db = openDatabase(':memory:');
  try {
    const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
    const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
    const tables = new Map<string, SqliteColumn[]>();
    for (const { name } of rows) {
      if (virtual.some((table) => name === table || name.startsWith(`${table}_`))) continue;
      tables.set(name, db.prepare(`PRAGMA table_info("${name}")`).all() as SqliteColumn[]);
    }
    return tables;
  } finally {
    db.close();
  }
}

const pools: pg.Pool[] = [];
function poolFor(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe.skipIf(skipPostgres)('the service schema on PostgreSQL', () => {
  it('is applied once: a second run applies nothing and changes no table', async () => {
    const pool = poolFor(await freshDatabase());
    expect(await migratePostgres(pool)).toEqual(postgresMigrations.map((migration) => migration.version));
    await pool.query(`INSERT INTO users (id, email, created_at) VALUES ('u1', 'a@example.com', '2026-01-01T00:00:00.000Z')`);

    expect(await migratePostgres(pool)).toEqual([]);
    const { rows } = await pool.query('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(postgresMigrations.map(({ version, name }) => ({ version, name })));
    expect((await pool.query('SELECT email FROM users')).rows).toEqual([{ email: 'a@example.com' }]);
  });

  it('is created by one of several nodes starting at once, the others waiting for it', async () => {
    const url = await freshDatabase();
    const applied = await Promise.all([poolFor(url), poolFor(url), poolFor(url)].map((pool) => migratePostgres(pool)));
    expect(applied.filter((versions) => versions.length > 0)).toHaveLength(1);
    expect(applied.flat().sort((a, b) => a - b)).toEqual(postgresMigrations.map((migration) => migration.version));
  });

  it('has every table and column of the SQLite schema, with types that hold the same values', async () => {
    const pool = poolFor(await freshDatabase());
    await migratePostgres(pool);
    const { rows } = await pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'");
    const tables = sqliteTables();
    expect(tables.size).toBeGreaterThan(25);
    expect(tables.has('items')).toBe(true);

    for (const [table, columns] of tables) {
      const postgresColumns = rows.filter((row) => row.table_name === table);
      expect(postgresColumns.length, `PostgreSQL has no table ${table}`).toBeGreaterThan(0);
      expect(postgresColumns.map((column) => column.column_name).sort(), `the columns of ${table}`)
        .toEqual([...columns.map((column) => column.name), ...(postgresOnly[table] ?? [])].sort());
      for (const column of columns) {
        const twin = postgresColumns.find((candidate) => candidate.column_name === column.name)!;
        expect(typesFor[column.type], `${table}.${column.name}: a ${column.type} in PostgreSQL as ${twin.data_type}`).toContain(twin.data_type);
        if (column.notnull) expect(twin.is_nullable, `${table}.${column.name} is NOT NULL in SQLite`).toBe('NO');
      }
    }
  });

  it('keeps entry counts, unsubscribe records, case-blind names and full-text search as the SQLite schema does', async () => {
    const pool = poolFor(await freshDatabase());
    await migratePostgres(pool);
    const now = '2026-01-01T00:00:00.000Z';
    await pool.query(`INSERT INTO users (id, email, created_at) VALUES ('u1', 'Ann@Example.com', '${now}');
      INSERT INTO feeds (id, url, source_type, title, created_at) VALUES ('f1', 'https://example.com/feed.xml', 'feed', 'Example', '${now}');
      INSERT INTO subscriptions (id, user_id, feed_id, created_at) VALUES ('s1', 'u1', 'f1', '${now}');
      INSERT INTO items (id, feed_id, title, summary, content, published_ms, created_at)
        VALUES ('i1', 'f1', 'Café opening', 'Our new place', '<p>Fresh <b>pastries</b> &amp; coffee</p>', 1, '${now}');
      INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
        SELECT 'u1', id, 's1', 'article', 1, rowid FROM items WHERE id = 'i1';`);
    const counts = async () => (await pool.query('SELECT is_read, n FROM entry_counts ORDER BY is_read')).rows;
    expect(await counts()).toEqual([{ is_read: 0, n: 1 }]);

    await pool.query("UPDATE entries SET is_read = 1 WHERE item_id = 'i1'");
    expect(await counts()).toEqual([{ is_read: 0, n: 0 }, { is_read: 1, n: 1 }]);

    await expect(pool.query(`INSERT INTO users (id, email, created_at) VALUES ('u2', 'ann@example.COM', '${now}')`)).rejects.toThrow(/unique/);
    expect((await pool.query("SELECT id FROM users WHERE email = 'ANN@EXAMPLE.COM'")).rows).toEqual([{ id: 'u1' }]);

    const search = (words: string) => pool.query("SELECT id FROM items WHERE search_document @@ websearch_to_tsquery('tidings_search', $1)", [words]);
    expect((await search('cafe pastry')).rows).toEqual([{ id: 'i1' }]);
    expect((await search('amp')).rows).toEqual([]);

    await pool.query("DELETE FROM subscriptions WHERE id = 's1'");
    expect((await pool.query('SELECT user_id, url FROM subscription_removals')).rows).toEqual([{ user_id: 'u1', url: 'https://example.com/feed.xml' }]);
    // The entry stays, without its subscription (ON DELETE SET NULL): its count moves under ''.
    expect((await pool.query('SELECT subscription_id, is_read, n FROM entry_counts WHERE n > 0')).rows).toEqual([{ subscription_id: '', is_read: 1, n: 1 }]);
  });
});
