import { bulkUpdateSubscriptions, checkSubscriptions, unsubscribe, updateSubscription } from '../domain/subscriptions/change-subscriptions';
import { listSubscriptions } from '../domain/subscriptions/list-subscriptions';
import { createNewsletter } from '../domain/subscriptions/newsletters';
import { subscribe } from '../domain/subscriptions/subscribe';
import { getSubscription } from '../domain/subscriptions/subscription-view';
import type { Handlers } from './handler';

/** Handlers of the subscription operations. */
export const subscriptionHandlers: Handlers = {
  listSubscriptions: async ({ store, user, query }) => ({ body: await listSubscriptions(store, user, query) }),
  subscribe: ({ service, user, body, signal }) => subscribe(service, user, body, { signal }),
  bulkUpdateSubscriptions: async ({ store, user, body }) => ({ body: await bulkUpdateSubscriptions(store, user, body) }),
  bulkDeleteSubscriptions: async ({ store, user, body }) => ({ body: { message: await unsubscribe(store, user, body.subscription_ids) } }),
  checkSubscriptions: async ({ store, user }) => ({ body: await checkSubscriptions(store, user) }),
  createNewsletter: async ({ service, user, body }) => ({ body: await createNewsletter(service.store, user, body.title, service.config.mailDomain) }),
  getSubscription: async ({ store, user, params }) => ({ body: await getSubscription(store, user, params.subscription_id) }),
  updateSubscription: async ({ store, user, params, body }) => ({ body: await updateSubscription(store, user, params.subscription_id, body) }),
  deleteSubscription: async ({ store, user, params }) => ({ body: { message: await unsubscribe(store, user, [params.subscription_id]) } }),
};
