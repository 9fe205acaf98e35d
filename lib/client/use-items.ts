import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { callApi, type ApiError } from './api-client';
import type { ItemFilters } from './inbox-view';
import { onItemsChanged } from './item-lists';
import {
  cachedItems, filtersKey, itemDetailKey, itemsKeyLoader, itemsPageQuery, pageKey, type ItemDetail, type ItemsPage, type ListedItem,
} from './item-cache';
import { settleOutbox, withPendingChanges } from './outbox';
import { overlayChanges } from './outbox/overlay';
import { withoutQueuedUnsaves, withQueuedSaves } from './outbox/queued-saves';
import { initialOutboxStatus, outboxStatus, subscribeOutboxStatus } from './outbox/status';
import { onErrorRetry } from './retry-policy';

/** Fetches one page of a list; the first page records when it loaded, which mark-all uses as `before`. */
export async function fetchItemsPage([, filters, cursor]: ReturnType<typeof pageKey>): Promise<ItemsPage> {
  // Queued offline changes go out before fresh data comes in, and still-queued ones show on it.
  await settleOutbox();
  const loadedAt = new Date().toISOString();
  const answer = await callApi('GET', '/v1/items', { query: itemsPageQuery(filters, cursor) });
  // Before the overlay, which would make an unsaved row look like one the person changed in the list.
  const listed = withoutQueuedUnsaves(answer, JSON.parse(filters) as ItemFilters, outboxStatus().changes);
  return { ...withPendingChanges(listed), filters, loadedAt };
}

export type ItemsState = {
  items: ListedItem[];
  /** How many items the list holds in total on the service, counting the saves and unsaves still queued. */
  total: number | null;
  error: ApiError | undefined;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  /** When the first page loaded: what "mark all as read" means by "all". */
  loadedAt: string | null;
  /** The cursor of the page after the loaded ones, for readers that continue the list. */
  nextCursor: string | null;
  loadMore: () => void;
  refresh: () => Promise<unknown>;
};

/** The river of items for some filters, page by page over the service's cursor. */
export function useItems(filters: ItemFilters): ItemsState {
  const key = filtersKey(filters);
  const { cache } = useSWRConfig();
  const getKey = useMemo(() => itemsKeyLoader(key), [key]);
  const swr = useSWRInfinite<ItemsPage, ApiError>(getKey, fetchItemsPage, {
    // A river that reshuffles when the window regains focus loses the reader's place; so does
    // one whose first page is fetched again each time the next loads (the unread view would
    // drop the rows read since, above the reader). All the pages are fetched again on mount,
    // by refresh and when the outbox has sent changes made offline.
    revalidateOnFocus: false,
    revalidateFirstPage: false,
    revalidateOnMount: true,
    onErrorRetry,
  });
  // isValidating is read only while a next page is asked for: SWR renders again for each state a
  // hook has read, and the revalidation on mount, right after hydration, would render the whole
  // river twice (validating, then not) for data that mostly compares equal.
  const { data, error, isLoading, size, setSize, mutate } = swr;

  // Pages seeded from the server or a kept offline copy never went through the fetcher's
  // overlay, so queued changes are also shown at render time, as soon as the outbox knows them.
  const queued = useSyncExternalStore(subscribeOutboxStatus, () => outboxStatus().changes, () => initialOutboxStatus().changes);
  const last = data?.[data.length - 1];
  const hasMore = Boolean(last?.pagination.has_more && last.pagination.next_cursor);
  const { items, listedCount } = useMemo(() => {
    const seen = new Set<string>();
    const list: ListedItem[] = [];
    for (const page of data ?? []) {
      for (const item of page.data) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    // Saves queued offline bring in rows this device holds from other lists or the item's detail.
    let rows: Map<string, ListedItem> | null = null;
    const known = (id: string) => {
      rows ??= new Map(cachedItems(cache).map((item) => [item.id, item]));
      return rows.get(id) ?? (cache.get(itemDetailKey(id))?.data as ItemDetail | undefined) ?? null;
    };
    const shown = withQueuedSaves(list, JSON.parse(key) as ItemFilters, queued, known, Boolean(data) && !hasMore);
    return { items: overlayChanges({ data: shown }, queued).data, listedCount: list.length };
  }, [data, queued, cache, key, hasMore]);

  const isLoadingMore = Boolean(data && size > data.length && swr.isValidating);
  const loadMore = useCallback(() => {
    if (hasMore && !isLoadingMore) void setSize((current) => current + 1);
  }, [hasMore, isLoadingMore, setSize]);
  const refresh = useCallback(() => mutate(), [mutate]);
  useEffect(() => onItemsChanged(() => void mutate()), [mutate]);

  return {
    items,
    total: data?.[0] ? Math.max(0, data[0].pagination.total + items.length - listedCount) : null,
    error,
    // A list seeded with its first page (loaded on the server) is not loading while SWR revalidates it.
    isLoading: isLoading && !data,
    isLoadingMore,
    hasMore,
    loadedAt: data?.[0]?.loadedAt ?? null,
    nextCursor: hasMore ? last!.pagination.next_cursor : null,
    loadMore,
    refresh,
  };
}
