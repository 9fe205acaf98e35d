import 'server-only';
import type { SessionRow, SessionStore } from '../session-store';
import { query } from './postgres';

/** Sessions in PostgreSQL, shared by every app node: the same table and columns as app.db's. */
class PostgresSessionStore implements SessionStore {
  constructor(private readonly url: string) {}

  async insert(row: SessionRow): Promise<boolean> {
    await query(this.url, 'DELETE FROM sessions WHERE expires_at <= $1', [row.created_at]);
    // A taken id (a token drawn twice) is answered as false rather than as an error: the caller draws again.
    const inserted = await query(this.url, `INSERT INTO sessions (id, kind, password_id, api_key, created_at, last_seen_at, expires_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    [row.id, row.kind, row.password_id, row.api_key, row.created_at, row.last_seen_at, row.expires_at]);
    return inserted.rowCount === 1;
  }

  async find(id: string, now: number): Promise<SessionRow | null> {
    const { rows } = await query<SessionRow>(this.url, 'SELECT * FROM sessions WHERE id = $1 AND expires_at > $2', [id, now]);
    return rows[0] ?? null;
  }

  async extend(id: string, now: number, expiresAt: number): Promise<void> {
    await query(this.url, 'UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id = $3', [now, expiresAt, id]);
  }

  async remove(id: string): Promise<void> {
    await query(this.url, 'DELETE FROM sessions WHERE id = $1', [id]);
  }

  async count(): Promise<number> {
    const { rows } = await query<{ count: number }>(this.url, 'SELECT COUNT(*)::int AS count FROM sessions');
    return rows[0]!.count;
  }
}

const stores = new Map<string, PostgresSessionStore>();

/** The session store of the PostgreSQL database at `url`. */
export function postgresSessionStore(url: string): SessionStore {
  let store = stores.get(url);
  if (!store) stores.set(url, (store = new PostgresSessionStore(url)));
  return store;
}
