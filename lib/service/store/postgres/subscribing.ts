import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { listingOf } from '../sqlite/subscribing';
import { newFeedRow, type NewFeed, type SubscribeRules, type Subscribed, type SubscriptionStore } from '../subscriptions';
import { inTransaction, isUniqueViolation, retried, type Queryable } from './unit-of-work';

/** Runs SQL written with `@name` parameters (as the SQLite store's) with pg's positional ones. */
export async function named<Row extends Record<string, unknown>>(db: Queryable, sql: string, params: Record<string, unknown>): Promise<Row[]> {
  const order: string[] = [];
  const text = sql.replace(/@(\w+)/g, (_, name: string) => {
    let index = order.indexOf(name);
    if (index < 0) index = order.push(name) - 1;
    return `$${index + 1}`;
  });
  return (await db.query<Row>(text, order.map((name) => params[name]))).rows;
}

// The item is in the listing bound as @listing (JSON text), or that is null (every item counts).
const listedIn = /* sql */ `(@listing::text IS NULL
  OR i.guid IN (SELECT jsonb_array_elements_text(CAST(@listing::text AS jsonb) -> 'guids'))
  OR (i.guid IS NULL AND i.url IN (SELECT jsonb_array_elements_text(CAST(@listing::text AS jsonb) -> 'urls')))
  OR (i.guid IS NULL AND i.url IS NULL AND i.content_hash IN (SELECT jsonb_array_elements_text(CAST(@listing::text AS jsonb) -> 'hashes'))))`;

/** The id of the feed stored under this URL, or null, on the caller's client. */
export async function findFeed(db: Queryable, url: string): Promise<string | null> {
  const [row] = await named<{ id: string }>(db, 'SELECT id FROM feeds WHERE url = @url', { url });
  return row?.id ?? null;
}

/** Stores a new feed on the caller's client and returns its id. */
export async function createFeed(db: Queryable, feed: NewFeed, now: Date): Promise<string> {
  const id = randomUUID();
  await named(db, `INSERT INTO feeds (id, url, source_type, title, website, description, language, artwork_url, artist,
      podcast_summary, explicit, newsletter_address, ttl_minutes, created_at, last_fetched_at, is_demo)
    VALUES (@id, @url, @source_type, @title, @website, @description, @language, @artwork_url, @artist, @podcast_summary,
      @explicit, @newsletter_address, @ttl_minutes, @created_at, @created_at, @is_demo)`, newFeedRow(feed, id, now));
  return id;
}

/** Whether the user has room for one more subscription; takes the user's row, so concurrent subscribes of theirs wait. */
async function hasRoom(db: Queryable, userId: string, feedLimit: number | null): Promise<boolean> {
  await named(db, 'SELECT 1 FROM users WHERE id = @user FOR UPDATE', { user: userId });
  if (feedLimit === null) return true;
  const [row] = await named<{ n: number }>(db, 'SELECT COUNT(*)::int AS n FROM subscriptions WHERE user_id = @user', { user: userId });
  return row!.n < feedLimit;
}

/** Subscribes the user to a stored feed inside the caller's transaction (see SubscriptionStore.subscribe); `checked`: the caller checked the room. */
export async function subscribeInside(db: Queryable, userId: string, feedId: string, rules: SubscribeRules, checked: boolean): Promise<Subscribed | 'feed_limit'> {
  const [existing] = await named<{ id: string; title: string }>(db, `SELECT s.id, COALESCE(s.title, f.title) AS title
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = @user AND s.feed_id = @feed`, { user: userId, feed: feedId });
  if (existing) return { created: false, subscription_id: existing.id, feed_id: feedId, title: existing.title };
  if (!checked && !(await hasRoom(db, userId, rules.feedLimit))) return 'feed_limit';
  const id = randomUUID();
  await named(db, `INSERT INTO subscriptions (id, user_id, feed_id, folder_id, is_pinned, is_active, created_at)
    VALUES (@id, @user, @feed, @folder, 0, 1, @at)`, { id, user: userId, feed: feedId, folder: rules.folderId, at: rules.now.toISOString() });
  const since = rules.historyCap === null ? Number.MIN_SAFE_INTEGER : rules.now.getTime() - rules.historyCap * 86_400_000;
  // Items the user already holds (saved before unsubscribing) are claimed by the new subscription.
  await named(db, 'UPDATE entries SET subscription_id = @id WHERE user_id = @user AND item_id IN (SELECT id FROM items WHERE feed_id = @feed)',
    { id, user: userId, feed: feedId });
  const [feed] = await named<{ title: string; listed_items: string | null }>(db, 'SELECT title, listed_items FROM feeds WHERE id = @feed', { feed: feedId });
  await named(db, `INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
    SELECT @user, i.id, @id, i.item_type, i.published_ms, i.rowid FROM items i
    WHERE i.feed_id = @feed AND i.published_ms >= @since AND ${listedIn}
    ON CONFLICT DO NOTHING`, { user: userId, id, feed: feedId, since, listing: feed!.listed_items });
  return { created: true, subscription_id: id, feed_id: feedId, title: feed!.title };
}

/** Runs a unit of subscribing again once when another writer subscribed the same user to the same feed meanwhile. */
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return work();
  }
}

/** The subscribing half of the subscription store on PostgreSQL. */
export function postgresSubscribing(pool: Pool): Pick<SubscriptionStore, 'findFeed' | 'staleForNewSubscriber' | 'subscribe' | 'subscribeToNewFeed'> {
  return {
    findFeed: (url) => retried(() => findFeed(pool, url)),
    staleForNewSubscriber: (userId, feedId, at) => retried(async () => (await named(pool, `SELECT 1 FROM feeds f
      WHERE f.id = @feed AND f.url IS NOT NULL AND f.source_type != 'newsletter' AND f.is_demo = 0
      AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = @user AND s.feed_id = f.id)
      AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= @at
        OR NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1))`,
    { feed: feedId, user: userId, at: at.toISOString() })).length > 0),
    subscribe: (userId, feedId, rules) => once(() => inTransaction(pool, (db) => subscribeInside(db, userId, feedId, rules, false))),
    subscribeToNewFeed: async (userId, feed, firstFetch, rules) => {
      try {
        return await inTransaction(pool, async (db) => {
          // A newsletter's feed outlives its subscriptions under its (unique) address.
          const stored = feed.url !== null ? await findFeed(db, feed.url)
            : feed.newsletter_address ? (await named<{ id: string }>(db, 'SELECT id FROM feeds WHERE newsletter_address = @address',
              { address: feed.newsletter_address }))[0]?.id ?? null : null;
          if (stored) return subscribeInside(db, userId, stored, rules, false);
          if (!(await hasRoom(db, userId, rules.feedLimit))) return 'feed_limit' as const;
          const feedId = await createFeed(db, feed, rules.now);
          if (firstFetch) {
            await named(db, `UPDATE feeds SET etag = @etag, last_modified = @modified, next_fetch_at = @next, listed_items = @listing WHERE id = @id`, {
              etag: firstFetch.etag, modified: firstFetch.last_modified, next: firstFetch.next_fetch_at, listing: listingOf(firstFetch.listed), id: feedId,
            });
          }
          return subscribeInside(db, userId, feedId, rules, true);
        });
      } catch (error) {
        // Another request stored the same URL meanwhile: this user subscribes to that feed.
        const stored = isUniqueViolation(error) && feed.url ? await findFeed(pool, feed.url) : null;
        if (!stored) throw error;
        return once(() => inTransaction(pool, (db) => subscribeInside(db, userId, stored, rules, false)));
      }
    },
  };
}
