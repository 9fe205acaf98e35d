import { similarItems } from '../domain/items/similar-items';
import { featureMissingMessage, planHas, type Feature } from '../domain/plans';
import type { User } from '../domain/accounts';
import { listStories } from '../domain/stories/list-stories';
import { fail } from '../http/errors';
import type { Handlers } from './handler';

function requireFeature(user: User, feature: Feature): void {
  if (!planHas(user.plan, feature)) throw fail(402, featureMissingMessage(user.plan, feature));
}

/** Handlers of the plan-gated reading aids: similar items and stories. */
export const intelligenceHandlers: Handlers = {
  similarItems: async ({ service, store, user, params, query }) => {
    requireFeature(user, 'similar_items');
    return { body: { data: await similarItems(store, service.intelligence, user, params.item_id, query.limit) } };
  },
  listStories: async ({ store, user, query }) => {
    requireFeature(user, 'stories');
    return { body: { data: await listStories(store, user, query.limit) } };
  },
};
