import { callApi } from './api-client';
import type { ItemFilters } from './inbox-view';
import type { MarkAllBody } from './item-cache';

/*
 * What "mark all as read" covers for a list: every unread item its filters select, published
 * up to the moment the list loaded (what arrived since stays unread). PUT /v1/items takes the
 * list's source, type and saved filters and `before`, which also expresses `to_date`; it has
 * no `from_date`, so a list that starts at a date is marked through its ids instead.
 */

/** The last moment of a calendar day in UTC, as the service reads `to_date`. */
function endOfDay(day: string): string {
  return `${day}T23:59:59.999Z`;
}

/** The latest publication time mark-all covers: when the list loaded, or the end of its `to_date` if earlier. */
export function markAllBefore(filters: ItemFilters, loadedAt: string | null): string | null {
  const end = filters.to_date ? endOfDay(filters.to_date) : null;
  if (!loadedAt || !end) return end ?? loadedAt;
  return Date.parse(end) < Date.parse(loadedAt) ? end : loadedAt;
}

/** The PUT /v1/items body that marks a list's items read up to `before` (from_date aside). */
export function markAllBody(filters: ItemFilters, before: string | null): MarkAllBody {
  return {
    ...(filters.item_type ? { item_type: filters.item_type } : {}),
    ...(filters.is_saved ? { is_saved: filters.is_saved === 'true' } : {}),
    ...(filters.subscription_ids ? { subscription_ids: filters.subscription_ids } : {}),
    ...(filters.folder_ids ? { folder_ids: filters.folder_ids } : {}),
    ...(filters.tag_ids ? { tag_ids: filters.tag_ids } : {}),
    ...(before ? { before } : {}),
  };
}

/** Whether PUT /v1/items can express the list's filters; if not, its items are marked by id. */
export function markAllFitsBody(filters: ItemFilters): boolean {
  return !filters.from_date;
}

/** The ids of the list's unread items published up to `before`, read page by page from the service. */
export async function unreadIdsUpTo(filters: ItemFilters, before: string | null): Promise<string[]> {
  const until = before ? Date.parse(before) : Infinity;
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await callApi('GET', '/v1/items', { query: { ...filters, is_read: 'unread', limit: 100, ...(cursor ? { cursor } : {}) } });
    for (const item of page.data) {
      if (!item.published_at || Date.parse(item.published_at) <= until) ids.push(item.id);
    }
    cursor = page.pagination.has_more && page.pagination.next_cursor ? page.pagination.next_cursor : undefined;
  } while (cursor);
  return ids;
}
