import type { Pool } from 'pg';
import { underAdvisoryLock } from './migrate';

/*
 * The PostgreSQL schema of the app's own state (sessions, share links, limit counters: the
 * tables of app.db; the app's password), used by lib/server/app-state. It lives here, beside the service's, so the
 * command that moves a data directory to PostgreSQL (`migrate --to`) can create these tables
 * too without importing the app's server-only code.
 */

const appStateMigrations: string[] = [
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
  // 4: the app's password, one row, so that every node signs in with the same one (as app-password.json holds it).
  `CREATE TABLE app_password (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    record TEXT NOT NULL
  );`,
];

// Any 64-bit number of our own: the lock the migrating node holds while others wait.
const appStateMigrationLock = 7_244_617_001;

/** Brings the app state's tables up to date, one node at a time (an advisory lock). */
export function migrateAppState(pool: Pool): Promise<void> {
  return underAdvisoryLock(pool, appStateMigrationLock, async (client) => {
    await client.query('CREATE TABLE IF NOT EXISTS app_state_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0) AS version FROM app_state_migrations');
    for (let version = rows[0]!.version + 1; version <= appStateMigrations.length; version += 1) {
      await client.query(appStateMigrations[version - 1]!);
      await client.query('INSERT INTO app_state_migrations (version) VALUES ($1)', [version]);
    }
  });
}
