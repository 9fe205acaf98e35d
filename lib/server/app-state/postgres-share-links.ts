import 'server-only';
import type { ShareLinkRow, ShareLinkStore, ShareSnapshotRow } from '../share-link-store';
import { query } from './postgres';

/** Share links and their items' copies in PostgreSQL, shared by every app node: app.db's tables and columns. */
class PostgresShareLinkStore implements ShareLinkStore {
  constructor(private readonly url: string) {}

  async insert(row: ShareLinkRow): Promise<boolean> {
    // A taken id or token (drawn twice) is answered as false rather than as an error: the caller draws again.
    const inserted = await query(this.url, `INSERT INTO share_links (id, token_hash, token_sealed, item_id, owner, owner_key_sealed, title, created_at, expires_at, revoked_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
    [row.id, row.token_hash, row.token_sealed, row.item_id, row.owner, row.owner_key_sealed, row.title, row.created_at, row.expires_at, row.revoked_at]);
    return inserted.rowCount === 1;
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLinkRow | null> {
    const { rows } = await query<ShareLinkRow>(this.url, 'SELECT * FROM share_links WHERE token_hash = $1', [tokenHash]);
    return rows[0] ?? null;
  }

  async live(owner: string, now: number): Promise<ShareLinkRow[]> {
    const { rows } = await query<ShareLinkRow>(this.url, `SELECT * FROM share_links WHERE owner = $1 AND revoked_at IS NULL
      AND (expires_at IS NULL OR expires_at > $2) ORDER BY created_at DESC`, [owner, now]);
    return rows;
  }

  async revoke(id: string, owner: string, now: number): Promise<boolean> {
    const revoked = await query(this.url, 'UPDATE share_links SET revoked_at = $1 WHERE id = $2 AND owner = $3 AND revoked_at IS NULL', [now, id, owner]);
    if (revoked.rowCount !== 1) return false;
    // The copy goes with the last link that shows it.
    await query(this.url, `DELETE FROM share_snapshots AS snapshot USING share_links AS link
      WHERE link.id = $1 AND snapshot.owner = link.owner AND snapshot.item_id = link.item_id
        AND NOT EXISTS (SELECT 1 FROM share_links AS live WHERE live.owner = snapshot.owner AND live.item_id = snapshot.item_id
          AND live.revoked_at IS NULL AND (live.expires_at IS NULL OR live.expires_at > $2))`, [id, now]);
    return true;
  }

  async snapshot(owner: string, itemId: string): Promise<ShareSnapshotRow | null> {
    const { rows } = await query<ShareSnapshotRow>(this.url, 'SELECT * FROM share_snapshots WHERE owner = $1 AND item_id = $2', [owner, itemId]);
    return rows[0] ?? null;
  }

  async saveSnapshot(row: ShareSnapshotRow): Promise<void> {
    await query(this.url, `INSERT INTO share_snapshots (owner, item_id, item, shared, checked_at) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (owner, item_id) DO UPDATE SET item = excluded.item, shared = excluded.shared, checked_at = excluded.checked_at`,
    [row.owner, row.item_id, row.item, row.shared, row.checked_at]);
  }

  async markChecked(owner: string, itemId: string, now: number): Promise<void> {
    await query(this.url, `INSERT INTO share_snapshots (owner, item_id, item, shared, checked_at) VALUES ($1, $2, NULL, 1, $3)
      ON CONFLICT (owner, item_id) DO UPDATE SET checked_at = excluded.checked_at`, [owner, itemId, now]);
  }

  async outdate(owner: string): Promise<void> {
    await query(this.url, 'UPDATE share_snapshots SET checked_at = 0 WHERE owner = $1', [owner]);
  }
}

const stores = new Map<string, PostgresShareLinkStore>();

/** The share-link store of the PostgreSQL database at `url`. */
export function postgresShareLinkStore(url: string): ShareLinkStore {
  let store = stores.get(url);
  if (!store) stores.set(url, (store = new PostgresShareLinkStore(url)));
  return store;
}
