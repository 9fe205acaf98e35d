import { apiUrl } from './api-client';
import { filtersFor, inboxHref, type InboxSelection, type ItemFilters } from './inbox-view';
import { filtersKey, itemsPageQuery } from './item-cache';
import { inProgressFilters, recentFilters } from './episode-views';
import { capabilitiesKey } from './reader-keys';
import { warmOfflineCopies } from './service-worker';

/*
 * What to keep ahead for offline reading, in the exact addresses the app's own fetches
 * use (the worker matches kept answers by URL): the inbox, saved and episodes pages, the
 * first page of each list, the items of the inbox's first page, Up Next (a podcast is what
 * one listens to without a connection), and every saved item through the saved list.
 */

const inbox: InboxSelection = { view: 'unread', type: null };
const saved: InboxSelection = { view: 'saved', type: null };

/** The API address of a view's first page, as fetchItemsPage requests it. */
export function firstPageUrl(selection: InboxSelection): string {
  return listPageUrl(filtersFor(selection));
}

/** The API address of a list's first page, as useItems requests it. */
function listPageUrl(filters: ItemFilters): string {
  return apiUrl('/v1/items', undefined, itemsPageQuery(filtersKey(filters), null));
}

/** Asks the worker to keep the inbox, the saved view, the episodes page with Up Next, the reader shell and all saved items. */
export function warmUpOfflineReading(): Promise<void> {
  return warmOfflineCopies({
    pages: [inboxHref(inbox), inboxHref(saved), '/episodes', '/offline'],
    lists: [firstPageUrl(inbox), listPageUrl(inProgressFilters), listPageUrl(recentFilters)],
    // What the service can do decides whether Up Next shows at all.
    answers: [apiUrl('/v1/up-next'), capabilitiesKey],
    savedList: firstPageUrl(saved),
  });
}
