import 'server-only';
import Database from 'better-sqlite3';
import { appDatabase, storeOf } from './app-database';

/*
 * Share links live in app.db in the data directory, beside the sessions: they belong to
 * the app, not to the feed service, so they work against a hosted service too. The token
 * is kept only as a hash for lookup, plus sealed (secret-box.ts) so its owner can see the
 * link again; a person's own API key, needed to read the item for a visitor, is sealed too.
 */

/** A stored share link. Times are ms since the epoch. */
export type ShareLinkRow = {
  id: string;
  token_hash: string;
  token_sealed: string;
  item_id: string;
  /** Whose link it is: `installation`, or `key:<sha256 of the person's API key>`. */
  owner: string;
  owner_key_sealed: string | null;
  title: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
};

const schema = `
  CREATE TABLE IF NOT EXISTS share_links (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    token_sealed TEXT NOT NULL,
    item_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    owner_key_sealed TEXT,
    title TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS share_links_by_owner ON share_links (owner, created_at);
`;

function prepare(db: Database.Database) {
  return {
    insert: db.prepare(`INSERT INTO share_links (id, token_hash, token_sealed, item_id, owner, owner_key_sealed, title, created_at, expires_at, revoked_at)
      VALUES (@id, @token_hash, @token_sealed, @item_id, @owner, @owner_key_sealed, @title, @created_at, @expires_at, @revoked_at)`),
    byToken: db.prepare('SELECT * FROM share_links WHERE token_hash = ?'),
    live: db.prepare(`SELECT * FROM share_links WHERE owner = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
      ORDER BY created_at DESC`),
    revoke: db.prepare('UPDATE share_links SET revoked_at = ? WHERE id = ? AND owner = ? AND revoked_at IS NULL'),
  };
}

/** The share-link table of one app.db file. */
export class ShareLinkStore {
  private readonly statements: ReturnType<typeof prepare>;

  constructor(db: Database.Database) {
    db.exec(schema);
    this.statements = prepare(db);
  }

  /** Stores a new link. */
  insert(row: ShareLinkRow): void {
    this.statements.insert.run(row);
  }

  /** The link with this token hash, live or not, or null. */
  findByTokenHash(tokenHash: string): ShareLinkRow | null {
    return (this.statements.byToken.get(tokenHash) as ShareLinkRow | undefined) ?? null;
  }

  /** An owner's links that still work at `now`, newest first. */
  live(owner: string, now: number): ShareLinkRow[] {
    return this.statements.live.all(owner, now) as ShareLinkRow[];
  }

  /** Revokes one of an owner's links; false when the owner has no such live link. */
  revoke(id: string, owner: string, now: number): boolean {
    return this.statements.revoke.run(now, id, owner).changes > 0;
  }

}

const stores = new WeakMap<Database.Database, ShareLinkStore>();

/** The share-link store of a data directory, over the app's one app.db connection. */
export function shareLinkStore(dataDir: string): ShareLinkStore {
  return storeOf(stores, appDatabase(dataDir), (db) => new ShareLinkStore(db));
}
