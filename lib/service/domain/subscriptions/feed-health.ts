import type { SubscriptionHealth } from '@/lib/contract/feed-health';
import type { ServiceContext } from '../../context';
import type { FeedHealthState } from '../../store/subscriptions';
import type { User } from '../accounts';
import type { Store } from '../../store/store';
import { refreshFeed } from '../feeds/refresh-feed';
import { badRequest, notFound, tooSoon as refusedTooSoon, type DomainError } from '../errors';

/** Least time between two fetches of one feed asked for by a person ("Try now"), so the button cannot hammer a host. */
export const tryNowIntervalMs = 10_000;

/** Feeds being fetched because someone pressed "Try now": a second press waits for the first. */
const fetchingNow = new Set<string>();

function isFetched(row: FeedHealthState): boolean {
  return row.url !== null && row.source_type !== 'newsletter' && !row.is_demo;
}

function toHealth(row: FeedHealthState): SubscriptionHealth {
  const fetched = isFetched(row);
  return {
    subscription_id: row.subscription_id,
    status: row.status,
    last_error: row.last_error,
    last_tried_at: fetched ? row.last_fetched_at : null,
    // A feed given up on waits for a person: the scheduler does not try it again.
    next_try_at: fetched && row.status !== 'dead' ? row.next_fetch_at : null,
  };
}

async function loadHealth(store: Store, user: User, subscriptionId: string): Promise<FeedHealthState> {
  const row = await store.subscriptions.health(user.id, subscriptionId);
  if (!row) throw notFound(`No subscription with id ${subscriptionId} exists.`);
  return row;
}

/** How one of the user's subscriptions is being fetched; 404 when the user has no such subscription. */
export async function subscriptionHealth(store: Store, user: User, subscriptionId: string): Promise<SubscriptionHealth> {
  return toHealth(await loadHealth(store, user, subscriptionId));
}

/** The user's subscriptions whose feeds are failing or given up on, most recently tried first. */
export async function failingSubscriptions(store: Store, user: User): Promise<SubscriptionHealth[]> {
  return (await store.subscriptions.failing(user.id)).map(toHealth);
}

function tooSoon(waitMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return refusedTooSoon(`This feed was fetched moments ago; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`, seconds);
}

/**
 * "Try now": fetches the subscription's feed at once through the normal refresh (which records
 * success or failure on the feed) and answers its health. At most once every 10 seconds a feed,
 * counting the scheduler's fetches too; sooner answers 429.
 */
export async function tryNow(service: ServiceContext, user: User, subscriptionId: string, now = () => Date.now()): Promise<SubscriptionHealth> {
  const row = await loadHealth(service.store, user, subscriptionId);
  if (row.is_demo) throw badRequest('A demo source is not fetched: its items come with Tidings.');
  if (!isFetched(row)) throw badRequest('A newsletter is not fetched: its mails arrive on their own.');
  if (fetchingNow.has(row.feed_id)) throw tooSoon(tryNowIntervalMs);
  const lastTried = row.last_fetched_at ? Date.parse(row.last_fetched_at) : Number.NaN;
  const wait = Number.isNaN(lastTried) ? 0 : lastTried + tryNowIntervalMs - now();
  if (wait > 0) throw tooSoon(wait);
  fetchingNow.add(row.feed_id);
  try {
    await refreshFeed(service, row.feed_id);
  } finally {
    fetchingNow.delete(row.feed_id);
  }
  return subscriptionHealth(service.store, user, subscriptionId);
}
