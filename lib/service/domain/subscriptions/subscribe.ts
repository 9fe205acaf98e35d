import type { SubscribeResult } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { FeedNotFound, loadFeed, type LoadedFeed } from '../feeds/load-feed';
import { refreshFeed } from '../feeds/refresh-feed';
import { paceLimits, paceOf } from '../feeds/refresh-pace';
import { readOffThread, storeNewItems } from '../feeds/store-new-feed';
import { subscribeRules } from '../feeds/subscribe-user';
import type { ServiceContext } from '../../context';
import type { Subscribed } from '../../store/subscriptions';
import { requireFolder } from './change-subscriptions';
import { feedLimitReached, requireFeedRoom } from './feed-limit';
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

/** The answer to a subscription made or found; 402 when the plan had no room. */
function answer(user: User, outcome: Subscribed | 'feed_limit'): Outcome {
  if (outcome === 'feed_limit') throw feedLimitReached(user);
  return outcome.created
    ? { status: 201, body: { status: 'subscribed', subscription_id: outcome.subscription_id, title: outcome.title } }
    : { status: 200, body: { status: 'already_subscribed', subscription_id: outcome.subscription_id, title: outcome.title } };
}

/** Subscribes `user` to a stored feed (200 when they already follow it); 402 beyond their plan. */
export async function subscribeToStored(service: ServiceContext, user: User, feedId: string, folderId: string | null): Promise<Outcome> {
  return answer(user, await service.store.subscriptions.subscribe(user.id, feedId, subscribeRules(user, folderId)));
}

/**
 * Subscribes `user` to a feed already stored, fetching it first when its stored copy is stale
 * (one nobody follows is not refreshed, so what it last listed may be long gone however recent;
 * one followed is current until its next fetch is due), so that they start from what it lists
 * now; a fetch that fails leaves the copy as it was, and one that outlasts `signal` subscribes to
 * nothing (503), as for a new feed.
 */
async function subscribeToKnown(service: ServiceContext, user: User, feedId: string, folderId: string | null, signal?: AbortSignal): Promise<Outcome> {
  if (await service.store.subscriptions.staleForNewSubscriber(user.id, feedId, new Date()) && !signal?.aborted) {
    const gaveUp = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([refreshFeed(service, feedId), gaveUp]);
    // As for a new feed: the caller stopped waiting and was told it failed, so nothing is subscribed.
    if (signal?.aborted) throw unavailable('The feed took too long to fetch, so nothing was subscribed; try again later.');
  }
  return subscribeToStored(service, user, feedId, folderId);
}

/**
 * POST /v1/subscriptions: a known feed is subscribed at once; an unknown one is fetched,
 * parsed, stored and subscribed inline. 400 bad URL or folder or no feed, 402 plan limit, 503 unreachable.
 * Once `signal` aborts (the caller stopped waiting) the fetch under way is cancelled, and one that still ends subscribes to nothing.
 */
export async function subscribe(
  service: ServiceContext, user: User, input: { url: string; folder_id?: string | null }, options: { signal?: AbortSignal } = {},
): Promise<Outcome> {
  const { subscriptions } = service.store;
  const url = normalizeFeedUrl(input.url);
  if (!url) throw badRequest('url must be an http or https URL.');
  await requireFolder(service.store, user, input.folder_id);
  const folderId = input.folder_id ?? null;

  const known = await subscriptions.findFeed(url);
  if (known) return subscribeToKnown(service, user, known, folderId, options.signal);
  await requireFeedRoom(service.store, user);

  let loaded: LoadedFeed | { knownUrl: string };
  try {
    loaded = await loadFeed(url, {
      allowPrivate: service.config.allowPrivateUrls,
      read: readOffThread(service),
      isKnown: async (candidate) => (await subscriptions.findFeed(candidate)) !== null,
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
  if ('knownUrl' in loaded) return subscribeToKnown(service, user, (await subscriptions.findFeed(loaded.knownUrl))!, folderId, options.signal);
  const stored = await subscriptions.findFeed(loaded.url);
  if (stored) return subscribeToStored(service, user, stored, folderId);

  const fetchedAt = new Date();
  const parsed = loaded.feed;
  // Just fetched, so next due at the feed's pace: left unset, the scheduler fetched it again within 30 seconds.
  const published = parsed.items.map((item) => (item.published_at ? Date.parse(item.published_at) : NaN));
  const pace = paceOf({ ttlMinutes: parsed.ttl_minutes, maxAgeSeconds: loaded.cacheMaxAge, published }, paceLimits(service.config), fetchedAt.getTime());
  const outcome = await subscriptions.subscribeToNewFeed(user.id, {
    url: loaded.url, source_type: parsed.is_podcast ? 'podcast' : 'feed', title: parsed.title || new URL(loaded.url).hostname,
    website: parsed.website, description: parsed.description, language: parsed.language, artwork_url: parsed.artwork_url,
    artist: parsed.artist, podcast_summary: parsed.podcast_summary, explicit: parsed.explicit, ttl_minutes: parsed.ttl_minutes,
  }, {
    etag: loaded.etag, last_modified: loaded.lastModified, next_fetch_at: new Date(fetchedAt.getTime() + pace).toISOString(), listed: parsed.items,
  }, subscribeRules(user, folderId, fetchedAt));
  const answered = answer(user, outcome);
  if (outcome !== 'feed_limit') await storeNewItems(service, outcome.feed_id, loaded);
  return answered;
}
