import { SubscriptionHealth, SubscriptionHealthList } from '../feed-health';
import { defineOperations } from '../operation';
import { SubscriptionPath } from '../subscriptions';

/** First-party operations on how subscriptions' feeds are fetched: what went wrong, and "Try now". */
export const feedHealthOperations = defineOperations({
  listFeedHealth: {
    method: 'GET', path: '/v1/feed-health', auth: 'first_party', summary: 'The subscriptions whose feeds are failing, with their last error and next try',
    success: { status: 200, body: SubscriptionHealthList }, errors: [],
  },
  getSubscriptionHealth: {
    method: 'GET', path: '/v1/subscriptions/{subscription_id}/health', auth: 'first_party', summary: 'How one subscription\'s feed is being fetched',
    params: SubscriptionPath, success: { status: 200, body: SubscriptionHealth }, errors: [404, 422],
  },
  refreshSubscription: {
    method: 'POST', path: '/v1/subscriptions/{subscription_id}/refresh', auth: 'first_party',
    summary: 'Fetch a subscription\'s feed now (at most once every 10 seconds) and answer its health',
    params: SubscriptionPath, success: { status: 200, body: SubscriptionHealth }, errors: [400, 404, 422, 429],
  },
});
