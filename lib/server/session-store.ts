import 'server-only';
import Database from 'better-sqlite3';
import { appDatabase, storeOf } from './app-database';
import { postgresDatabaseUrl } from '@/lib/service/store/database-url';
import { postgresSessionStore } from './app-state/postgres-sessions';

/*
 * Sessions live in their own small SQLite file, app.db in the data directory, in
 * both modes: the app's sign-in is not part of the feed service, and a hosted
 * service has no database of ours to put them in. With DATABASE_URL they live in
 * PostgreSQL instead (app-state/postgres-sessions.ts), shared by every app node.
 */

/** A stored session. `id` is the SHA-256 of the cookie's token, so the file alone opens no session. */
export type SessionRow = {
  id: string;
  kind: 'password' | 'api_key';
  /** Which password signed it in: a new password ends the sessions of the old one. */
  password_id: string | null;
  /** A person's API key, sealed with AES-256-GCM (secret-box.ts). */
  api_key: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
};

/** Where sessions are kept: app.db, or PostgreSQL shared by every node. */
export interface SessionStore {
  /** Stores a new session, clearing out expired ones on the way; false when its id is taken already. */
  insert(row: SessionRow): Promise<boolean>;
  /** The live session with this id at `now`, or null. */
  find(id: string, now: number): Promise<SessionRow | null>;
  /** Moves a session's expiry: the lifetime slides with use. */
  extend(id: string, now: number, expiresAt: number): Promise<void>;
  /** Ends a session. */
  remove(id: string): Promise<void>;
  /** How many sessions are stored, expired ones included. */
  count(): Promise<number>;
}

const schema = `
  CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('password', 'api_key')),
    password_id TEXT,
    api_key TEXT,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);
  -- Older versions named TIDINGS_APP_PASSWORD by a plain SHA-256 of it ('env:…'): those sessions sign in again.
  DELETE FROM sessions WHERE password_id LIKE 'env:%';
`;

function prepare(db: Database.Database) {
  return {
    insert: db.prepare(`INSERT OR IGNORE INTO sessions (id, kind, password_id, api_key, created_at, last_seen_at, expires_at)
      VALUES (@id, @kind, @password_id, @api_key, @created_at, @last_seen_at, @expires_at)`),
    find: db.prepare('SELECT * FROM sessions WHERE id = ? AND expires_at > ?'),
    extend: db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM sessions WHERE id = ?'),
    removeExpired: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    count: db.prepare('SELECT COUNT(*) FROM sessions').pluck(),
  };
}

/** The session table of one app.db file. */
export class SqliteSessionStore implements SessionStore {
  private readonly statements: ReturnType<typeof prepare>;

  constructor(db: Database.Database) {
    db.exec(schema);
    this.statements = prepare(db);
  }

  async insert(row: SessionRow): Promise<boolean> {
    this.statements.removeExpired.run(row.created_at);
    return this.statements.insert.run(row).changes > 0;
  }

  async find(id: string, now: number): Promise<SessionRow | null> {
    return (this.statements.find.get(id, now) as SessionRow | undefined) ?? null;
  }

  async extend(id: string, now: number, expiresAt: number): Promise<void> {
    this.statements.extend.run(now, expiresAt, id);
  }

  async remove(id: string): Promise<void> {
    this.statements.remove.run(id);
  }

  async count(): Promise<number> {
    return this.statements.count.get() as number;
  }
}

const stores = new WeakMap<Database.Database, SqliteSessionStore>();

/** The session store of this installation: PostgreSQL with DATABASE_URL, else the data directory's app.db. */
export function sessionStore(dataDir: string): SessionStore {
  const url = postgresDatabaseUrl();
  if (url) return postgresSessionStore(url);
  return storeOf(stores, appDatabase(dataDir), (db) => new SqliteSessionStore(db));
}
