import { getContentRules, previewContentRules, putContentRules } from '../domain/subscriptions/content-rules';
import type { Handlers } from './handler';

/** Handlers of the first-party full-content rules of a subscription. */
export const contentRulesHandlers: Handlers = {
  getContentRules: async ({ store, user, params }) => ({ body: await getContentRules(store, user, params.subscription_id) }),
  putContentRules: async ({ service, user, params, body }) => ({ body: await putContentRules(service, user, params.subscription_id, body) }),
  previewContentRules: async ({ service, user, params, body, signal }) => ({
    body: await previewContentRules(service, user, params.subscription_id, body, signal),
  }),
};
