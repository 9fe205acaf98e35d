import { fetchFeed, FetchError, type FetchOk } from '../../ingest/fetch-feed';
import type { ParsedFeed } from '../../ingest/types';
import type { ServiceContext } from '../../context';
import { preparedOnce, type Db } from '../../store/database';
import type { PreparedDoc } from '../../intelligence';
import { failureSentence } from './failure-sentence';
import { sharedFeedPreparer, type FeedPreparer } from './feed-preparer';
import { fetchFullArticlesLater } from './full-articles';
import { insertParsedFeed } from './store-parsed-feed';

const minute = 60_000;
/** Failures in a row after which a feed is given up on (`dead`) until someone touches it. */
export const failuresBeforeDead = 10;
const defaultInterval = 30 * minute;
const shortestInterval = 10 * minute;
const longestInterval = 24 * 60 * minute;

type FeedRow = { id: string; url: string; etag: string | null; last_modified: string | null; ttl_minutes: number | null; failure_count: number };

/** What one refresh did, for the scheduler's log and the benchmark. */
export type RefreshOutcome = { feedId: string; result: 'updated' | 'not_modified' | 'failed'; added: number; message?: string };

function clamp(ms: number): number {
  return Math.min(longestInterval, Math.max(shortestInterval, ms));
}

/** How long until the next fetch after a success: the feed's own pace (ttl, Cache-Control), else 30 minutes. */
export function paceOf(ttlMinutes: number | null, maxAgeSeconds: number | null): number {
  const hints = [ttlMinutes ? ttlMinutes * minute : 0, maxAgeSeconds ? maxAgeSeconds * 1000 : 0];
  const hinted = Math.max(...hints);
  return clamp(hinted || defaultInterval);
}

/** Backoff after the n-th failure in a row, or the server's Retry-After when it is longer. */
function backoff(failures: number, retryAfterSeconds: number | null): number {
  const exponential = shortestInterval * 2 ** Math.min(failures - 1, 8);
  return Math.min(longestInterval, Math.max(exponential, (retryAfterSeconds ?? 0) * 1000));
}

function prepareStatements(db: Db) {
  return {
    byGuid: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND guid = ?').pluck(),
    byUrl: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck(),
    feedRow: db.prepare('SELECT id, url, etag, last_modified, ttl_minutes, failure_count FROM feeds WHERE id = ?'),
    success: db.prepare(`UPDATE feeds SET status = 'healthy', failure_count = 0, last_error = NULL, last_fetched_at = @at, next_fetch_at = @next,
      etag = COALESCE(@etag, etag), last_modified = COALESCE(@lastModified, last_modified), ttl_minutes = COALESCE(@ttl, ttl_minutes)
    WHERE id = @id`),
    failure: db.prepare(`UPDATE feeds SET status = @status, failure_count = @failures, last_error = @message, last_fetched_at = @at,
      next_fetch_at = @next WHERE id = @id`),
  };
}

/** Statements prepared once per database: a refresh runs each for every feed (preparing them was 2% of a big one). */
const statementsOf = preparedOnce(prepareStatements);

/** A feed as fetched and parsed, waiting to be written. */
type FeedUpdate = { feed: FeedRow } & (
  | { kind: 'not_modified' }
  | { kind: 'parsed'; parsed: ParsedFeed; docs: PreparedDoc[]; response: FetchOk }
  | { kind: 'failed'; message: string; retryAfter: number | null }
);

function failure(feed: FeedRow, error: unknown): FeedUpdate {
  const message = failureSentence(error);
  const retryAfter = error instanceof FetchError ? error.retryAfterSeconds ?? null : null;
  return { feed, kind: 'failed', message, retryAfter };
}

/** A fetched document on its way through the preparer (see feed-preparer.ts). */
type Preparing = { kind: 'preparing'; update: Promise<FeedUpdate> };

/**
 * Fetches a feed conditionally; a document fetched goes to the preparer, which parses what is new
 * in it (on its worker thread), and comes back as the update under way. Never rejects.
 */
async function fetchUpdate(service: ServiceContext, feed: FeedRow & { url: string }, preparer: FeedPreparer): Promise<FeedUpdate | Preparing> {
  let response;
  try {
    response = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.last_modified, allowPrivate: service.config.allowPrivateUrls });
  } catch (error) {
    return failure(feed, error);
  }
  if (response.kind === 'not_modified') return { feed, kind: 'not_modified' };
  const ok = response;
  const { byGuid, byUrl } = statementsOf(service.db);
  // Items already stored are left out before the costly sanitizing: a refresh pays for new items only.
  const prepared = preparer.prepare({ body: ok.body, url: ok.finalUrl, contentType: ok.contentType }, {
    file: service.db.memory ? null : service.db.name, feedId: feed.id,
    known: (keys) => keys.map(({ guid, url }) => Boolean(guid ? byGuid.get(feed.id, guid) : url && byUrl.get(feed.id, url))),
  });
  return {
    kind: 'preparing',
    update: prepared.then(({ feed: parsed, docs }): FeedUpdate => ({ feed, kind: 'parsed', parsed, docs, response: ok }), (error) => failure(feed, error)),
  };
}

/** Writes one fetched feed: its new items with their intelligence, and its status; throws when the feed cannot be stored. */
function writeFeed(service: ServiceContext, update: FeedUpdate, at: Date): RefreshOutcome {
  const { feed } = update;
  if (update.kind === 'failed') return writeFailure(service, feed, at, update.message, update.retryAfter);
  if (update.kind === 'not_modified') {
    recordSuccess(service, feed, at, paceOf(feed.ttl_minutes, null), {});
    return { feedId: feed.id, result: 'not_modified', added: 0 };
  }
  const { parsed, docs, response } = update;
  const stored = insertParsedFeed(service, feed.id, parsed, at, docs);
  if (stored.added.length) fetchFullArticlesLater(service, feed.id);
  recordSuccess(service, feed, at, paceOf(parsed.ttl_minutes ?? feed.ttl_minutes, response.cacheControlMaxAge), {
    etag: response.etag, last_modified: response.lastModified, ttl_minutes: parsed.ttl_minutes,
  });
  return { feedId: feed.id, result: 'updated', added: stored.added.length };
}

/** Writes one fetched feed in a savepoint of its own, so a failure leaves nothing half-stored and is reported on the feed. */
function writeUpdate(service: ServiceContext, update: FeedUpdate, at: Date): RefreshOutcome {
  if (update.kind === 'failed') return writeFeed(service, update, at);
  try {
    return service.db.transaction(() => writeFeed(service, update, at))();
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The feed could not be stored.';
    return writeFailure(service, update.feed, at, message, null);
  }
}

/**
 * Writes fetched feeds in one transaction. First without a savepoint per feed, which would make
 * SQLite copy aside every page a feed first touches (5 to 10% of a refresh); should a feed fail,
 * all is rolled back and written again with one savepoint each, so that only that feed fails.
 */
function writeBatch(service: ServiceContext, batch: FeedUpdate[], at: Date): RefreshOutcome[] {
  try {
    return service.intelligence.batch(() => batch.map((update) => writeFeed(service, update, at)));
  } catch {
    return service.intelligence.batch(() => batch.map((update) => writeUpdate(service, update, at)));
  }
}

function writeFailure(service: ServiceContext, feed: FeedRow, at: Date, message: string, retryAfter: number | null): RefreshOutcome {
  recordFailure(service, feed, at, message, retryAfter);
  return { feedId: feed.id, result: 'failed', added: 0, message };
}

function loadFeedRow(service: ServiceContext, feedId: string): FeedRow | undefined {
  return statementsOf(service.db).feedRow.get(feedId) as FeedRow | undefined;
}

/**
 * Fetches one feed (conditionally), stores its new items and moves its status between
 * healthy, failing and dead. Never throws: a broken feed is reported on the feed.
 */
export async function refreshFeed(service: ServiceContext, feedId: string, now = () => new Date()): Promise<RefreshOutcome> {
  const feed = loadFeedRow(service, feedId);
  if (!feed?.url) return { feedId, result: 'failed', added: 0, message: 'The feed has no URL to fetch.' };
  const fetched = await fetchUpdate(service, { ...feed, url: feed.url }, sharedFeedPreparer());
  return writeUpdate(service, fetched.kind === 'preparing' ? await fetched.update : fetched, now());
}

function recordSuccess(service: ServiceContext, feed: FeedRow, at: Date, pace: number, validators: { etag?: string | null; last_modified?: string | null; ttl_minutes?: number | null }): void {
  statementsOf(service.db).success.run({
    id: feed.id, at: at.toISOString(), next: new Date(at.getTime() + pace).toISOString(),
    etag: validators.etag ?? null, lastModified: validators.last_modified ?? null, ttl: validators.ttl_minutes ?? null,
  });
}

function recordFailure(service: ServiceContext, feed: FeedRow, at: Date, message: string, retryAfterSeconds: number | null): void {
  const failures = feed.failure_count + 1;
  statementsOf(service.db).failure.run({
    id: feed.id, failures, message, at: at.toISOString(),
    status: failures >= failuresBeforeDead ? 'dead' : 'failing',
    next: new Date(at.getTime() + backoff(failures, retryAfterSeconds)).toISOString(),
  });
}

/** Feeds due for a refresh: not dead, not newsletters nor demo sources, followed by at least one active subscription. */
export function dueFeeds(service: ServiceContext, at: Date, limit: number): string[] {
  return service.db.prepare(`SELECT f.id FROM feeds f WHERE f.url IS NOT NULL AND f.status != 'dead' AND f.source_type != 'newsletter'
      AND f.is_demo = 0 AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= ?)
      AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1)
    ORDER BY f.next_fetch_at LIMIT ?`).pluck().all(at.toISOString(), limit) as string[];
}

/** Longest a fetched feed waits for others to be written with it. */
const BATCH_WAIT_MS = 100;
/** Most feeds written in one transaction. */
const BATCH_FEEDS = 50;
/** New items after which a batch is written: writing blocks the event loop (~1 ms an item), so at most about a second. */
const BATCH_ITEMS = 1000;
/**
 * Fetched documents waiting for the preparer before a fetch waits: enough that its thread has
 * work all through a batch's writing (which stops the main thread, fetches included).
 */
const MAX_PREPARING = 32;

/**
 * Refreshes the given feeds, `concurrency` fetches at a time, their documents parsed by
 * `preparer` (on its worker thread) meanwhile. Fetched feeds are written
 * together, up to BATCH_FEEDS or BATCH_ITEMS in one transaction (a savepoint each): a commit
 * costs about the same for one feed as for fifty, since each dirties pages all over the term
 * and posting indexes, and the word counts of a batch are written once.
 */
export async function refreshFeeds(service: ServiceContext, feedIds: string[], concurrency = 4, preparer = sharedFeedPreparer()): Promise<RefreshOutcome[]> {
  const outcomes: RefreshOutcome[] = [];
  const ready: FeedUpdate[] = [];
  let readyItems = 0;
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = ready.splice(0);
    readyItems = 0;
    if (!batch.length) return;
    const at = new Date();
    try {
      outcomes.push(...writeBatch(service, batch, at));
    } catch (error) {
      // The commit itself failed (disk full, locked): nothing of the batch was stored.
      const message = error instanceof Error ? error.message : 'The refresh could not be stored.';
      for (const { feed } of batch) outcomes.push({ feedId: feed.id, result: 'failed', added: 0, message });
    }
  };
  const accept = (update: FeedUpdate) => {
    ready.push(update);
    if (update.kind === 'parsed') readyItems += update.parsed.items.length;
    if (ready.length >= BATCH_FEEDS || readyItems >= BATCH_ITEMS) write();
    else timer ??= setTimeout(write, BATCH_WAIT_MS);
  };
  const preparing = new Set<Promise<void>>();
  let next = 0;
  const fetcher = async () => {
    while (next < feedIds.length) {
      const feedId = feedIds[next++];
      const feed = loadFeedRow(service, feedId);
      if (!feed?.url) {
        outcomes.push({ feedId, result: 'failed', added: 0, message: 'The feed has no URL to fetch.' });
        continue;
      }
      const fetched = await fetchUpdate(service, { ...feed, url: feed.url }, preparer);
      if (fetched.kind !== 'preparing') {
        accept(fetched);
        continue;
      }
      // The fetcher goes on to the next feed while this one is prepared.
      const done: Promise<void> = fetched.update.then((update) => {
        preparing.delete(done);
        accept(update);
      });
      preparing.add(done);
      while (preparing.size >= MAX_PREPARING) await Promise.race(preparing);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, feedIds.length) }, fetcher));
  while (preparing.size) await Promise.race(preparing);
  write();
  return outcomes;
}
