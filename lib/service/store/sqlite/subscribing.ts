import { randomUUID } from 'node:crypto';
import { contentHash } from '../content-hash';
import { preparedOnce, type Db } from '../database';
import { newFeedRow, type FirstFetch, type HistoryCap, type ListedKey, type NewFeed, type SubscribeRules, type Subscribed, type SubscriptionStore } from '../subscriptions';

/** The listing as stored on the feed (feeds.listed_items): guids, the links of items without one, and the content hashes of items with neither. */
export function listingOf(keys: ListedKey[]): string {
  const guids: string[] = [];
  const urls: string[] = [];
  const hashes: string[] = [];
  for (const key of keys) {
    if (key.guid) guids.push(key.guid);
    else if (key.url) urls.push(key.url);
    else if (key.title !== undefined) hashes.push(contentHash({ title: key.title, content: key.content ?? '', summary: key.summary ?? '' }));
  }
  // Without such items the listing reads as before, so a feed's stored listing is not rewritten for nothing.
  return JSON.stringify(hashes.length ? { guids, urls, hashes } : { guids, urls });
}

/**
 * SQL condition on `items i`: the item is in the listing bound as `@listing`, or that is null
 * (every item counts). Bound rather than read from the feed's row, so that SQLite reads the
 * listing once, not once per stored item (20,000 stored items and 1,000 listed took 5 s).
 */
const listedIn = /* sql */ `(@listing IS NULL
  OR i.guid IN (SELECT value FROM json_each(@listing, '$.guids'))
  OR (i.guid IS NULL AND i.url IN (SELECT value FROM json_each(@listing, '$.urls')))
  OR (i.guid IS NULL AND i.url IS NULL AND i.content_hash IN (SELECT value FROM json_each(@listing, '$.hashes'))))`;

const statements = preparedOnce((db: Db) => ({
  insertFeed: db.prepare(`INSERT INTO feeds (id, url, source_type, title, website, description, language, artwork_url, artist,
      podcast_summary, explicit, newsletter_address, ttl_minutes, created_at, last_fetched_at, is_demo)
    VALUES (@id, @url, @source_type, @title, @website, @description, @language, @artwork_url, @artist, @podcast_summary,
      @explicit, @newsletter_address, @ttl_minutes, @created_at, @created_at, @is_demo)`),
  feedByUrl: db.prepare('SELECT id FROM feeds WHERE url = ?').pluck(),
  feedByNewsletter: db.prepare('SELECT id FROM feeds WHERE newsletter_address = ?').pluck(),
  // Most fetches list what the last one did: an unchanged listing is not written again.
  recordListing: db.prepare('UPDATE feeds SET listed_items = @listing WHERE id = @id AND listed_items IS NOT @listing'),
  listing: db.prepare('SELECT listed_items FROM feeds WHERE id = ?').pluck(),
  firstFetch: db.prepare('UPDATE feeds SET etag = ?, last_modified = ?, next_fetch_at = ? WHERE id = ?'),
  insertSubscription: db.prepare(`INSERT INTO subscriptions (id, user_id, feed_id, folder_id, is_pinned, is_active, created_at)
    VALUES (?, ?, ?, ?, 0, 1, ?)`),
  // Items the user already holds (saved before unsubscribing) are claimed by the new subscription.
  claimEntries: db.prepare('UPDATE entries SET subscription_id = ? WHERE user_id = ? AND item_id IN (SELECT id FROM items WHERE feed_id = ?)'),
  giveEntries: db.prepare(`INSERT OR IGNORE INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
    SELECT @user, i.id, @subscription, i.item_type, i.published_ms, i.rowid FROM items i
    WHERE i.feed_id = @feed AND i.published_ms >= @since AND ${listedIn}`),
  existing: db.prepare(`SELECT s.id, COALESCE(s.title, f.title) AS title FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND s.feed_id = ?`),
  count: db.prepare('SELECT COUNT(*) FROM subscriptions WHERE user_id = ?').pluck(),
  feedTitle: db.prepare('SELECT title FROM feeds WHERE id = ?').pluck(),
  stale: db.prepare(`SELECT 1 FROM feeds f WHERE f.id = @feed AND f.url IS NOT NULL AND f.source_type != 'newsletter' AND f.is_demo = 0
      AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = @user AND s.feed_id = f.id)
      AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= @at
        OR NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1))`).pluck(),
}));

/**
 * Stores a new feed (shared by all its subscribers) and returns its id. Synchronous, for the
 * callers that store feeds inside their own transaction (the SQLite OPML import, tests' harness, benches).
 */
export function createFeed(db: Db, feed: NewFeed, now = new Date()): string {
  const id = randomUUID();
  statements(db).insertFeed.run(newFeedRow(feed, id, now));
  return id;
}

/** The id of the feed stored under this URL, or null. */
export function findFeedByUrl(db: Db, url: string): string | null {
  return (statements(db).feedByUrl.get(url) as string | undefined) ?? null;
}

/** Records what a fetch of the feed listed (synchronous: the refresh writes it inside its batch's transaction). */
export function recordListing(db: Db, feedId: string, keys: ListedKey[]): void {
  statements(db).recordListing.run({ id: feedId, listing: listingOf(keys) });
}

/**
 * Subscribes a user to a stored feed and gives them entries for the items its latest fetch listed
 * (not every item ever stored for it), none published more than the cap's days before now;
 * returns the subscription id. Synchronous, joining the caller's transaction (subscribeNow, tests' harness, benches).
 */
export function subscribeUserToFeed(db: Db, userId: string, feedId: string, options: { folderId?: string | null; now?: Date; historyCap?: HistoryCap } = {}): string {
  const now = options.now ?? new Date();
  const id = randomUUID();
  db.transaction(() => {
    statements(db).insertSubscription.run(id, userId, feedId, options.folderId ?? null, now.toISOString());
    const cap = options.historyCap ?? null;
    const since = cap === null ? Number.MIN_SAFE_INTEGER : now.getTime() - cap * 86_400_000;
    statements(db).claimEntries.run(id, userId, feedId);
    statements(db).giveEntries.run({ user: userId, subscription: id, feed: feedId, since, listing: statements(db).listing.get(feedId) as string | null });
  })();
  return id;
}

/**
 * Subscribes the user to a stored feed, or finds their subscription (see SubscriptionStore.subscribe);
 * synchronous, as its own transaction or a savepoint of the caller's (the OPML import's).
 */
export function subscribeNow(db: Db, userId: string, feedId: string, rules: SubscribeRules): Subscribed | 'feed_limit' {
  return transactions(db).subscribe(userId, feedId, rules);
}

const transactions = preparedOnce((db: Db) => ({
  subscribe: db.transaction((userId: string, feedId: string, rules: SubscribeRules): Subscribed | 'feed_limit' => {
    const existing = statements(db).existing.get(userId, feedId) as { id: string; title: string } | undefined;
    if (existing) return { created: false, subscription_id: existing.id, feed_id: feedId, title: existing.title };
    if (rules.feedLimit !== null && (statements(db).count.get(userId) as number) >= rules.feedLimit) return 'feed_limit';
    const id = subscribeUserToFeed(db, userId, feedId, { folderId: rules.folderId, now: rules.now, historyCap: rules.historyCap });
    return { created: true, subscription_id: id, feed_id: feedId, title: statements(db).feedTitle.get(feedId) as string };
  }),
}));

/** The subscribing half of the subscription store on SQLite (see SubscriptionStore). */
export function subscribingUnits(db: Db): Pick<SubscriptionStore, 'findFeed' | 'staleForNewSubscriber' | 'subscribe' | 'subscribeToNewFeed'> {
  const subscribeToNewFeed = db.transaction((userId: string, feed: NewFeed, firstFetch: FirstFetch | null, rules: SubscribeRules): Subscribed | 'feed_limit' => {
    // A newsletter's feed outlives its subscriptions under its (unique) address.
    const stored = feed.url !== null ? findFeedByUrl(db, feed.url)
      : feed.newsletter_address ? (statements(db).feedByNewsletter.get(feed.newsletter_address) as string | undefined) ?? null : null;
    if (stored) return subscribeNow(db, userId, stored, rules);
    if (rules.feedLimit !== null && (statements(db).count.get(userId) as number) >= rules.feedLimit) return 'feed_limit';
    const feedId = createFeed(db, feed, rules.now);
    if (firstFetch) {
      statements(db).firstFetch.run(firstFetch.etag, firstFetch.last_modified, firstFetch.next_fetch_at, feedId);
      recordListing(db, feedId, firstFetch.listed);
    }
    return subscribeNow(db, userId, feedId, rules);
  });

  return {
    findFeed: async (url) => findFeedByUrl(db, url),
    staleForNewSubscriber: async (userId, feedId, at) => statements(db).stale.get({ feed: feedId, user: userId, at: at.toISOString() }) === 1,
    subscribe: async (userId, feedId, rules) => subscribeNow(db, userId, feedId, rules),
    subscribeToNewFeed: async (userId, feed, firstFetch, rules) => subscribeToNewFeed(userId, feed, firstFetch, rules),
  };
}
