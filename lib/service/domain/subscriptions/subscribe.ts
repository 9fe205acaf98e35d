import type { SubscribeResult } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { createFeed, findFeedByUrl } from '../feeds/create-feed';
import { sharedFeedPreparer } from '../feeds/feed-preparer';
import { recordListing } from '../feeds/feed-listing';
import { FeedNotFound, loadFeed, type LoadedFeed, type ReadFeed } from '../feeds/load-feed';
import { refreshFeed } from '../feeds/refresh-feed';
import { paceLimits, paceOf } from '../feeds/refresh-pace';
import { indexPreparedItems } from '../feeds/store-parsed-feed';
import { insertItems, type StoredItems } from '../feeds/store-items';
import { subscribeUserToFeed } from '../feeds/subscribe-user';
import type { ServiceContext } from '../../context';
import { requireFolder } from './change-subscriptions';
import { requireFeedRoom } from './feed-limit';
import { badRequest, unavailable } from '../errors';

/** The URL as we store and compare it, or null when it is not an http(s) URL. */
export function normalizeFeedUrl(input: string): string | null {
  const text = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !/^[\d.]+$|^\[/.test(url.hostname)) return null;
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

type Outcome = { status: 200 | 201; body: SubscribeResult };

/**
 * Reads a new feed on the refresh's worker thread: a large feed took the main thread, and with
 * it every other request, for seconds. The feed is new, so none of its items are stored yet.
 */
function readOffThread(service: ServiceContext): ReadFeed {
  return (source) => sharedFeedPreparer().prepare(source, {
    file: service.db.memory ? null : service.db.name, feedId: '', known: (keys) => keys.map(() => false),
  });
}

function existingSubscription(service: ServiceContext, user: User, feedId: string): Outcome | null {
  const row = service.db.prepare(`SELECT s.id, COALESCE(s.title, f.title) AS title FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND s.feed_id = ?`).get(user.id, feedId) as { id: string; title: string } | undefined;
  return row ? { status: 200, body: { status: 'already_subscribed', subscription_id: row.id, title: row.title } } : null;
}

/** Subscribes `user` to a stored feed (200 when they already follow it); 402 beyond their plan. */
export function subscribeToStored(service: ServiceContext, user: User, feedId: string, folderId: string | null): Outcome {
  return service.db.transaction((): Outcome => {
    const existing = existingSubscription(service, user, feedId);
    if (existing) return existing;
    requireFeedRoom(service.db, user);
    const id = subscribeUserToFeed(service.db, user, feedId, { folderId });
    const title = service.db.prepare('SELECT title FROM feeds WHERE id = ?').pluck().get(feedId) as string;
    return { status: 201, body: { status: 'subscribed', subscription_id: id, title } };
  })();
}

/**
 * Whether a stored feed is fetched again before someone new subscribes to it: one nobody follows
 * is not refreshed, so what it last listed may be long gone however recent; one followed is
 * current until its next fetch is due.
 */
function staleForNewSubscriber(service: ServiceContext, user: User, feedId: string, at: Date): boolean {
  return service.db.prepare(`SELECT 1 FROM feeds f WHERE f.id = @feed AND f.url IS NOT NULL AND f.source_type != 'newsletter' AND f.is_demo = 0
      AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = @user AND s.feed_id = f.id)
      AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= @at
        OR NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1))`)
    .pluck().get({ feed: feedId, user: user.id, at: at.toISOString() }) === 1;
}

/**
 * Subscribes `user` to a feed already stored, fetching it first when its stored copy is stale, so
 * that they start from what it lists now; a fetch that fails leaves the copy as it was, and one
 * that outlasts `signal` subscribes to nothing (503), as for a new feed.
 */
async function subscribeToKnown(service: ServiceContext, user: User, feedId: string, folderId: string | null, signal?: AbortSignal): Promise<Outcome> {
  if (staleForNewSubscriber(service, user, feedId, new Date()) && !signal?.aborted) {
    const gaveUp = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([refreshFeed(service, feedId), gaveUp]);
    // As for a new feed: the caller stopped waiting and was told it failed, so nothing is subscribed.
    if (signal?.aborted) throw unavailable('The feed took too long to fetch, so nothing was subscribed; try again later.');
  }
  return subscribeToStored(service, user, feedId, folderId);
}

/** Items written per transaction; other requests get the thread between two (20,000 items in one held it ~3 s). */
const STORE_SLICE = 1000;

/** Stores a new feed's items a slice per transaction, then indexes them as a refresh does. */
async function storeNewItems(service: ServiceContext, feedId: string, { feed, docs }: LoadedFeed): Promise<void> {
  const now = new Date();
  const stored: StoredItems = { added: [], addedFrom: [], skipped: 0 };
  for (let start = 0; start < feed.items.length; start += STORE_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const part = service.db.transaction(() => insertItems(service.db, feedId, feed.items.slice(start, start + STORE_SLICE), now))();
    stored.added.push(...part.added);
    stored.addedFrom!.push(...part.addedFrom!.map((position) => position + start));
    stored.skipped += part.skipped;
  }
  service.db.transaction(() => indexPreparedItems(service, feedId, feed, stored, now, docs))();
}

/**
 * POST /v1/subscriptions: a known feed is subscribed at once; an unknown one is fetched,
 * parsed, stored and subscribed inline. 400 bad URL or folder or no feed, 402 plan limit, 503 unreachable.
 * Once `signal` aborts (the caller stopped waiting) the fetch under way is cancelled, and one that still ends subscribes to nothing.
 */
export async function subscribe(
  service: ServiceContext, user: User, input: { url: string; folder_id?: string | null }, options: { signal?: AbortSignal } = {},
): Promise<Outcome> {
  const url = normalizeFeedUrl(input.url);
  if (!url) throw badRequest('url must be an http or https URL.');
  requireFolder(service.db, user, input.folder_id);
  const folderId = input.folder_id ?? null;

  const known = findFeedByUrl(service.db, url);
  if (known) return subscribeToKnown(service, user, known, folderId, options.signal);
  requireFeedRoom(service.db, user);

  let loaded: LoadedFeed | { knownUrl: string };
  try {
    loaded = await loadFeed(url, {
      allowPrivate: service.config.allowPrivateUrls,
      read: readOffThread(service),
      isKnown: (candidate) => findFeedByUrl(service.db, candidate) !== null,
      // An abandoned request (the proxy's deadline, an import the browser left) closes its fetch too.
      signal: options.signal,
    });
  } catch (error) {
    // A refused address starts with the field's name, as refusals about one field do, so a client can tell it from "no feed here".
    if (error instanceof FeedNotFound && error.reason === 'refused_address') throw badRequest(`url is refused: ${error.message}`);
    if (error instanceof FeedNotFound) throw error.reason === 'unreachable' ? unavailable(error.message) : badRequest(error.message);
    throw error;
  }
  // The proxy gives up before a slow site's fetch deadline and tells the person it failed; a
  // subscription appearing afterwards would contradict what they were told.
  if (options.signal?.aborted) throw unavailable('The feed took too long to fetch, so nothing was subscribed; try again later.');
  if ('knownUrl' in loaded) return subscribeToKnown(service, user, findFeedByUrl(service.db, loaded.knownUrl)!, folderId, options.signal);
  const stored = findFeedByUrl(service.db, loaded.url);
  if (stored) return subscribeToStored(service, user, stored, folderId);

  const fetchedAt = new Date();
  const feedId = service.db.transaction(() => {
    const parsed = loaded.feed;
    const id = createFeed(service.db, {
      url: loaded.url, source_type: parsed.is_podcast ? 'podcast' : 'feed', title: parsed.title || new URL(loaded.url).hostname,
      website: parsed.website, description: parsed.description, language: parsed.language, artwork_url: parsed.artwork_url,
      artist: parsed.artist, podcast_summary: parsed.podcast_summary, explicit: parsed.explicit, ttl_minutes: parsed.ttl_minutes,
    }, fetchedAt);
    // Just fetched, so next due at the feed's pace: left unset, the scheduler fetched it again within 30 seconds.
    const published = parsed.items.map((item) => (item.published_at ? Date.parse(item.published_at) : NaN));
    const pace = paceOf({ ttlMinutes: parsed.ttl_minutes, maxAgeSeconds: loaded.cacheMaxAge, published }, paceLimits(service.config), fetchedAt.getTime());
    const nextFetch = new Date(fetchedAt.getTime() + pace).toISOString();
    service.db.prepare('UPDATE feeds SET etag = ?, last_modified = ?, next_fetch_at = ? WHERE id = ?').run(loaded.etag, loaded.lastModified, nextFetch, id);
    recordListing(service.db, id, parsed.items);
    return id;
  })();
  const outcome = subscribeToStored(service, user, feedId, folderId);
  await storeNewItems(service, feedId, loaded);
  return outcome;
}
