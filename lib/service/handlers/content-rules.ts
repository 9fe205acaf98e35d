import { getContentRules, previewContentRules, putContentRules } from '../domain/subscriptions/content-rules';
import type { Handlers } from './handler';

/** Handlers of the first-party full-content rules of a subscription. */
export const contentRulesHandlers: Handlers = {
  getContentRules: ({ db, user, params }) => ({ body: getContentRules(db, user, params.subscription_id) }),
  putContentRules: ({ service, user, params, body }) => ({ body: putContentRules(service, user, params.subscription_id, body) }),
  previewContentRules: async ({ service, user, params, body, signal }) => ({
    body: await previewContentRules(service, user, params.subscription_id, body, signal),
  }),
};
