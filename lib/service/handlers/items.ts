import { getItem } from '../domain/items/get-item';
import { bulkUpdateItems, markAllItems, updateItem } from '../domain/items/item-state';
import { listItems } from '../domain/items/list-items';
import { recordPlayback } from '../domain/items/playback';
import { ensureFullContent } from '../domain/items/full-content';
import { articleRulesForItem } from '../domain/subscriptions/content-rules';
import { ensureSummary } from '../domain/items/ai-summary';
import type { Handlers } from './handler';

/** Handlers of the items operations: validate (done by the router) → domain call → reply. */
export const itemHandlers: Handlers = {
  listItems: async ({ store, user, query }) => ({ body: await listItems(store, user, query) }),
  markAllItems: async ({ store, user, body }) => ({ body: { message: await markAllItems(store, user, body) } }),
  bulkUpdateItems: async ({ store, user, body }) => ({ body: { message: await bulkUpdateItems(store, user, body.item_ids, body.action) } }),
  getItem: async ({ service, store, user, params }) => {
    const body = await getItem(store, user.id, params.item_id);
    if (body.ai_summary !== null || body.item_type !== 'article') return { body };
    await ensureSummary(service, params.item_id);
    return { body: await getItem(store, user.id, params.item_id) };
  },
  updateItem: async ({ service, store, user, params, body }) => {
    const updated = await updateItem(store, user, params.item_id, body);
    if (!updated.prefers_full_content) return { body: updated };
    // The page is fetched once, on the change that asks for it, so the answer already carries it.
    await ensureFullContent(service, params.item_id, await articleRulesForItem(store, user.id, params.item_id));
    return { body: await getItem(store, user.id, params.item_id) };
  },
  recordPlayback: async ({ store, user, params, body }) => ({ body: await recordPlayback(store, user.id, params.item_id, body) }),
};
