import type { ItemFilters } from '@/lib/client/inbox-view';
import type { ListedItem } from '@/lib/client/item-cache';
import type { ItemChange } from './actions';
import { overlayChanges } from './overlay';

/*
 * The saved list while saves and unsaves wait in the outbox. The service's answer (or the
 * worker's kept copy of it) does not know them yet, so a queued unsave takes the item's row
 * out, and a queued save brings in the item's row from wherever the device holds it (another
 * list, its detail), as the service will list it once the save is sent. A row the person
 * unsaves in the saved list itself stays, as every change made in a list does, until the list
 * is fetched again.
 */

type Changes = ReadonlyMap<string, ItemChange>;
type ItemsPage = { data: ListedItem[]; pagination: { total: number } };

function savedOnly(filters: ItemFilters): boolean {
  return String(filters.is_saved) === 'true';
}

/** A row as the service listed it, which a queued unsave has taken out of the saved list since. */
function unsavedSince(item: ListedItem, filters: ItemFilters, changes: Changes): boolean {
  return savedOnly(filters) && item.is_saved && changes.get(item.id)?.is_saved === false;
}

/**
 * Whether an item belongs in a list with these filters, from what its row shows; null when a
 * folder or tag filter decides, which a row does not show.
 */
function listHolds(item: ListedItem, filters: ItemFilters): boolean | null {
  if (filters.item_type && item.item_type !== filters.item_type) return false;
  if (savedOnly(filters) && !item.is_saved) return false;
  if (filters.is_read && item.is_read !== (filters.is_read === 'read')) return false;
  const published = item.published_at ? Date.parse(item.published_at) : null;
  if (filters.from_date && (published === null || published < Date.parse(`${filters.from_date}T00:00:00Z`))) return false;
  if (filters.to_date && (published === null || published >= Date.parse(`${filters.to_date}T00:00:00Z`) + 86_400_000)) return false;
  // An item's feeds[0].id is the reader's subscription id (README).
  if (filters.subscription_ids?.length && !filters.subscription_ids.includes(item.feeds[0]?.id ?? '')) return false;
  if (filters.folder_ids?.length || filters.tag_ids?.length) return null;
  return true;
}

/** Where the service puts an item in a list (lib/service/domain/items/list-items.ts): episodes by last play, the rest newest first. */
function sortKey(item: ListedItem, filters: ItemFilters): number {
  const time = filters.item_type === 'episode' ? item.last_played_at : item.published_at;
  return time ? Date.parse(time) : 0;
}

/** A fetched page of a list without the rows queued unsaves took out of it (its total follows). */
export function withoutQueuedUnsaves<T extends ItemsPage>(page: T, filters: ItemFilters, changes: Changes): T {
  if (!savedOnly(filters) || changes.size === 0) return page;
  const data = page.data.filter((item) => !unsavedSince(item, filters, changes));
  if (data.length === page.data.length) return page;
  const removed = page.data.length - data.length;
  return { ...page, data, pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - removed) } };
}

/**
 * A list's loaded rows with the queued saves and unsaves shown: rows a queued unsave took out
 * are left out, and rows of queued saves that `known` finds on the device are put in at their
 * place in the list's order. Until every page is loaded (`complete`), a row that would come
 * after the last loaded one waits for its page.
 */
export function withQueuedSaves(
  items: ListedItem[], filters: ItemFilters, changes: Changes, known: (id: string) => ListedItem | null, complete: boolean,
): ListedItem[] {
  if (!savedOnly(filters) || changes.size === 0) return items;
  const shown = items.filter((item) => !unsavedSince(item, filters, changes));
  const listed = new Set(items.map((item) => item.id));
  const last = shown.at(-1);
  const added: ListedItem[] = [];
  for (const [id, change] of changes) {
    if (change.is_saved !== true || listed.has(id)) continue;
    const found = known(id);
    if (!found) continue;
    const row = overlayChanges(found, changes);
    if (listHolds(row, filters) !== true) continue;
    if (!complete && (!last || sortKey(row, filters) < sortKey(last, filters))) continue;
    added.push(row);
  }
  if (!added.length) return shown.length === items.length ? items : shown;
  for (const row of added) {
    const at = shown.findIndex((item) => sortKey(item, filters) < sortKey(row, filters));
    shown.splice(at === -1 ? shown.length : at, 0, row);
  }
  return shown;
}
