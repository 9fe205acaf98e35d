import { failingSubscriptions, subscriptionHealth, tryNow } from '../domain/subscriptions/feed-health';
import type { Handlers } from './handler';

/** Handlers of the first-party feed-health operations. */
export const feedHealthHandlers: Handlers = {
  listFeedHealth: ({ db, user }) => ({ body: { data: failingSubscriptions(db, user) } }),
  getSubscriptionHealth: ({ db, user, params }) => ({ body: subscriptionHealth(db, user, params.subscription_id) }),
  refreshSubscription: async ({ service, user, params }) => ({ body: await tryNow(service, user, params.subscription_id) }),
};
