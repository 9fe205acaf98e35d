import { PACE_ITEMS } from '../../domain/feeds/refresh-pace';
import { preparedOnce, type Db } from '../database';
import type { FeedFetchState, FeedToRefresh, FeedWrite, FeedWritten, NewItemSteps, RefreshStore } from '../feeds';
import { storedUnchanged } from '../stored-item-keys';
import { insertItems, writeSearchTexts, type SearchTexts } from './store-items';
import { recordListing } from './subscribing';

// Due: fetchable, followed, its time come, and no other claim on it running.
const due = /* sql */ `f.url IS NOT NULL AND f.status != 'dead' AND f.source_type != 'newsletter' AND f.is_demo = 0
  AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= @at) AND (f.lease_until IS NULL OR f.lease_until <= @at)
  AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1)`;

/** Statements prepared once per database: a refresh runs each for every feed (preparing them was 2% of a big one). */
const statementsOf = preparedOnce((db: Db) => ({
  due: db.prepare(`SELECT f.id FROM feeds f WHERE ${due} ORDER BY f.next_fetch_at LIMIT @limit`).pluck(),
  lease: db.prepare('UPDATE feeds SET lease_until = ? WHERE id = ?'),
  toRefresh: db.prepare(`SELECT f.id, f.title, f.url FROM feeds f WHERE f.url IS NOT NULL AND f.source_type != 'newsletter' AND f.is_demo = 0
      AND (@all = 1 OR (f.status != 'dead' AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= @at)))
      AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1 AND (@user IS NULL OR s.user_id = @user))
    ORDER BY f.title COLLATE NOCASE, f.url`),
  byGuid: db.prepare('SELECT source_hash FROM items WHERE feed_id = ? AND guid = ?').pluck(),
  byUrl: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck(),
  feedRow: db.prepare('SELECT id, url, etag, last_modified, ttl_minutes, failure_count FROM feeds WHERE id = ?'),
  success: db.prepare(`UPDATE feeds SET status = 'healthy', failure_count = 0, last_error = NULL, last_fetched_at = @at, next_fetch_at = @next,
    etag = COALESCE(@etag, etag), last_modified = COALESCE(@lastModified, last_modified), ttl_minutes = COALESCE(@ttl, ttl_minutes), lease_until = NULL
  WHERE id = @id`),
  describe: db.prepare(`UPDATE feeds SET title = CASE WHEN @title != '' THEN @title ELSE title END,
    website = COALESCE(website, @website), description = COALESCE(description, @description), language = COALESCE(language, @language), artwork_url = COALESCE(artwork_url, @artwork),
    source_type = CASE WHEN @podcast = 1 AND source_type = 'feed' THEN 'podcast' ELSE source_type END
  WHERE id = @id AND last_update IS NULL`),
  // Written only when they changed: most fetches find the same name, and an unchanged row is not rewritten.
  rename: db.prepare(`UPDATE feeds SET title = CASE WHEN @title != '' THEN @title ELSE title END, website = COALESCE(@website, website)
  WHERE id = @id AND ((@title != '' AND title IS NOT @title) OR (@website IS NOT NULL AND website IS NOT @website))`),
  recentDates: db.prepare(`SELECT published_ms FROM items WHERE feed_id = ? ORDER BY published_ms DESC LIMIT ${PACE_ITEMS}`).pluck(),
  defer: db.prepare('UPDATE feeds SET next_fetch_at = ?, lease_until = NULL WHERE id = ?'),
  failure: db.prepare(`UPDATE feeds SET status = @status, failure_count = @failures, last_error = @message, last_fetched_at = @at,
    next_fetch_at = @next, lease_until = NULL WHERE id = @id`),
}));

/** Writes one feed in the open transaction; its items' search texts go to `searchTexts` when given (see SearchTexts). */
function writeFeed(db: Db, write: FeedWrite, steps: NewItemSteps, searchTexts?: SearchTexts): FeedWritten {
  const s = statementsOf(db);
  const { feedId } = write;
  const none = { feedId, stored: { added: [], skipped: 0 } };
  const success = (at: Date, interval: number, validators: { etag: string | null; last_modified: string | null; ttl_minutes: number | null } | null) => s.success.run({
    id: feedId, at: at.toISOString(), next: new Date(at.getTime() + interval).toISOString(),
    etag: validators?.etag ?? null, lastModified: validators?.last_modified ?? null, ttl: validators?.ttl_minutes ?? null,
  });
  const published = () => s.recentDates.all(feedId) as number[];
  switch (write.kind) {
    case 'deferred':
      s.defer.run(write.nextFetchAt.toISOString(), feedId);
      return none;
    case 'failed':
      s.failure.run({ id: feedId, status: write.status, failures: write.failures, message: write.message, at: write.at.toISOString(), next: write.nextFetchAt.toISOString() });
      return none;
    case 'not_modified':
      success(write.at, write.next(published()), null);
      return none;
    case 'parsed': {
      const { channel } = write;
      // A feed subscribed without being fetched (an OPML import) learns what it is on its first stored items.
      s.describe.run({
        id: feedId, title: channel.title, website: channel.website, description: channel.description, language: channel.language,
        artwork: channel.artwork_url, podcast: channel.is_podcast ? 1 : 0,
      });
      // The channel's name and site follow the feed on every fetch; a title a subscriber gave is theirs (subscriptions.title) and stays.
      s.rename.run({ id: feedId, title: channel.title, website: channel.website });
      const stored = insertItems(db, feedId, write.items, write.at, steps, searchTexts, write.texts);
      recordListing(db, feedId, write.listed);
      success(write.at, write.next(published()), write.validators);
      return { feedId, stored };
    }
  }
}

/**
 * Writes fetched feeds in one transaction. First without a savepoint per feed, which would make
 * SQLite copy aside every page a feed first touches (5 to 10% of a refresh), and with the search
 * texts of all its items written last (see SearchTexts); should a feed fail, all is rolled back
 * and written again with one savepoint each, so that only that feed fails (and comes back with its error).
 */
function writeBatch(db: Db, writes: FeedWrite[], steps: NewItemSteps): FeedWritten[] {
  try {
    return db.transaction(() => {
      const searchTexts: SearchTexts = [];
      const written = writes.map((write) => writeFeed(db, write, steps, searchTexts));
      writeSearchTexts(db, searchTexts);
      return written;
    })();
  } catch {
    return db.transaction(() => writes.map((write): FeedWritten => {
      try {
        return db.transaction(() => writeFeed(db, write, steps))();
      } catch (error) {
        return { feedId: write.feedId, error: error instanceof Error ? error.message : 'The feed could not be stored.' };
      }
    }))();
  }
}

/** The refresh's store on SQLite. */
export function sqliteRefreshStore(db: Db): RefreshStore {
  const s = statementsOf(db);
  const claimDue = db.transaction((at: Date, limit: number, leaseMs: number): string[] => {
    const ids = s.due.all({ at: at.toISOString(), limit }) as string[];
    const until = new Date(at.getTime() + leaseMs).toISOString();
    for (const id of ids) s.lease.run(until, id);
    return ids;
  });
  return {
    claimDue: async (at, limit, leaseMs) => claimDue(at, limit, leaseMs),
    toRefresh: async ({ userId, all, at }) => s.toRefresh.all({ all: all ? 1 : 0, at: at.toISOString(), user: userId ?? null }) as FeedToRefresh[],
    fetchState: async (feedId) => (s.feedRow.get(feedId) as FeedFetchState | undefined) ?? null,
    fetchStates: async (feedIds) => feedIds.flatMap((feedId) => (s.feedRow.get(feedId) as FeedFetchState | undefined) ?? []),
    storedAmong: async (feedId, keys) => keys.map(({ guid, url, fingerprint }) => (guid
      ? storedUnchanged(s.byGuid.get(feedId, guid) as string | null | undefined, fingerprint)
      : Boolean(url && s.byUrl.get(feedId, url)))),
    readOnlyFile: db.memory ? null : db.name,
    write: async (writes, steps) => writeBatch(db, writes, steps),
    storeItems: async (feedId, items, now, steps) => db.transaction(() => insertItems(db, feedId, items, now, steps))(),
  };
}
