import { getItem } from '../domain/items/get-item';
import { bulkUpdateItems, markAllItems, updateItem } from '../domain/items/item-state';
import { listItems } from '../domain/items/list-items';
import { recordPlayback } from '../domain/items/playback';
import type { Handlers } from './handler';

/** Handlers of the items operations: validate (done by the router) → domain call → reply. */
export const itemHandlers: Handlers = {
  listItems: ({ db, user, query }) => ({ body: listItems(db, user, query) }),
  markAllItems: ({ db, user, body }) => ({ body: { message: markAllItems(db, user, body) } }),
  bulkUpdateItems: ({ db, user, body }) => ({ body: { message: bulkUpdateItems(db, user, body.item_ids, body.action) } }),
  getItem: ({ db, user, params }) => ({ body: getItem(db, user.id, params.item_id) }),
  updateItem: ({ db, user, params, body }) => ({ body: updateItem(db, user, params.item_id, body) }),
  recordPlayback: ({ db, user, params, body }) => ({ body: recordPlayback(db, user.id, params.item_id, body) }),
};
