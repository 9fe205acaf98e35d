import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import useSWRInfinite from 'swr/infinite';
import { callApi, type ApiError } from './api-client';
import type { ItemFilters } from './inbox-view';
import { onItemsChanged } from './item-lists';
import { filtersKey, itemsKeyLoader, itemsPageQuery, pageKey, type ItemsPage, type ListedItem } from './item-cache';
import { settleOutbox, withPendingChanges } from './outbox';
import { overlayChanges } from './outbox/overlay';
import { initialOutboxStatus, outboxStatus, subscribeOutboxStatus } from './outbox/status';
import { onErrorRetry } from './retry-policy';

/** Fetches one page of a list; the first page records when it loaded, which mark-all uses as `before`. */
export async function fetchItemsPage([, filters, cursor]: ReturnType<typeof pageKey>): Promise<ItemsPage> {
  // Queued offline changes go out before fresh data comes in, and still-queued ones show on it.
  await settleOutbox();
  const loadedAt = new Date().toISOString();
  const page = withPendingChanges(await callApi('GET', '/v1/items', { query: itemsPageQuery(filters, cursor) }));
  return { ...page, filters, loadedAt };
}

export type ItemsState = {
  items: ListedItem[];
  /** How many items the list holds in total on the service. */
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
  const getKey = useMemo(() => itemsKeyLoader(key), [key]);
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<ItemsPage, ApiError>(getKey, fetchItemsPage, {
    // A river that reshuffles when the window regains focus loses the reader's place; so does
    // one whose first page is fetched again each time the next loads (the unread view would
    // drop the rows read since, above the reader). All the pages are fetched again on mount,
    // by refresh and when the outbox has sent changes made offline.
    revalidateOnFocus: false,
    revalidateFirstPage: false,
    revalidateOnMount: true,
    onErrorRetry,
  });

  // Pages seeded from the server or a kept offline copy never went through the fetcher's
  // overlay, so queued changes are also shown at render time, as soon as the outbox knows them.
  const queued = useSyncExternalStore(subscribeOutboxStatus, () => outboxStatus().changes, () => initialOutboxStatus().changes);
  const items = useMemo(() => {
    const seen = new Set<string>();
    const list: ListedItem[] = [];
    for (const page of data ?? []) {
      for (const item of page.data) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    return overlayChanges({ data: list }, queued).data;
  }, [data, queued]);

  const last = data?.[data.length - 1];
  const hasMore = Boolean(last?.pagination.has_more && last.pagination.next_cursor);
  const isLoadingMore = Boolean(data && size > data.length && isValidating);
  const loadMore = useCallback(() => {
    if (hasMore && !isLoadingMore) void setSize((current) => current + 1);
  }, [hasMore, isLoadingMore, setSize]);
  const refresh = useCallback(() => mutate(), [mutate]);
  useEffect(() => onItemsChanged(() => void mutate()), [mutate]);

  return {
    items,
    total: data?.[0]?.pagination.total ?? null,
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
