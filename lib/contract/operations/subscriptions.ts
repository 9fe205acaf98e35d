import { MessageResult } from '../common';
import {
  BulkDeleteSubscriptionsBody, BulkSubscriptionBody, BulkSubscriptionResult, ListSubscriptionsQuery,
  NewsletterBody, NewsletterResult, SubscribeBody, SubscribeResult, SubscriptionCheck, SubscriptionDetail,
  SubscriptionList, SubscriptionListEntry, SubscriptionPath, UpdateSubscriptionBody,
} from '../subscriptions';
import { defineOperations } from '../operation';

/** The subscription operations of SPEC.md. */
export const subscriptionOperations = defineOperations({
  listSubscriptions: {
    method: 'GET', path: '/v1/subscriptions', auth: 'bearer', summary: 'List subscriptions',
    query: ListSubscriptionsQuery, success: { status: 200, body: SubscriptionList }, errors: [422],
  },
  subscribe: {
    method: 'POST', path: '/v1/subscriptions', auth: 'bearer', summary: 'Subscribe to a feed by URL',
    body: SubscribeBody, success: { status: 201, body: SubscribeResult, also: [200] }, errors: [400, 402, 422],
  },
  bulkUpdateSubscriptions: {
    method: 'PATCH', path: '/v1/subscriptions', auth: 'bearer', summary: 'Pause, resume, pin, unpin or move subscriptions',
    body: BulkSubscriptionBody, success: { status: 200, body: BulkSubscriptionResult }, errors: [404, 422],
  },
  bulkDeleteSubscriptions: {
    method: 'DELETE', path: '/v1/subscriptions', auth: 'bearer', summary: 'Unsubscribe from several subscriptions',
    body: BulkDeleteSubscriptionsBody, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  checkSubscriptions: {
    method: 'GET', path: '/v1/subscriptions/check', auth: 'bearer', summary: 'Whether the user has feeds and podcasts',
    success: { status: 200, body: SubscriptionCheck }, errors: [],
  },
  createNewsletter: {
    method: 'POST', path: '/v1/subscriptions/newsletters', auth: 'bearer', summary: 'Create a newsletter address',
    body: NewsletterBody, success: { status: 200, body: NewsletterResult }, errors: [402, 422],
  },
  getSubscription: {
    method: 'GET', path: '/v1/subscriptions/{subscription_id}', auth: 'bearer', summary: 'Read one subscription',
    params: SubscriptionPath, success: { status: 200, body: SubscriptionDetail }, errors: [404, 422],
  },
  updateSubscription: {
    method: 'PATCH', path: '/v1/subscriptions/{subscription_id}', auth: 'bearer', summary: 'Update one subscription',
    params: SubscriptionPath, body: UpdateSubscriptionBody, success: { status: 200, body: SubscriptionListEntry }, errors: [404, 422],
  },
  deleteSubscription: {
    method: 'DELETE', path: '/v1/subscriptions/{subscription_id}', auth: 'bearer', summary: 'Unsubscribe',
    params: SubscriptionPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
});
