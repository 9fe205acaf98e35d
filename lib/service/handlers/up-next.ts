import { listChapters } from '../domain/items/chapters';
import { arrangeUpNext, listUpNext, removeFromUpNext } from '../domain/up-next/up-next';
import type { Handlers } from './handler';

/** Handlers of Up Next and of episodes' chapters (first-party). */
export const upNextHandlers: Handlers = {
  listUpNext: ({ db, user }) => ({ body: listUpNext(db, user) }),
  arrangeUpNext: ({ db, user, body }) => ({ body: arrangeUpNext(db, user, body.item_ids) }),
  removeFromUpNext: ({ db, user, body }) => ({ body: removeFromUpNext(db, user, body.item_ids) }),
  listChapters: async ({ service, user, params, signal }) => ({ body: await listChapters(service, user, params.item_id, signal) }),
};
