import { apiUrl } from './api-client';
import { filtersFor, inboxHref, type InboxSelection } from './inbox-view';
import { filtersKey, itemsPageQuery } from './item-cache';
import { warmOfflineCopies } from './service-worker';

/*
 * What to keep ahead for offline reading, in the exact addresses the app's own fetches
 * use (the worker matches kept answers by URL): the inbox and saved pages, the first
 * page of each, the items of the inbox's first page, and every saved item through the
 * saved list.
 */

const inbox: InboxSelection = { view: 'unread', type: null };
const saved: InboxSelection = { view: 'saved', type: null };

/** The API address of a view's first page, as fetchItemsPage requests it. */
export function firstPageUrl(selection: InboxSelection): string {
  return apiUrl('/v1/items', undefined, itemsPageQuery(filtersKey(filtersFor(selection)), null));
}

/** Asks the worker to keep the inbox, the saved view, the reader shell and all saved items. */
export function warmUpOfflineReading(): Promise<void> {
  return warmOfflineCopies({
    pages: [inboxHref(inbox), inboxHref(saved), '/offline'],
    lists: [firstPageUrl(inbox)],
    savedList: firstPageUrl(saved),
  });
}
