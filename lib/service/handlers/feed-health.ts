import { failingSubscriptions, subscriptionHealth, tryNow } from '../domain/subscriptions/feed-health';
import type { Handlers } from './handler';

/** Handlers of the first-party feed-health operations. */
export const feedHealthHandlers: Handlers = {
  listFeedHealth: async ({ store, user }) => ({ body: { data: await failingSubscriptions(store, user) } }),
  getSubscriptionHealth: async ({ store, user, params }) => ({ body: await subscriptionHealth(store, user, params.subscription_id) }),
  refreshSubscription: async ({ service, user, params }) => ({ body: await tryNow(service, user, params.subscription_id) }),
};
