/*
 * The write of a refresh's fetched feeds on PostgreSQL, a batch at a time: each round trip cost
 * more than the work it carried (a feed took about thirteen, six of them updates of its row), so a
 * batch is one transaction, each feed's items go in one statement with their entries, and the
 * feeds' rows are written together, one UPDATE per kind of write.
 */
import type { Pool } from 'pg';
import { PACE_ITEMS } from '../../domain/feeds/refresh-pace';
import type { StoredItems } from '../../domain/feeds/store-items';
import type { FeedWrite, FeedWritten, NewItemSteps } from '../feeds';
import { listingOf } from '../sqlite/subscribing';
import { actOnStoredIn, storeFeedItemsIn } from './store-items';
import { inTransaction, type Queryable } from './unit-of-work';

/** The publication dates (epoch ms) of each feed's latest stored items, for its next interval: one query for the batch. */
async function latestPublished(db: Queryable, feedIds: string[]): Promise<Map<string, number[]>> {
  const { rows } = await db.query<{ feed_id: string; published_ms: string }>(`SELECT f.id AS feed_id, p.published_ms
    FROM unnest($1::text[]) AS f(id)
      CROSS JOIN LATERAL (SELECT published_ms FROM items WHERE feed_id = f.id ORDER BY published_ms DESC LIMIT ${PACE_ITEMS}) AS p`, [feedIds]);
  const published = new Map(feedIds.map((id) => [id, [] as number[]]));
  for (const row of rows) published.get(row.feed_id)!.push(Number(row.published_ms));
  return published;
}

/** The feeds among these with a subscriber whose active rule reaches them: only theirs need the rules read. */
async function feedsWithRules(db: Queryable, feedIds: string[]): Promise<Set<string>> {
  if (!feedIds.length) return new Set();
  const { rows } = await db.query<{ feed_id: string }>(`SELECT DISTINCT s.feed_id FROM subscriptions s
    JOIN rules r ON r.user_id = s.user_id AND r.is_active = 1 AND (r.subscription_id IS NULL OR r.subscription_id = s.id)
    WHERE s.feed_id = ANY($1::text[]) AND s.is_active = 1`, [feedIds]);
  return new Set(rows.map((row) => row.feed_id));
}

/** Runs one UPDATE of feeds from rows bound as JSON (`v`, of these typed columns), when there are rows. */
async function updateFeeds(db: Queryable, rows: Record<string, unknown>[], columns: string, set: string): Promise<void> {
  if (!rows.length) return;
  // In id order, so two batches at once lock rows in the same order.
  const sorted = [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  await db.query(`UPDATE feeds f SET ${set} FROM jsonb_to_recordset($1::jsonb) AS v(${columns}) WHERE f.id = v.id`, [JSON.stringify(sorted)]);
}

/**
 * Writes fetched feeds inside the caller's transaction (see the SQLite twin): the items of each
 * parsed feed, the rules' steps where a rule reaches it, then every feed's row. A channel fills in
 * what a feed subscribed without being fetched (an OPML import) lacks, on its first stored items;
 * its title and website are written when given (a subscriber's own title is theirs, in subscriptions).
 */
export async function writeFeedsIn(db: Queryable, writes: FeedWrite[], steps: NewItemSteps): Promise<FeedWritten[]> {
  const stored = new Map<string, StoredItems>();
  const parsed = writes.flatMap((write) => (write.kind === 'parsed' ? [write] : []));
  for (const write of parsed) stored.set(write.feedId, await storeFeedItemsIn(db, write.feedId, write.items, write.at, write.texts));
  const ruled = await feedsWithRules(db, parsed.filter((write) => stored.get(write.feedId)!.added.length).map((write) => write.feedId));
  for (const write of parsed) {
    if (ruled.has(write.feedId)) await actOnStoredIn(db, write.feedId, write.items, stored.get(write.feedId)!, steps);
  }
  const succeeded = writes.flatMap((write) => (write.kind === 'parsed' || write.kind === 'not_modified' ? [write] : []));
  const published = succeeded.length ? await latestPublished(db, succeeded.map((write) => write.feedId)) : new Map<string, number[]>();
  await updateFeeds(db, writes.flatMap((write) => (write.kind === 'deferred' ? [{ id: write.feedId, next: write.nextFetchAt.toISOString() }] : [])),
    'id text, next text', 'next_fetch_at = v.next, lease_until = NULL');
  await updateFeeds(db, writes.flatMap((write) => (write.kind === 'failed' ? [{
    id: write.feedId, status: write.status, failures: write.failures, message: write.message, at: write.at.toISOString(), next: write.nextFetchAt.toISOString(),
  }] : [])), 'id text, status text, failures int, message text, at text, next text',
  'status = v.status, failure_count = v.failures, last_error = v.message, last_fetched_at = v.at, next_fetch_at = v.next, lease_until = NULL');
  await updateFeeds(db, succeeded.map((write) => {
    const next = new Date(write.at.getTime() + write.next(published.get(write.feedId)!)).toISOString();
    const row = { id: write.feedId, at: write.at.toISOString(), next };
    if (write.kind === 'not_modified') return row;
    const items = stored.get(write.feedId)!;
    return {
      ...row, ...write.validators, ...write.channel, listing: listingOf(write.listed),
      updated: items.added.length || items.changed ? write.at.toISOString() : null,
    };
  }), `id text, at text, next text, etag text, last_modified text, ttl_minutes int, title text, website text, description text, language text,
    artwork_url text, is_podcast boolean, listing text, updated text`, `status = 'healthy', failure_count = 0, last_error = NULL,
    last_fetched_at = v.at, next_fetch_at = v.next, lease_until = NULL,
    etag = COALESCE(v.etag, f.etag), last_modified = COALESCE(v.last_modified, f.last_modified), ttl_minutes = COALESCE(v.ttl_minutes, f.ttl_minutes),
    title = CASE WHEN v.title != '' THEN v.title ELSE f.title END, website = COALESCE(v.website, f.website),
    description = CASE WHEN f.last_update IS NULL THEN COALESCE(f.description, v.description) ELSE f.description END,
    language = CASE WHEN f.last_update IS NULL THEN COALESCE(f.language, v.language) ELSE f.language END,
    artwork_url = CASE WHEN f.last_update IS NULL THEN COALESCE(f.artwork_url, v.artwork_url) ELSE f.artwork_url END,
    source_type = CASE WHEN v.is_podcast AND f.last_update IS NULL AND f.source_type = 'feed' THEN 'podcast' ELSE f.source_type END,
    listed_items = COALESCE(v.listing, f.listed_items), last_update = COALESCE(v.updated, f.last_update)`);
  return writes.map((write) => ({ feedId: write.feedId, stored: stored.get(write.feedId) ?? { added: [], skipped: 0 } }));
}

/**
 * Writes a batch of fetched feeds in one transaction; when it fails (one feed's items refused,
 * say), each feed is written again alone, so a feed that cannot be stored comes back with its
 * error and nothing of it written, and the others are stored.
 */
export async function writeFetchedFeeds(pool: Pool, writes: FeedWrite[], steps: NewItemSteps): Promise<FeedWritten[]> {
  const alone = (write: FeedWrite) => inTransaction(pool, (db) => writeFeedsIn(db, [write], steps)).then(([written]) => written!,
    (error: unknown): FeedWritten => ({ feedId: write.feedId, error: error instanceof Error ? error.message : 'The feed could not be stored.' }));
  if (writes.length === 1) return [await alone(writes[0]!)];
  try {
    return await inTransaction(pool, (db) => writeFeedsIn(db, writes, steps));
  } catch {
    const written: FeedWritten[] = [];
    for (const write of writes) written.push(await alone(write));
    return written;
  }
}
