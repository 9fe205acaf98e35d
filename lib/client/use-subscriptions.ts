import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { callApi, type ApiError } from './api-client';
import { filtersKey } from './item-cache';
import { onErrorRetry } from './retry-policy';
import {
  subscriptionsPageKey, type Subscription, type SubscriptionFilters, type SubscriptionsPage,
} from './subscription-cache';

/** Subscriptions per page: a long list on one screen, small enough to arrive at once. */
export const subscriptionsPageSize = 50;

/** Filters as a stable string (sorted keys), so equal filters share one cache entry. */
export function subscriptionFiltersKey(filters: SubscriptionFilters): string {
  return filtersKey(filters);
}

/** Fetches one page: by offset when sorted by name, by cursor when sorted by recent items. */
export async function fetchSubscriptionsPage([, filters, page]: ReturnType<typeof subscriptionsPageKey>): Promise<SubscriptionsPage> {
  const query = JSON.parse(filters) as SubscriptionFilters;
  const paging = typeof page === 'string' ? { cursor: page } : { offset: page };
  const answer = await callApi('GET', '/v1/subscriptions', { query: { ...query, ...paging, limit: subscriptionsPageSize } });
  return { ...answer, kind: 'subscriptions-page' };
}

export type SubscriptionsState = {
  subscriptions: Subscription[];
  /** How many subscriptions the list holds on the service. */
  total: number | null;
  error: ApiError | undefined;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** Fetches pages until at least `count` subscriptions are loaded or the list ends, in one go. */
  loadAtLeast: (count: number) => void;
  refresh: () => Promise<unknown>;
};

/**
 * The person's subscriptions for some filters, page by page: alphabetical with offset paging,
 * or (order_by `recent`) newest items first over the service's cursor.
 */
export function useSubscriptions(filters: SubscriptionFilters): SubscriptionsState {
  const key = subscriptionFiltersKey(filters);
  const byCursor = filters.order_by === 'recent';
  const getKey = useCallback((index: number, previous: SubscriptionsPage | null) => {
    if (index === 0) return subscriptionsPageKey(key, 0);
    if (!previous?.pagination.has_more) return null;
    if (byCursor) return previous.pagination.next_cursor ? subscriptionsPageKey(key, previous.pagination.next_cursor) : null;
    return subscriptionsPageKey(key, previous.pagination.offset + previous.data.length);
  }, [key, byCursor]);
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<SubscriptionsPage, ApiError>(
    getKey, fetchSubscriptionsPage, { onErrorRetry, revalidateOnFocus: false },
  );

  const subscriptions = useMemo(() => {
    const seen = new Set<string>();
    const list: Subscription[] = [];
    for (const page of data ?? []) {
      for (const entry of page.data) {
        if (seen.has(entry.id)) continue;
        seen.add(entry.id);
        list.push(entry);
      }
    }
    return list;
  }, [data]);

  const last = data?.[data.length - 1];
  const hasMore = Boolean(last?.pagination.has_more && (!byCursor || last.pagination.next_cursor));
  const isLoadingMore = Boolean(data && size > data.length && isValidating);
  const loadMore = useCallback(() => {
    if (hasMore && !isLoadingMore) void setSize((current) => current + 1);
  }, [hasMore, isLoadingMore, setSize]);
  // One jump of the page count: SWR fetches the missing pages in turn (cursor pages too, each from the one before)
  // and revalidates the first page once, where one page at a time revalidated it again for every page.
  const loadAtLeast = useCallback((count: number) => {
    const pages = Math.ceil(count / subscriptionsPageSize);
    if (hasMore && !isLoadingMore && pages > size) void setSize(pages);
  }, [hasMore, isLoadingMore, setSize, size]);
  const refresh = useCallback(() => mutate(), [mutate]);

  return {
    subscriptions, total: data?.[0]?.pagination.total ?? null, error, isLoading, isLoadingMore, hasMore, loadMore, loadAtLeast, refresh,
  };
}
