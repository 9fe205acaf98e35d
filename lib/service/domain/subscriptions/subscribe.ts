import type { SubscribeResult } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { createFeed, findFeedByUrl } from '../feeds/create-feed';
import { FeedNotFound, loadFeed, type LoadedFeed } from '../feeds/load-feed';
import { storeParsedFeed } from '../feeds/store-parsed-feed';
import { subscribeUserToFeed } from '../feeds/subscribe-user';
import type { ServiceContext } from '../../context';
import { fail } from '../../http/errors';
import { requireFolder } from './change-subscriptions';
import { requireFeedRoom } from './feed-limit';

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

function existingSubscription(service: ServiceContext, user: User, feedId: string): Outcome | null {
  const row = service.db.prepare(`SELECT s.id, COALESCE(s.title, f.title) AS title FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND s.feed_id = ?`).get(user.id, feedId) as { id: string; title: string } | undefined;
  return row ? { status: 200, body: { status: 'already_subscribed', subscription_id: row.id, title: row.title } } : null;
}

function subscribeToStored(service: ServiceContext, user: User, feedId: string, folderId: string | null): Outcome {
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
 * POST /v1/subscriptions: a known feed is subscribed at once; an unknown one is fetched,
 * parsed, stored and subscribed inline. 400 bad URL or folder or no feed, 402 plan limit, 503 unreachable.
 */
export async function subscribe(service: ServiceContext, user: User, input: { url: string; folder_id?: string | null }): Promise<Outcome> {
  const url = normalizeFeedUrl(input.url);
  if (!url) throw fail(400, 'url must be an http or https URL.');
  requireFolder(service.db, user, input.folder_id);
  const folderId = input.folder_id ?? null;

  const known = findFeedByUrl(service.db, url);
  if (known) return subscribeToStored(service, user, known, folderId);
  requireFeedRoom(service.db, user);

  let loaded: LoadedFeed | { knownUrl: string };
  try {
    loaded = await loadFeed(url, {
      allowPrivate: service.config.allowPrivateUrls,
      isKnown: (candidate) => findFeedByUrl(service.db, candidate) !== null,
    });
  } catch (error) {
    if (error instanceof FeedNotFound) throw fail(error.reason === 'unreachable' ? 503 : 400, error.message);
    throw error;
  }
  if ('knownUrl' in loaded) return subscribeToStored(service, user, findFeedByUrl(service.db, loaded.knownUrl)!, folderId);
  const stored = findFeedByUrl(service.db, loaded.url);
  if (stored) return subscribeToStored(service, user, stored, folderId);

  const feedId = service.db.transaction(() => {
    const parsed = loaded.feed;
    const id = createFeed(service.db, {
      url: loaded.url, source_type: parsed.is_podcast ? 'podcast' : 'feed', title: parsed.title || new URL(loaded.url).hostname,
      website: parsed.website, description: parsed.description, language: parsed.language, artwork_url: parsed.artwork_url,
      artist: parsed.artist, podcast_summary: parsed.podcast_summary, explicit: parsed.explicit, ttl_minutes: parsed.ttl_minutes,
    });
    service.db.prepare('UPDATE feeds SET etag = ?, last_modified = ? WHERE id = ?').run(loaded.etag, loaded.lastModified, id);
    return id;
  })();
  const outcome = subscribeToStored(service, user, feedId, folderId);
  storeParsedFeed(service, feedId, loaded.feed);
  return outcome;
}
