import type { ItemList, ListItemsQuery } from '@/lib/contract/items';
import type { User } from '../accounts';
import { featureMissingMessage, planHas } from '../plans';
import type { GlobalScope, ItemFilter, ItemPageQuery } from '../../store/items';
import type { Store } from '../../store/store';
import { decodeCursor, encodeCursor, listOf } from './cursor';
import { endOfDayMs, missingTargetError, startOfDayMs } from './item-filter';
import { toItem } from './item-view';
import { invalidFields, planLimit } from '../errors';

function orderOf(query: ListItemsQuery): ItemPageQuery['order'] {
  // SPEC.md: ordering applies to episode lists only; article and mixed lists are newest first.
  return query.item_type === 'episode' ? query.order_by : 'newest';
}

/** GET /v1/items: the user's items with filters, search and stable cursor paging; global matches last. */
export async function listItems(store: Store, user: User, query: ListItemsQuery): Promise<ItemList> {
  if (query.include_global && !query.q) throw invalidFields(['include_global requires q.']);
  if (query.include_global && !planHas(user.plan, 'include_global')) throw planLimit(featureMissingMessage(user.plan, 'include_global'));
  const list = listOf('items', query);
  const cursor = query.cursor ? decodeCursor(query.cursor, list) : null;

  const filter: ItemFilter = {
    subscription_ids: query.subscription_ids, folder_ids: query.folder_ids, tag_ids: query.tag_ids,
    is_read: query.is_read === undefined ? undefined : query.is_read === 'read',
    is_saved: query.is_saved, item_type: query.item_type, in_progress: query.in_progress,
    from_ms: query.from_date ? startOfDayMs(query.from_date) : undefined,
    until_ms: query.to_date ? endOfDayMs(query.to_date) : undefined,
  };
  // One row past the page says whether there is more.
  const page = await store.items.list(user.id, {
    filter, order: orderOf(query), limit: query.limit + 1,
    search: query.q ? { text: query.q, include_body: query.include_body, global: query.include_global ? globalScope(query) : null } : undefined,
    after: cursor ? { key: cursor.k, id: cursor.i, phase: cursor.p } : undefined,
  });
  if ('missing' in page) throw missingTargetError(page);

  const offset = cursor?.o ?? 0;
  const hasMore = page.rows.length > query.limit;
  const data = page.rows.slice(0, query.limit);
  const last = data[data.length - 1];
  const lastPhase = last?.is_global || (!last && cursor?.p === 'global') ? 'global' : 'own';
  return {
    data: data.map(toItem),
    pagination: {
      total: page.total,
      limit: query.limit,
      offset,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor({ k: last.sort_key, i: last.id, o: offset + data.length, p: lastPhase, l: list }) : null,
    },
  };
}

/**
 * The filters global corpus matches take, or null when the list is narrowed to the user's own
 * things (their subscriptions, folders, tags, or read, saved or started items), which no global item is.
 */
function globalScope(query: ListItemsQuery): GlobalScope | null {
  const ownOnly = query.subscription_ids?.length || query.folder_ids?.length || query.tag_ids?.length
    || query.is_read === 'read' || query.is_saved === true || query.in_progress === true;
  if (ownOnly) return null;
  return {
    item_type: query.in_progress === false ? 'episode' : query.item_type,
    from_ms: query.from_date ? startOfDayMs(query.from_date) : undefined,
    until_ms: query.to_date ? endOfDayMs(query.to_date) : undefined,
  };
}
