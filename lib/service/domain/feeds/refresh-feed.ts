import { decodeBody } from '../../ingest/decode';
import { fetchFeed, FetchError } from '../../ingest/fetch-feed';
import { parseFeed } from '../../ingest/parse-feed';
import type { ServiceContext } from '../../context';
import { storeParsedFeed } from './store-parsed-feed';

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
function paceOf(ttlMinutes: number | null, maxAgeSeconds: number | null): number {
  const hints = [ttlMinutes ? ttlMinutes * minute : 0, maxAgeSeconds ? maxAgeSeconds * 1000 : 0];
  const hinted = Math.max(...hints);
  return clamp(hinted || defaultInterval);
}

/** Backoff after the n-th failure in a row, or the server's Retry-After when it is longer. */
function backoff(failures: number, retryAfterSeconds: number | null): number {
  const exponential = shortestInterval * 2 ** Math.min(failures - 1, 8);
  return Math.min(longestInterval, Math.max(exponential, (retryAfterSeconds ?? 0) * 1000));
}

/**
 * Fetches one feed (conditionally), stores its new items and moves its status between
 * healthy, failing and dead. Never throws: a broken feed is reported on the feed.
 */
export async function refreshFeed(service: ServiceContext, feedId: string, now = () => new Date()): Promise<RefreshOutcome> {
  const feed = service.db.prepare('SELECT id, url, etag, last_modified, ttl_minutes, failure_count FROM feeds WHERE id = ?').get(feedId) as FeedRow | undefined;
  if (!feed?.url) return { feedId, result: 'failed', added: 0, message: 'The feed has no URL to fetch.' };
  try {
    const response = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.last_modified, allowPrivate: service.config.allowPrivateUrls });
    if (response.kind === 'not_modified') {
      recordSuccess(service, feed, now(), paceOf(feed.ttl_minutes, null), {});
      return { feedId, result: 'not_modified', added: 0 };
    }
    const byGuid = service.db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND guid = ?').pluck();
    const byUrl = service.db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck();
    const parsed = parseFeed(decodeBody(response.body, response.contentType), {
      url: response.finalUrl, contentType: response.contentType ?? undefined,
      // Items already stored are left out before the costly sanitizing: a refresh pays for new items only.
      knownItem: ({ guid, url }) => Boolean(guid ? byGuid.get(feedId, guid) : url && byUrl.get(feedId, url)),
    });
    const stored = storeParsedFeed(service, feedId, parsed, now());
    recordSuccess(service, feed, now(), paceOf(parsed.ttl_minutes ?? feed.ttl_minutes, response.cacheControlMaxAge), {
      etag: response.etag, last_modified: response.lastModified, ttl_minutes: parsed.ttl_minutes,
    });
    return { feedId, result: 'updated', added: stored.added.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The feed could not be refreshed.';
    const retryAfter = error instanceof FetchError ? error.retryAfterSeconds ?? null : null;
    recordFailure(service, feed, now(), message, retryAfter);
    return { feedId, result: 'failed', added: 0, message };
  }
}

function recordSuccess(service: ServiceContext, feed: FeedRow, at: Date, pace: number, validators: { etag?: string | null; last_modified?: string | null; ttl_minutes?: number | null }): void {
  service.db.prepare(`UPDATE feeds SET status = 'healthy', failure_count = 0, last_error = NULL, last_fetched_at = @at, next_fetch_at = @next,
      etag = COALESCE(@etag, etag), last_modified = COALESCE(@lastModified, last_modified), ttl_minutes = COALESCE(@ttl, ttl_minutes)
    WHERE id = @id`).run({
    id: feed.id, at: at.toISOString(), next: new Date(at.getTime() + pace).toISOString(),
    etag: validators.etag ?? null, lastModified: validators.last_modified ?? null, ttl: validators.ttl_minutes ?? null,
  });
}

function recordFailure(service: ServiceContext, feed: FeedRow, at: Date, message: string, retryAfterSeconds: number | null): void {
  const failures = feed.failure_count + 1;
  service.db.prepare(`UPDATE feeds SET status = @status, failure_count = @failures, last_error = @message, last_fetched_at = @at,
      next_fetch_at = @next WHERE id = @id`).run({
    id: feed.id, failures, message, at: at.toISOString(),
    status: failures >= failuresBeforeDead ? 'dead' : 'failing',
    next: new Date(at.getTime() + backoff(failures, retryAfterSeconds)).toISOString(),
  });
}

/** Feeds due for a refresh: not dead, not newsletters, followed by at least one active subscription. */
export function dueFeeds(service: ServiceContext, at: Date, limit: number): string[] {
  return service.db.prepare(`SELECT f.id FROM feeds f WHERE f.url IS NOT NULL AND f.status != 'dead' AND f.source_type != 'newsletter'
      AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= ?)
      AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1)
    ORDER BY f.next_fetch_at LIMIT ?`).pluck().all(at.toISOString(), limit) as string[];
}

/** Refreshes the given feeds, a few at a time. */
export async function refreshFeeds(service: ServiceContext, feedIds: string[], concurrency = 4): Promise<RefreshOutcome[]> {
  const outcomes: RefreshOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < feedIds.length) outcomes.push(await refreshFeed(service, feedIds[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, feedIds.length) }, worker));
  return outcomes;
}
