import type { Pool } from 'pg';
import type { FeedFetchState, FeedToRefresh, RefreshStore } from '../feeds';
import { storedUnchanged } from '../stored-item-keys';
import { writeFetchedFeeds } from './refresh-write';
import { insertItemsIn } from './store-items';
import { named } from './subscribing';
import { inTransaction, retried } from './unit-of-work';

// Times are ISO text, compared byte by byte as SQLite does.
const due = /* sql */ `f.url IS NOT NULL AND f.status != 'dead' AND f.source_type != 'newsletter' AND f.is_demo = 0
  AND (f.next_fetch_at IS NULL OR f.next_fetch_at COLLATE "C" <= @at) AND (f.lease_until IS NULL OR f.lease_until COLLATE "C" <= @at)
  AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1)`;

/** The refresh's store on PostgreSQL: a transaction per batch of fetched feeds (refresh-write.ts). */
export function postgresRefreshStore(pool: Pool): RefreshStore {
  return {
    // Rows another claim holds are skipped, not waited for: two schedulers at once get disjoint feeds.
    claimDue: (at, limit, leaseMs) => retried(async () => (await named<{ id: string; next_fetch_at: string | null }>(pool, `WITH claimed AS (
        SELECT f.id FROM feeds f WHERE ${due} ORDER BY f.next_fetch_at COLLATE "C" NULLS FIRST LIMIT @limit FOR UPDATE OF f SKIP LOCKED)
      UPDATE feeds f SET lease_until = @until FROM claimed WHERE f.id = claimed.id RETURNING f.id, f.next_fetch_at`,
    { at: at.toISOString(), limit, until: new Date(at.getTime() + leaseMs).toISOString() }))
      .sort((a, b) => (a.next_fetch_at ?? '').localeCompare(b.next_fetch_at ?? '')).map((row) => row.id)),
    toRefresh: ({ userId, all, at }) => retried(() => named<FeedToRefresh>(pool, `SELECT f.id, f.title, f.url FROM feeds f
      WHERE f.url IS NOT NULL AND f.source_type != 'newsletter' AND f.is_demo = 0
        AND (@all::int = 1 OR (f.status != 'dead' AND (f.next_fetch_at IS NULL OR f.next_fetch_at COLLATE "C" <= @at)))
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1 AND (@user::text IS NULL OR s.user_id = @user))
      ORDER BY f.title COLLATE nocase, f.url`, { all: all ? 1 : 0, at: at.toISOString(), user: userId ?? null })),
    fetchState: (feedId) => retried(async () => (await named<FeedFetchState>(pool,
      'SELECT id, url, etag, last_modified, ttl_minutes, failure_count FROM feeds WHERE id = @id', { id: feedId }))[0] ?? null),
    fetchStates: (feedIds) => retried(async () => (await pool.query<FeedFetchState>(
      'SELECT id, url, etag, last_modified, ttl_minutes, failure_count FROM feeds WHERE id = ANY($1::text[])', [feedIds])).rows),
    storedAmong: (feedId, keys) => retried(async () => {
      const rows = await named<{ guid: string | null; url: string | null; source_hash: string | null }>(pool, `SELECT guid, url, source_hash FROM items
        WHERE feed_id = @feed AND (guid = ANY(@guids::text[]) OR (url = ANY(@urls::text[])))`, {
        feed: feedId, guids: keys.flatMap((key) => (key.guid ? [key.guid] : [])), urls: keys.flatMap((key) => (!key.guid && key.url ? [key.url] : [])),
      });
      const byGuid = new Map(rows.filter((row) => row.guid !== null).map((row) => [row.guid!, row.source_hash]));
      const urls = new Set(rows.map((row) => row.url));
      return keys.map(({ guid, url, fingerprint }) => (guid ? storedUnchanged(byGuid.get(guid), fingerprint) : Boolean(url && urls.has(url))));
    }),
    readOnlyFile: null,
    write: (writes, steps) => writeFetchedFeeds(pool, writes, steps),
    storeItems: (feedId, items, now, steps) => inTransaction(pool, (db) => insertItemsIn(db, feedId, items, now, steps)),
  };
}
