import type { SubscriptionHealth } from '@/lib/contract/feed-health';
import type { ServiceContext } from '../../context';
import type { Db } from '../../store/database';
import type { User } from '../accounts';
import { refreshFeed } from '../feeds/refresh-feed';
import { badRequest, notFound, tooSoon as refusedTooSoon, type DomainError } from '../errors';

/** Least time between two fetches of one feed asked for by a person ("Try now"), so the button cannot hammer a host. */
export const tryNowIntervalMs = 10_000;

type HealthRow = {
  id: string; feed_id: string; status: SubscriptionHealth['status']; source_type: string; url: string | null;
  last_error: string | null; last_fetched_at: string | null; next_fetch_at: string | null; is_demo: number;
};

const healthColumns = 's.id, s.feed_id, f.status, f.source_type, f.url, f.last_error, f.last_fetched_at, f.next_fetch_at, f.is_demo';

/** Feeds being fetched because someone pressed "Try now": a second press waits for the first. */
const fetchingNow = new Set<string>();

function isFetched(row: HealthRow): boolean {
  return row.url !== null && row.source_type !== 'newsletter' && row.is_demo === 0;
}

function toHealth(row: HealthRow): SubscriptionHealth {
  const fetched = isFetched(row);
  return {
    subscription_id: row.id,
    status: row.status,
    last_error: row.last_error,
    last_tried_at: fetched ? row.last_fetched_at : null,
    // A feed given up on waits for a person: the scheduler does not try it again.
    next_try_at: fetched && row.status !== 'dead' ? row.next_fetch_at : null,
  };
}

function loadHealthRow(db: Db, user: User, subscriptionId: string): HealthRow {
  const row = db.prepare(`SELECT ${healthColumns} FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ? AND s.id = ?`)
    .get(user.id, subscriptionId) as HealthRow | undefined;
  if (!row) throw notFound(`No subscription with id ${subscriptionId} exists.`);
  return row;
}

/** How one of the user's subscriptions is being fetched; 404 when the user has no such subscription. */
export function subscriptionHealth(db: Db, user: User, subscriptionId: string): SubscriptionHealth {
  return toHealth(loadHealthRow(db, user, subscriptionId));
}

/** The user's subscriptions whose feeds are failing or given up on, most recently tried first. */
export function failingSubscriptions(db: Db, user: User): SubscriptionHealth[] {
  const rows = db.prepare(`SELECT ${healthColumns} FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND f.status != 'healthy' ORDER BY f.last_fetched_at DESC, s.id`).all(user.id) as HealthRow[];
  return rows.map(toHealth);
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
  const row = loadHealthRow(service.db, user, subscriptionId);
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
  return subscriptionHealth(service.db, user, subscriptionId);
}
