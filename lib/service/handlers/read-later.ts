import { linkService, listLinks, sendToReadLater, unlinkService } from '../read-later/links';
import type { Handlers } from './handler';

/** Handlers of sending to read-later services and of linking them (first-party). */
export const readLaterHandlers: Handlers = {
  sendToReadLater: async ({ service, user, params, query }) => ({ body: { message: await sendToReadLater(service, user, params.item_id, query.service) } }),
  listReadLaterLinks: async ({ service, user }) => ({ body: { data: await listLinks(service, user) } }),
  linkReadLater: async ({ service, user, params, body }) => ({ body: await linkService(service, user, params.service, body) }),
  unlinkReadLater: async ({ service, user, params }) => {
    await unlinkService(service, user, params.service);
    return { body: { message: `${params.service} was unlinked.` } };
  },
};
