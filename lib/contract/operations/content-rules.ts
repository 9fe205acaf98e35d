import { ContentPreview, ContentRules, ContentRulesChange, ContentRulesTrial } from '../content-rules';
import { defineOperations } from '../operation';
import { SubscriptionPath } from '../subscriptions';

/** First-party operations on a subscription's full-content rules: read, save, and try them on its latest item. */
export const contentRulesOperations = defineOperations({
  getContentRules: {
    method: 'GET', path: '/v1/subscriptions/{subscription_id}/content-rules', auth: 'first_party',
    summary: 'Whether a subscription fetches every new item\'s full article, and the selectors it uses',
    params: SubscriptionPath, success: { status: 200, body: ContentRules }, errors: [404, 422],
  },
  putContentRules: {
    method: 'PUT', path: '/v1/subscriptions/{subscription_id}/content-rules', auth: 'first_party',
    summary: 'Set a subscription\'s full-content rules (a selector that does not parse is refused with 422 and nothing changes)',
    params: SubscriptionPath, body: ContentRulesChange, success: { status: 200, body: ContentRules }, errors: [400, 402, 404, 422],
  },
  previewContentRules: {
    method: 'POST', path: '/v1/subscriptions/{subscription_id}/content-rules/preview', auth: 'first_party',
    summary: 'Fetch the subscription\'s latest item\'s page and answer the article the given selectors make of it, saving nothing',
    params: SubscriptionPath, body: ContentRulesTrial, success: { status: 200, body: ContentPreview }, errors: [400, 402, 404, 422],
  },
});
