import { fetchFeed, FetchError, type FetchOk } from '../../ingest/fetch-feed';
import { FeedParseError } from '../../ingest/parse-feed';
import type { ParsedFeed } from '../../ingest/types';
import type { ServiceContext } from '../../context';
import type { PreparedDoc } from '../../intelligence';
import { indexPreparedItemsLater } from '../../intelligence/ingest-queue';
import type { FeedFetchState, FeedWrite, NextInterval } from '../../store/feeds';
import type { ListedKey } from '../../store/subscriptions';
import { newItemSteps } from '../rules/ingest-rules';
import { failureSentence } from './failure-sentence';
import { sharedFeedPreparer, type FeedPreparer } from './feed-preparer';
import { fetchFullArticlesLater } from './full-articles';
import { backoff, paceLimits, paceOf } from './refresh-pace';
import type { ItemText } from './item-text';

/** Failures in a row after which a feed is given up on (`dead`) until someone touches it. */
export const failuresBeforeDead = 10;

/** What one refresh did, for the scheduler's log and the benchmark; `deferred`: its site asked to wait (Retry-After), so it was not asked. */
export type RefreshOutcome = {
  feedId: string; result: 'updated' | 'not_modified' | 'failed' | 'deferred'; added: number; message?: string;
  /** Stored items the feed edited in place, brought up to date. */
  changed?: number;
  /** A failure because the document is no feed (a web page, say). */
  notAFeed?: boolean;
};

/** A feed as fetched and parsed, waiting to be written. */
type FeedUpdate = { feed: FeedFetchState } & (
  | { kind: 'not_modified'; maxAge: number | null }
  | { kind: 'deferred'; retryAfter: number }
  | { kind: 'parsed'; parsed: ParsedFeed; docs: PreparedDoc[]; texts: ItemText[]; listed: ListedKey[]; response: FetchOk }
  | { kind: 'failed'; message: string; retryAfter: number | null; notAFeed: boolean }
);

function failure(feed: FeedFetchState, error: unknown): FeedUpdate {
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
async function fetchUpdate(service: ServiceContext, feed: FeedFetchState & { url: string }, preparer: FeedPreparer): Promise<FeedUpdate | Preparing> {
  let response;
  try {
    response = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.last_modified, allowPrivate: service.config.allowPrivateUrls });
  } catch (error) {
    return failure(feed, error);
  }
  if (response.kind === 'not_modified') return { feed, kind: 'not_modified', maxAge: response.cacheControlMaxAge };
  const ok = response;
  const feeds = service.store.feeds;
  // Items already stored are left out before the costly sanitizing: a refresh pays for new items only.
  const prepared = preparer.prepare({ body: ok.body, url: ok.finalUrl, contentType: ok.contentType }, {
    // Terms for similar items and stories are worked out when the items are indexed, behind the refresh.
    file: feeds.readOnlyFile, feedId: feed.id, withDocs: false,
    // An item the feed edited in place (same guid, another fingerprint) is prepared again, and updated when written.
    known: (keys) => feeds.storedAmong(feed.id, keys),
  });
  return {
    kind: 'preparing',
    update: prepared.then(({ feed: parsed, docs, texts, listed }): FeedUpdate => ({ feed, kind: 'parsed', parsed, docs, texts, listed, response: ok }), (error) => failure(feed, error)),
  };
}

/** The feed's next interval from what it asks and the dates of its latest stored items (read by the store as it writes). */
function nextInterval(service: ServiceContext, ttlMinutes: number | null, maxAgeSeconds: number | null, at: Date): NextInterval {
  return (published) => paceOf({ ttlMinutes, maxAgeSeconds, published }, paceLimits(service.config), at.getTime());
}

/** A failed fetch's write: one more failure in a row, dead after failuresBeforeDead, next tried after a backoff. */
function failedWrite(service: ServiceContext, feed: FeedFetchState, at: Date, message: string, retryAfterSeconds: number | null): FeedWrite {
  const failures = feed.failure_count + 1;
  return {
    feedId: feed.id, kind: 'failed', at, failures, message, status: failures >= failuresBeforeDead ? 'dead' : 'failing',
    nextFetchAt: new Date(at.getTime() + backoff(failures, retryAfterSeconds, paceLimits(service.config))),
  };
}

/** What the store is to write of one fetched feed. */
function writeOf(service: ServiceContext, update: FeedUpdate, at: Date): FeedWrite {
  const { feed } = update;
  switch (update.kind) {
    case 'failed':
      return failedWrite(service, feed, at, update.message, update.retryAfter);
    case 'deferred':
      return { feedId: feed.id, kind: 'deferred', nextFetchAt: new Date(at.getTime() + update.retryAfter * 1000) };
    case 'not_modified':
      return { feedId: feed.id, kind: 'not_modified', at, next: nextInterval(service, feed.ttl_minutes, update.maxAge, at) };
    case 'parsed': {
      const { parsed, texts, listed, response } = update;
      return {
        feedId: feed.id, kind: 'parsed', at, next: nextInterval(service, parsed.ttl_minutes ?? feed.ttl_minutes, response.cacheControlMaxAge, at),
        channel: {
          title: parsed.title, website: parsed.website, description: parsed.description, language: parsed.language,
          artwork_url: parsed.artwork_url, is_podcast: parsed.is_podcast,
        },
        items: parsed.items, texts, listed,
        validators: { etag: response.etag ?? null, last_modified: response.lastModified ?? null, ttl_minutes: parsed.ttl_minutes ?? null },
      };
    }
  }
}

/**
 * Writes fetched feeds (the store writes a batch together, see RefreshStore.write); a feed that could
 * not be stored is recorded as failed. New items are listed at once; their intelligence is queued
 * behind the refresh and their full articles fetched later.
 */
async function writeUpdates(service: ServiceContext, updates: FeedUpdate[], at: Date): Promise<RefreshOutcome[]> {
  const feeds = service.store.feeds;
  const written = await feeds.write(updates.map((update) => writeOf(service, update, at)), newItemSteps);
  const unstored = updates.flatMap((update, i) => {
    const result = written[i]!;
    return 'error' in result ? [failedWrite(service, update.feed, at, result.error, null)] : [];
  });
  if (unstored.length) await feeds.write(unstored, newItemSteps);
  return updates.map((update, i): RefreshOutcome => {
    const result = written[i]!;
    const feedId = update.feed.id;
    if ('error' in result) return { feedId, result: 'failed', added: 0, message: result.error };
    switch (update.kind) {
      case 'failed':
        return { feedId, result: 'failed', added: 0, message: update.message, ...(update.notAFeed && { notAFeed: true }) };
      case 'deferred':
        return { feedId, result: 'deferred', added: 0, message: 'Its site asked to be fetched later.' };
      case 'not_modified':
        return { feedId, result: 'not_modified', added: 0 };
      case 'parsed': {
        const stored = indexPreparedItemsLater(service, feedId, update.parsed, result.stored, at, update.docs, (texts) => sharedFeedPreparer().prepareDocs(texts));
        if (stored.added.length) fetchFullArticlesLater(service, feedId);
        return { feedId, result: 'updated', added: stored.added.length, ...(stored.changed && { changed: stored.changed.length }) };
      }
    }
  });
}

/**
 * Fetches one feed (conditionally), stores its new items and moves its status between
 * healthy, failing and dead. Never throws: a broken feed is reported on the feed.
 */
export async function refreshFeed(service: ServiceContext, feedId: string, now = () => new Date()): Promise<RefreshOutcome> {
  const feed = await service.store.feeds.fetchState(feedId);
  if (!feed?.url) return { feedId, result: 'failed', added: 0, message: 'The feed has no URL to fetch.' };
  const fetched = await fetchUpdate(service, { ...feed, url: feed.url }, sharedFeedPreparer());
  const update = fetched.kind === 'preparing' ? await fetched.update : fetched;
  try {
    const [outcome] = await writeUpdates(service, [update], now());
    return outcome!;
  } catch (error) {
    return { feedId, result: 'failed', added: 0, message: error instanceof Error ? error.message : 'The feed could not be stored.' };
  }
}

/** Longest one feed's fetch may take (guarded-fetch.ts's default deadline), with a margin for its writing. */
const FETCH_LEASE_MS = 15_000 + 5_000;

/**
 * Claims up to `limit` due feeds for a round of `concurrency` fetches at a time: other schedulers on
 * the same database get other feeds until the round has had time to fetch them all, slow ones included.
 */
export function claimDueFeeds(service: ServiceContext, at: Date, limit: number, concurrency = 4): Promise<string[]> {
  return service.store.feeds.claimDue(at, limit, Math.ceil(limit / concurrency) * FETCH_LEASE_MS + 30_000);
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
  const writing = new Set<Promise<void>>();
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = ready.splice(0);
    readyItems = 0;
    if (!batch.length) return;
    // On SQLite the store writes the batch before this returns; the outcomes follow on the next microtask.
    const done: Promise<void> = writeUpdates(service, batch, new Date()).catch((error: unknown): RefreshOutcome[] => {
      // The commit itself failed (disk full, locked): nothing of the batch was stored.
      const message = error instanceof Error ? error.message : 'The refresh could not be stored.';
      return batch.map(({ feed }) => ({ feedId: feed.id, result: 'failed', added: 0, message }));
    }).then((written) => {
      writing.delete(done);
      outcomes.push(...written);
      onStored?.(written);
    });
    writing.add(done);
  };
  const accept = (update: FeedUpdate) => {
    ready.push(update);
    if (update.kind === 'parsed') readyItems += update.parsed.items.length;
    if (ready.length >= BATCH_FEEDS || readyItems >= BATCH_ITEMS) write();
    else timer ??= setTimeout(write, BATCH_WAIT_MS);
  };
  const preparing = new Set<Promise<void>>();
  // The round's fetch states in one read: one a feed was a round trip each on PostgreSQL.
  const states = new Map((await service.store.feeds.fetchStates(feedIds)).map((state) => [state.id, state]));
  let next = 0;
  const fetcher = async () => {
    while (next < feedIds.length) {
      const feedId = feedIds[next++];
      const feed = states.get(feedId);
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
    await Promise.all(writing);
  } finally {
    resumeIndexing();
  }
  return outcomes;
}
