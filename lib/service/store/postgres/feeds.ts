import type { Pool } from 'pg';
import { PACE_ITEMS } from '../../domain/feeds/refresh-pace';
import type { FeedFetchState, FeedToRefresh, FeedWrite, FeedWritten, NewItemSteps, RefreshStore } from '../feeds';
import { storedUnchanged } from '../stored-item-keys';
import { listingOf } from '../sqlite/subscribing';
import { insertItemsIn } from './store-items';
import { named } from './subscribing';
import { inTransaction, retried, type Queryable } from './unit-of-work';

// Times are ISO text, compared byte by byte as SQLite does.
const due = /* sql */ `f.url IS NOT NULL AND f.status != 'dead' AND f.source_type != 'newsletter' AND f.is_demo = 0
  AND (f.next_fetch_at IS NULL OR f.next_fetch_at COLLATE "C" <= @at) AND (f.lease_until IS NULL OR f.lease_until COLLATE "C" <= @at)
  AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1)`;

/** Writes one fetched feed inside the caller's transaction (see the SQLite twin). */
async function writeFeed(db: Queryable, write: FeedWrite, steps: NewItemSteps): Promise<FeedWritten> {
  const { feedId } = write;
  const none = { feedId, stored: { added: [], skipped: 0 } };
  const published = async () => (await db.query<{ published_ms: string }>(`SELECT published_ms FROM items WHERE feed_id = $1
    ORDER BY published_ms DESC LIMIT ${PACE_ITEMS}`, [feedId])).rows.map((row) => Number(row.published_ms));
  const success = (at: Date, interval: number, validators: { etag: string | null; last_modified: string | null; ttl_minutes: number | null } | null) =>
    named(db, `UPDATE feeds SET status = 'healthy', failure_count = 0, last_error = NULL, last_fetched_at = @at, next_fetch_at = @next,
      etag = COALESCE(@etag, etag), last_modified = COALESCE(@lastModified, last_modified), ttl_minutes = COALESCE(@ttl::int, ttl_minutes), lease_until = NULL
    WHERE id = @id`, {
      id: feedId, at: at.toISOString(), next: new Date(at.getTime() + interval).toISOString(),
      etag: validators?.etag ?? null, lastModified: validators?.last_modified ?? null, ttl: validators?.ttl_minutes ?? null,
    });
  switch (write.kind) {
    case 'deferred':
      await named(db, 'UPDATE feeds SET next_fetch_at = @next, lease_until = NULL WHERE id = @id', { next: write.nextFetchAt.toISOString(), id: feedId });
      return none;
    case 'failed':
      await named(db, `UPDATE feeds SET status = @status, failure_count = @failures, last_error = @message, last_fetched_at = @at,
        next_fetch_at = @next, lease_until = NULL WHERE id = @id`, {
        id: feedId, status: write.status, failures: write.failures, message: write.message, at: write.at.toISOString(), next: write.nextFetchAt.toISOString(),
      });
      return none;
    case 'not_modified':
      await success(write.at, write.next(await published()), null);
      return none;
    case 'parsed': {
      const { channel } = write;
      // A feed subscribed without being fetched (an OPML import) learns what it is on its first stored items.
      await named(db, `UPDATE feeds SET title = CASE WHEN @title != '' THEN @title ELSE title END,
        website = COALESCE(website, @website), description = COALESCE(description, @description), language = COALESCE(language, @language),
        artwork_url = COALESCE(artwork_url, @artwork),
        source_type = CASE WHEN @podcast::int = 1 AND source_type = 'feed' THEN 'podcast' ELSE source_type END
      WHERE id = @id AND last_update IS NULL`, {
        id: feedId, title: channel.title, website: channel.website, description: channel.description, language: channel.language,
        artwork: channel.artwork_url, podcast: channel.is_podcast ? 1 : 0,
      });
      // Written only when they changed: a title a subscriber gave is theirs (subscriptions.title) and stays.
      await named(db, `UPDATE feeds SET title = CASE WHEN @title != '' THEN @title ELSE title END, website = COALESCE(@website, website)
      WHERE id = @id AND ((@title != '' AND title IS DISTINCT FROM @title) OR (@website::text IS NOT NULL AND website IS DISTINCT FROM @website))`,
      { id: feedId, title: channel.title, website: channel.website });
      const stored = await insertItemsIn(db, feedId, write.items, write.at, steps, write.texts);
      await named(db, 'UPDATE feeds SET listed_items = @listing WHERE id = @id AND listed_items IS DISTINCT FROM @listing',
        { id: feedId, listing: listingOf(write.listed) });
      await success(write.at, write.next(await published()), write.validators);
      return { feedId, stored };
    }
  }
}

/** The refresh's store on PostgreSQL: a transaction per fetched feed. */
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
    write: async (writes, steps) => {
      const written: FeedWritten[] = [];
      for (const write of writes) {
        try {
          written.push(await inTransaction(pool, (db) => writeFeed(db, write, steps)));
        } catch (error) {
          written.push({ feedId: write.feedId, error: error instanceof Error ? error.message : 'The feed could not be stored.' });
        }
      }
      return written;
    },
    storeItems: (feedId, items, now, steps) => inTransaction(pool, (db) => insertItemsIn(db, feedId, items, now, steps)),
  };
}
