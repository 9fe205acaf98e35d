import { listChapters } from '../domain/items/chapters';
import { arrangeUpNext, listUpNext, removeFromUpNext } from '../domain/up-next/up-next';
import type { Handlers } from './handler';

/** Handlers of Up Next and of episodes' chapters (first-party). */
export const upNextHandlers: Handlers = {
  listUpNext: async ({ store, user }) => ({ body: await listUpNext(store, user) }),
  arrangeUpNext: async ({ store, user, body }) => ({ body: await arrangeUpNext(store, user, body.item_ids) }),
  removeFromUpNext: async ({ store, user, body }) => ({ body: await removeFromUpNext(store, user, body.item_ids) }),
  listChapters: async ({ service, user, params, signal }) => ({ body: await listChapters(service, user, params.item_id, signal) }),
};
