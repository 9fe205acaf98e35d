import 'server-only';
import Database from 'better-sqlite3';
import { appDatabase, storeOf } from './app-database';

/*
 * Sessions live in their own small SQLite file, app.db in the data directory, in
 * both modes: the app's sign-in is not part of the feed service, and a hosted
 * service has no database of ours to put them in.
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
    insert: db.prepare(`INSERT INTO sessions (id, kind, password_id, api_key, created_at, last_seen_at, expires_at)
      VALUES (@id, @kind, @password_id, @api_key, @created_at, @last_seen_at, @expires_at)`),
    find: db.prepare('SELECT * FROM sessions WHERE id = ? AND expires_at > ?'),
    extend: db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM sessions WHERE id = ?'),
    removeExpired: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    count: db.prepare('SELECT COUNT(*) FROM sessions').pluck(),
  };
}

/** The session table of one app.db file. */
export class SessionStore {
  private readonly statements: ReturnType<typeof prepare>;

  constructor(db: Database.Database) {
    db.exec(schema);
    this.statements = prepare(db);
  }

  /** Stores a new session, clearing out expired ones on the way. */
  insert(row: SessionRow): void {
    this.statements.removeExpired.run(row.created_at);
    this.statements.insert.run(row);
  }

  /** The live session with this id at `now`, or null. */
  find(id: string, now: number): SessionRow | null {
    return (this.statements.find.get(id, now) as SessionRow | undefined) ?? null;
  }

  /** Moves a session's expiry: the lifetime slides with use. */
  extend(id: string, now: number, expiresAt: number): void {
    this.statements.extend.run(now, expiresAt, id);
  }

  /** Ends a session. */
  remove(id: string): void {
    this.statements.remove.run(id);
  }

  /** How many sessions are stored, expired ones included. */
  count(): number {
    return this.statements.count.get() as number;
  }

}

const stores = new WeakMap<Database.Database, SessionStore>();

/** The session store of a data directory, over the app's one app.db connection. */
export function sessionStore(dataDir: string): SessionStore {
  return storeOf(stores, appDatabase(dataDir), (db) => new SessionStore(db));
}
