import type { Pool, PoolClient } from 'pg';
import { postgresMigrations } from './migrations';

/** Runs `work` in one transaction that holds the advisory lock `lock`, so nodes starting at once take turns. */
export async function underAdvisoryLock<T>(pool: Pool, lock: number, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

// Any 64-bit number of our own (the app state's is 7_244_617_001): held by the node that migrates.
const serviceMigrationLock = 7_244_617_002;

/**
 * Brings the service's PostgreSQL schema up to date: applies the migrations not yet applied, all
 * in one transaction under an advisory lock, so the first of several nodes starting at once
 * creates the schema and the others then find it done. Answers the versions it applied.
 */
export function migratePostgres(pool: Pool): Promise<number[]> {
  return underAdvisoryLock(pool, serviceMigrationLock, async (client) => {
    // The same bookkeeping table as SQLite's, created only once the lock is held (two CREATE IF NOT EXISTS can race).
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of postgresMigrations) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.name, new Date().toISOString()]);
      done.push(migration.version);
    }
    return done;
  });
}
