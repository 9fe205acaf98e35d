import { bulkUpdateSubscriptions, checkSubscriptions, unsubscribe, updateSubscription } from '../domain/subscriptions/change-subscriptions';
import { listSubscriptions } from '../domain/subscriptions/list-subscriptions';
import { createNewsletter } from '../domain/subscriptions/newsletters';
import { subscribe } from '../domain/subscriptions/subscribe';
import { loadSubscriptions, toSubscriptionDetail } from '../domain/subscriptions/subscription-view';
import type { Handlers } from './handler';

/** Handlers of the subscription operations. */
export const subscriptionHandlers: Handlers = {
  listSubscriptions: ({ db, user, query }) => ({ body: listSubscriptions(db, user, query) }),
  subscribe: ({ service, user, body, signal }) => subscribe(service, user, body, { signal }),
  bulkUpdateSubscriptions: ({ db, user, body }) => ({ body: bulkUpdateSubscriptions(db, user, body) }),
  bulkDeleteSubscriptions: ({ db, user, body }) => ({ body: { message: unsubscribe(db, user, body.subscription_ids) } }),
  checkSubscriptions: ({ db, user }) => ({ body: checkSubscriptions(db, user) }),
  createNewsletter: ({ service, user, body }) => ({ body: createNewsletter(service.db, user, body.title, service.config.mailDomain) }),
  getSubscription: ({ db, user, params }) => ({ body: toSubscriptionDetail(db, loadSubscriptions(db, user, [params.subscription_id])[0]) }),
  updateSubscription: ({ db, user, params, body }) => ({ body: updateSubscription(db, user, params.subscription_id, body) }),
  deleteSubscription: ({ db, user, params }) => ({ body: { message: unsubscribe(db, user, [params.subscription_id]) } }),
};
