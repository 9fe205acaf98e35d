import 'server-only';
import pg from 'pg';
import { sharedSecretProblem } from './config';

/*
 * The app's own state (sessions, share links, limit counters) on PostgreSQL, when
 * DATABASE_URL names one: then every app node shares it, so a session or a share link made
 * on one works on all. One pool per URL and process, kept on globalThis so dev reloads reuse
 * it. The tables keep app.db's names; the first node to start creates them (numbered
 * migrations, taken one node at a time under an advisory lock).
 */

const migrations: string[] = [
  // 1: app.db's tables, times in ms since the epoch as there.
  `CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('password', 'api_key')),
    password_id TEXT,
    api_key TEXT,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);
  CREATE TABLE share_links (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    token_sealed TEXT NOT NULL,
    item_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    owner_key_sealed TEXT,
    title TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT,
    revoked_at BIGINT
  );
  CREATE INDEX share_links_by_owner ON share_links (owner, created_at);
  CREATE TABLE share_snapshots (
    owner TEXT NOT NULL,
    item_id TEXT NOT NULL,
    item TEXT,
    shared INTEGER NOT NULL DEFAULT 1,
    checked_at BIGINT NOT NULL,
    PRIMARY KEY (owner, item_id)
  );`,
  // 2: counts behind the sign-in and share-visit limits, shared by every node (app-state/postgres-limits.ts).
  `CREATE TABLE limit_counters (
    name TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    count INTEGER NOT NULL,
    last_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (name, window_start)
  );
  CREATE INDEX limit_counters_by_expiry ON limit_counters (expires_at);`,
  // 3: a sliding window's request times (the service's per-key limit across nodes), in one row per key.
  'ALTER TABLE limit_counters ADD COLUMN times BIGINT[]',
];

// Any 64-bit number of our own: the lock the migrating node holds while others wait.
const migrationLock = 7_244_617_001;

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    await client.query('CREATE TABLE IF NOT EXISTS app_state_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0) AS version FROM app_state_migrations');
    for (let version = rows[0]!.version + 1; version <= migrations.length; version += 1) {
      await client.query(migrations[version - 1]!);
      await client.query('INSERT INTO app_state_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

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
    const entry: Opened = { pool, ready: migrate(pool) };
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
