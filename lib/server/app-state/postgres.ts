import 'server-only';
import pg from 'pg';
import { migrateAppState } from '@/lib/service/store/postgres/app-state-schema';
import { sharedSecretProblem } from './config';

/*
 * The app's own state (sessions, share links, limit counters) on PostgreSQL, when
 * DATABASE_URL names one: then every app node shares it, so a session or a share link made
 * on one works on all. One pool per URL and process, kept on globalThis so dev reloads reuse
 * it. The tables keep app.db's names; the first node to start creates them (numbered
 * migrations in lib/service/store/postgres/app-state-schema.ts, where `migrate --to` finds them
 * too, taken one node at a time under an advisory lock).
 */

// BIGINT (oid 20) comes back as a string by default; our times fit a double exactly.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Opened = { pool: pg.Pool; ready: Promise<void> };
const holder = globalThis as typeof globalThis & { __tidingsAppStatePools?: Map<string, Opened> };

/** The migrated pool of the app's state database at `url`, opened once per process. */
export async function appStatePool(url: string): Promise<pg.Pool> {
  holder.__tidingsAppStatePools ??= new Map();
  let opened = holder.__tidingsAppStatePools.get(url);
  if (!opened) {
    const problem = sharedSecretProblem({ ...process.env, DATABASE_URL: url });
    if (problem) throw new Error(problem);
    const pool = new pg.Pool({ connectionString: url, max: 10, types });
    // An idle connection the server dropped must not take the process down; the next query reconnects.
    pool.on('error', (error) => console.warn(`[tidings] The app-state database dropped a connection (${error.message}).`));
    const entry: Opened = { pool, ready: migrateAppState(pool) };
    entry.ready.catch(() => holder.__tidingsAppStatePools?.delete(url));
    holder.__tidingsAppStatePools.set(url, entry);
    opened = entry;
  }
  await opened.ready;
  return opened.pool;
}

/** Closes every app-state pool of this process (tests use it to play a restart or end). */
export async function closeAppStatePools(): Promise<void> {
  const pools = [...(holder.__tidingsAppStatePools?.values() ?? [])];
  holder.__tidingsAppStatePools?.clear();
  await Promise.all(pools.map(({ pool }) => pool.end()));
}

// serialization_failure, deadlock_detected: the statement lost a race and may simply run again.
const retriable = new Set(['40001', '40P01']);

/**
 * Runs a query, again (up to three times) when PostgreSQL reports a serialization failure or deadlock.
 * A `name` prepares it once per connection: a statement run on every request is then not planned each time.
 */
export async function query<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = [], name?: string): Promise<pg.QueryResult<Row>> {
  const pool = await appStatePool(url);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await pool.query<Row>(name ? { name, text, values } : { text, values });
    } catch (error) {
      if (attempt >= 3 || !retriable.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}
