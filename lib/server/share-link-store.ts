import 'server-only';
import Database from 'better-sqlite3';
import { appDatabase, storeOf } from './app-database';
import { postgresDatabaseUrl } from '@/lib/service/store/database-url';
import { postgresShareLinkStore } from './app-state/postgres-share-links';

/*
 * Share links live in app.db in the data directory, beside the sessions: they belong to
 * the app, not to the feed service, so they work against a hosted service too. The token
 * is kept only as a hash for lookup, plus sealed (secret-box.ts) so its owner can see the
 * link again; a person's own API key, needed to read the item for a visitor, is sealed too.
 * Visitors read a snapshot of the item (one per owner and item, whatever the number of
 * links to it), so their visits never spend the owner's request budget at the service.
 * With DATABASE_URL both tables live in PostgreSQL (app-state/postgres-share-links.ts), shared by every node.
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

/** The kept copy of a shared item, per owner and item. Times are ms since the epoch. */
export type ShareSnapshotRow = {
  owner: string;
  item_id: string;
  /** The visitor's view of the item as JSON (SharedItem), or null while none was read or the item is no longer shared. */
  item: string | null;
  /** 0 once the service said the item is unsaved or gone: the links show nothing until it is saved again. */
  shared: number;
  /** When the service was last asked, successfully or not: refreshes are paced by it. */
  checked_at: number;
};

/** Where share links and their items' copies are kept: app.db, or PostgreSQL shared by every node. */
export interface ShareLinkStore {
  /** Stores a new link; false when its id or token is taken already. */
  insert(row: ShareLinkRow): Promise<boolean>;
  /** The link with this token hash, live or not, or null. */
  findByTokenHash(tokenHash: string): Promise<ShareLinkRow | null>;
  /** An owner's links that still work at `now`, newest first. */
  live(owner: string, now: number): Promise<ShareLinkRow[]>;
  /** Revokes one of an owner's links (and the copy no live link shows any more); false when the owner has no such live link. */
  revoke(id: string, owner: string, now: number): Promise<boolean>;
  /** The kept copy of an owner's item, or null when none was ever taken. */
  snapshot(owner: string, itemId: string): Promise<ShareSnapshotRow | null>;
  /** Keeps what the service just said about an owner's item. */
  saveSnapshot(row: ShareSnapshotRow): Promise<void>;
  /** Notes that the service is being asked about an item now, keeping any copy as it is. */
  markChecked(owner: string, itemId: string, now: number): Promise<void>;
  /** Makes the next visit of each of an owner's links ask the service again (their saved state may have changed). */
  outdate(owner: string): Promise<void>;
}

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
  -- Added with visitor snapshots; IF NOT EXISTS makes it the migration of older app.db files,
  -- whose links have no snapshot until their first visit takes one.
  CREATE TABLE IF NOT EXISTS share_snapshots (
    owner TEXT NOT NULL,
    item_id TEXT NOT NULL,
    item TEXT,
    shared INTEGER NOT NULL DEFAULT 1,
    checked_at INTEGER NOT NULL,
    PRIMARY KEY (owner, item_id)
  );
`;

function prepare(db: Database.Database) {
  return {
    insert: db.prepare(`INSERT OR IGNORE INTO share_links (id, token_hash, token_sealed, item_id, owner, owner_key_sealed, title, created_at, expires_at, revoked_at)
      VALUES (@id, @token_hash, @token_sealed, @item_id, @owner, @owner_key_sealed, @title, @created_at, @expires_at, @revoked_at)`),
    byToken: db.prepare('SELECT * FROM share_links WHERE token_hash = ?'),
    live: db.prepare(`SELECT * FROM share_links WHERE owner = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
      ORDER BY created_at DESC`),
    revoke: db.prepare('UPDATE share_links SET revoked_at = ? WHERE id = ? AND owner = ? AND revoked_at IS NULL'),
    snapshot: db.prepare('SELECT * FROM share_snapshots WHERE owner = ? AND item_id = ?'),
    saveSnapshot: db.prepare(`INSERT INTO share_snapshots (owner, item_id, item, shared, checked_at) VALUES (@owner, @item_id, @item, @shared, @checked_at)
      ON CONFLICT (owner, item_id) DO UPDATE SET item = excluded.item, shared = excluded.shared, checked_at = excluded.checked_at`),
    checked: db.prepare(`INSERT INTO share_snapshots (owner, item_id, item, shared, checked_at) VALUES (?, ?, NULL, 1, ?)
      ON CONFLICT (owner, item_id) DO UPDATE SET checked_at = excluded.checked_at`),
    outdate: db.prepare('UPDATE share_snapshots SET checked_at = 0 WHERE owner = ?'),
    forgetUnlinked: db.prepare(`DELETE FROM share_snapshots WHERE (owner, item_id) IN (SELECT owner, item_id FROM share_links WHERE id = @id)
      AND NOT EXISTS (SELECT 1 FROM share_links AS live WHERE live.owner = share_snapshots.owner AND live.item_id = share_snapshots.item_id
        AND live.revoked_at IS NULL AND (live.expires_at IS NULL OR live.expires_at > @now))`),
  };
}

/** The share-link table of one app.db file. */
export class SqliteShareLinkStore implements ShareLinkStore {
  private readonly statements: ReturnType<typeof prepare>;

  constructor(db: Database.Database) {
    db.exec(schema);
    this.statements = prepare(db);
  }

  async insert(row: ShareLinkRow): Promise<boolean> {
    return this.statements.insert.run(row).changes > 0;
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLinkRow | null> {
    return (this.statements.byToken.get(tokenHash) as ShareLinkRow | undefined) ?? null;
  }

  async live(owner: string, now: number): Promise<ShareLinkRow[]> {
    return this.statements.live.all(owner, now) as ShareLinkRow[];
  }

  async revoke(id: string, owner: string, now: number): Promise<boolean> {
    const revoked = this.statements.revoke.run(now, id, owner).changes > 0;
    // The copy goes with the last link that shows it.
    if (revoked) this.statements.forgetUnlinked.run({ id, now });
    return revoked;
  }

  async snapshot(owner: string, itemId: string): Promise<ShareSnapshotRow | null> {
    return (this.statements.snapshot.get(owner, itemId) as ShareSnapshotRow | undefined) ?? null;
  }

  async saveSnapshot(row: ShareSnapshotRow): Promise<void> {
    this.statements.saveSnapshot.run(row);
  }

  async markChecked(owner: string, itemId: string, now: number): Promise<void> {
    this.statements.checked.run(owner, itemId, now);
  }

  async outdate(owner: string): Promise<void> {
    this.statements.outdate.run(owner);
  }
}

const stores = new WeakMap<Database.Database, SqliteShareLinkStore>();

/** The share-link store of this installation: PostgreSQL with DATABASE_URL, else the data directory's app.db. */
export function shareLinkStore(dataDir: string): ShareLinkStore {
  const url = postgresDatabaseUrl();
  if (url) return postgresShareLinkStore(url);
  return storeOf(stores, appDatabase(dataDir), (db) => new SqliteShareLinkStore(db));
}
