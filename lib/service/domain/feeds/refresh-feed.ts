import { fetchFeed, FetchError, type FetchOk } from '../../ingest/fetch-feed';
import { FeedParseError } from '../../ingest/parse-feed';
import type { ParsedFeed } from '../../ingest/types';
import type { ServiceContext } from '../../context';
import { preparedOnce, type Db } from '../../store/database';
import { storedUnchanged } from '../../store/stored-item-keys';
import type { PreparedDoc } from '../../intelligence';
import { failureSentence } from './failure-sentence';
import { sharedFeedPreparer, type FeedPreparer } from './feed-preparer';
import { fetchFullArticlesLater } from './full-articles';
import { backoff, PACE_ITEMS, paceLimits, paceOf } from './refresh-pace';
import { recordListing } from '../../store/sqlite/subscribing';
import type { ListedKey } from '../../store/subscriptions';
import type { ItemText } from './item-text';
import { insertItems, writeSearchTexts, type SearchTexts } from './store-items';
import { indexPreparedItemsLater } from './store-parsed-feed';

/** Failures in a row after which a feed is given up on (`dead`) until someone touches it. */
export const failuresBeforeDead = 10;

type FeedRow = { id: string; url: string; etag: string | null; last_modified: string | null; ttl_minutes: number | null; failure_count: number };

/** What one refresh did, for the scheduler's log and the benchmark; `deferred`: its site asked to wait (Retry-After), so it was not asked. */
export type RefreshOutcome = {
  feedId: string; result: 'updated' | 'not_modified' | 'failed' | 'deferred'; added: number; message?: string;
  /** Stored items the feed edited in place, brought up to date. */
  changed?: number;
  /** A failure because the document is no feed (a web page, say). */
  notAFeed?: boolean;
};

function prepareStatements(db: Db) {
  return {
    byGuid: db.prepare('SELECT source_hash FROM items WHERE feed_id = ? AND guid = ?').pluck(),
    byUrl: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck(),
    feedRow: db.prepare('SELECT id, url, etag, last_modified, ttl_minutes, failure_count FROM feeds WHERE id = ?'),
    success: db.prepare(`UPDATE feeds SET status = 'healthy', failure_count = 0, last_error = NULL, last_fetched_at = @at, next_fetch_at = @next,
      etag = COALESCE(@etag, etag), last_modified = COALESCE(@lastModified, last_modified), ttl_minutes = COALESCE(@ttl, ttl_minutes)
    WHERE id = @id`),
    describe: db.prepare(`UPDATE feeds SET title = CASE WHEN @title != '' THEN @title ELSE title END,
      website = COALESCE(website, @website), description = COALESCE(description, @description), language = COALESCE(language, @language), artwork_url = COALESCE(artwork_url, @artwork),
      source_type = CASE WHEN @podcast = 1 AND source_type = 'feed' THEN 'podcast' ELSE source_type END
    WHERE id = @id AND last_update IS NULL`),
    // Written only when they changed: most fetches find the same name, and an unchanged row is not rewritten.
    rename: db.prepare(`UPDATE feeds SET title = CASE WHEN @title != '' THEN @title ELSE title END, website = COALESCE(@website, website)
    WHERE id = @id AND ((@title != '' AND title IS NOT @title) OR (@website IS NOT NULL AND website IS NOT @website))`),
    recentDates: db.prepare(`SELECT published_ms FROM items WHERE feed_id = ? ORDER BY published_ms DESC LIMIT ${PACE_ITEMS}`).pluck(),
    defer: db.prepare('UPDATE feeds SET next_fetch_at = ? WHERE id = ?'),
    failure: db.prepare(`UPDATE feeds SET status = @status, failure_count = @failures, last_error = @message, last_fetched_at = @at,
      next_fetch_at = @next WHERE id = @id`),
  };
}

/** Statements prepared once per database: a refresh runs each for every feed (preparing them was 2% of a big one). */
const statementsOf = preparedOnce(prepareStatements);

/** A feed as fetched and parsed, waiting to be written. */
type FeedUpdate = { feed: FeedRow } & (
  | { kind: 'not_modified'; maxAge: number | null }
  | { kind: 'deferred'; retryAfter: number }
  | { kind: 'parsed'; parsed: ParsedFeed; docs: PreparedDoc[]; texts: ItemText[]; listed: ListedKey[]; response: FetchOk }
  | { kind: 'failed'; message: string; retryAfter: number | null; notAFeed: boolean }
);

function failure(feed: FeedRow, error: unknown): FeedUpdate {
  // Another feed of the same site was told to wait: this one waits too, without counting as a failure.
  if (error instanceof FetchError && error.reason === 'host_paused') return { feed, kind: 'deferred', retryAfter: error.retryAfterSeconds ?? 0 };
  const message = failureSentence(error);
  const retryAfter = error instanceof FetchError ? error.retryAfterSeconds ?? null : null;
  return { feed, kind: 'failed', message, retryAfter, notAFeed: error instanceof FeedParseError };
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
  if (response.kind === 'not_modified') return { feed, kind: 'not_modified', maxAge: response.cacheControlMaxAge };
  const ok = response;
  const { byGuid, byUrl } = statementsOf(service.db);
  // Items already stored are left out before the costly sanitizing: a refresh pays for new items only.
  const prepared = preparer.prepare({ body: ok.body, url: ok.finalUrl, contentType: ok.contentType }, {
    // Terms for similar items and stories are worked out when the items are indexed, behind the refresh.
    file: service.db.memory ? null : service.db.name, feedId: feed.id, withDocs: false,
    // An item the feed edited in place (same guid, another fingerprint) is prepared again, and updated when written.
    known: (keys) => keys.map(({ guid, url, fingerprint }) => (guid
      ? storedUnchanged(byGuid.get(feed.id, guid) as string | null | undefined, fingerprint)
      : Boolean(url && byUrl.get(feed.id, url)))),
  });
  return {
    kind: 'preparing',
    update: prepared.then(({ feed: parsed, docs, texts, listed }): FeedUpdate => ({ feed, kind: 'parsed', parsed, docs, texts, listed, response: ok }), (error) => failure(feed, error)),
  };
}

/**
 * Writes one fetched feed: its new items (listed at once, their intelligence queued behind the
 * refresh) and its status; throws when the feed cannot be stored. The items' search texts go to
 * `searchTexts` when given, for the caller to write before it commits.
 */
function writeFeed(service: ServiceContext, update: FeedUpdate, at: Date, searchTexts?: SearchTexts): RefreshOutcome {
  const { feed } = update;
  if (update.kind === 'failed') return { ...writeFailure(service, feed, at, update.message, update.retryAfter), ...(update.notAFeed && { notAFeed: true }) };
  if (update.kind === 'deferred') {
    statementsOf(service.db).defer.run(new Date(at.getTime() + update.retryAfter * 1000).toISOString(), feed.id);
    return { feedId: feed.id, result: 'deferred', added: 0, message: 'Its site asked to be fetched later.' };
  }
  if (update.kind === 'not_modified') {
    recordSuccess(service, feed, at, pace(service, feed.id, feed.ttl_minutes, update.maxAge, at), {});
    return { feedId: feed.id, result: 'not_modified', added: 0 };
  }
  const { parsed, docs, texts, listed, response } = update;
  // A feed subscribed without being fetched (an OPML import) learns what it is on its first stored items.
  statementsOf(service.db).describe.run({
    id: feed.id, title: parsed.title, website: parsed.website, description: parsed.description, language: parsed.language,
    artwork: parsed.artwork_url, podcast: parsed.is_podcast ? 1 : 0,
  });
  // The channel's name and site follow the feed on every fetch; a title a subscriber gave is theirs (subscriptions.title) and stays.
  statementsOf(service.db).rename.run({ id: feed.id, title: parsed.title, website: parsed.website });
  const stored = indexPreparedItemsLater(service, feed.id, parsed, insertItems(service.db, feed.id, parsed.items, at, searchTexts, texts), at, docs);
  if (stored.added.length) fetchFullArticlesLater(service, feed.id);
  recordListing(service.db, feed.id, listed);
  recordSuccess(service, feed, at, pace(service, feed.id, parsed.ttl_minutes ?? feed.ttl_minutes, response.cacheControlMaxAge, at), {
    etag: response.etag, last_modified: response.lastModified, ttl_minutes: parsed.ttl_minutes,
  });
  return { feedId: feed.id, result: 'updated', added: stored.added.length, ...(stored.changed && { changed: stored.changed.length }) };
}

/** The feed's next interval from what it asks and the dates of its latest stored items. */
function pace(service: ServiceContext, feedId: string, ttlMinutes: number | null, maxAgeSeconds: number | null, at: Date): number {
  const published = statementsOf(service.db).recentDates.all(feedId) as number[];
  return paceOf({ ttlMinutes, maxAgeSeconds, published }, paceLimits(service.config), at.getTime());
}

/** Writes one fetched feed in a savepoint of its own, so a failure leaves nothing half-stored and is reported on the feed. */
function writeUpdate(service: ServiceContext, update: FeedUpdate, at: Date): RefreshOutcome {
  if (update.kind === 'failed' || update.kind === 'deferred') return writeFeed(service, update, at);
  try {
    return service.db.transaction(() => writeFeed(service, update, at))();
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The feed could not be stored.';
    return writeFailure(service, update.feed, at, message, null);
  }
}

/**
 * Writes fetched feeds in one transaction. First without a savepoint per feed, which would make
 * SQLite copy aside every page a feed first touches (5 to 10% of a refresh), and with the search
 * texts of all its items written last (see SearchTexts); should a feed fail, all is rolled back
 * and written again with one savepoint each, so that only that feed fails.
 */
function writeBatch(service: ServiceContext, batch: FeedUpdate[], at: Date): RefreshOutcome[] {
  try {
    return service.db.transaction(() => {
      const searchTexts: SearchTexts = [];
      const outcomes = batch.map((update) => writeFeed(service, update, at, searchTexts));
      writeSearchTexts(service.db, searchTexts);
      return outcomes;
    })();
  } catch {
    return service.db.transaction(() => batch.map((update) => writeUpdate(service, update, at)))();
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
    next: new Date(at.getTime() + backoff(failures, retryAfterSeconds, paceLimits(service.config))).toISOString(),
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
 * `preparer` (on its worker thread) meanwhile; `onStored` hears of each batch once it is written. Fetched feeds are written
 * together, up to BATCH_FEEDS or BATCH_ITEMS in one transaction (a savepoint each): a commit
 * costs about the same for one feed as for fifty, since each dirties pages all over the term
 * and posting indexes, and the word counts of a batch are written once.
 */
export async function refreshFeeds(
  service: ServiceContext, feedIds: string[], concurrency = 4, preparer = sharedFeedPreparer(), onStored?: (outcomes: RefreshOutcome[]) => void,
): Promise<RefreshOutcome[]> {
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
    let written: RefreshOutcome[];
    try {
      written = writeBatch(service, batch, at);
    } catch (error) {
      // The commit itself failed (disk full, locked): nothing of the batch was stored.
      const message = error instanceof Error ? error.message : 'The refresh could not be stored.';
      written = batch.map(({ feed }) => ({ feedId: feed.id, result: 'failed', added: 0, message }));
    }
    outcomes.push(...written);
    onStored?.(written);
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
        const none: RefreshOutcome = { feedId, result: 'failed', added: 0, message: 'The feed has no URL to fetch.' };
        outcomes.push(none);
        onStored?.([none]);
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
  // Indexing waits until the round's feeds are stored, then drains behind it.
  const resumeIndexing = service.intelligence.hold();
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, feedIds.length) }, fetcher));
    while (preparing.size) await Promise.race(preparing);
    write();
  } finally {
    resumeIndexing();
  }
  return outcomes;
}
