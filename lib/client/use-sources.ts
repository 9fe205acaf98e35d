import { useEffect, useMemo, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { useOutboxStatus } from './outbox/use-outbox-status';
import { onErrorRetry } from './retry-policy';
import type { Subscription, SubscriptionFilters } from './subscription-cache';
import { refreshUnreadCounts, tagsKey } from './unread-counts';
import { useSubscriptions } from './use-subscriptions';

export type TagWithCounts = ResponseOf<'listTags'>['data'][number];

function fetchTags(): Promise<TagWithCounts[]> {
  return callApi('GET', '/v1/tags').then((answer) => answer.data);
}

/** The person's tags by name with unread counts (first-party: `enabled` false waits instead of failing). */
export function useTags(enabled = true) {
  return useSWR<TagWithCounts[], ApiError>(enabled ? tagsKey : null, fetchTags, { onErrorRetry, revalidateOnFocus: false });
}

/** Pinned entries first, each group keeping the order the service gave. */
export function pinnedFirst<T extends { is_pinned: boolean }>(list: T[]): T[] {
  return [...list.filter((entry) => entry.is_pinned), ...list.filter((entry) => !entry.is_pinned)];
}

/**
 * Every subscription a sidebar group lists (`{ folder_id }`: one folder's; `{}`: those without
 * a folder; `{ all: 'true' }`: every one), pinned first, loading page after page until the list is
 * whole. Uses the subscriptions page's cache keys, so a change made there (pin, move, rename)
 * shows here too.
 */
export function useSourceSubscriptions(filters: Pick<SubscriptionFilters, 'folder_id' | 'all'>): {
  subscriptions: Subscription[]; error: ApiError | undefined; isLoading: boolean; retry: () => void;
} {
  const { subscriptions, error, isLoading, hasMore, isLoadingMore, loadMore, refresh } = useSubscriptions(filters);
  useEffect(() => {
    if (hasMore && !isLoadingMore && !error) loadMore();
  }, [hasMore, isLoadingMore, error, loadMore]);
  const sorted = useMemo(() => pinnedFirst(subscriptions), [subscriptions]);
  return { subscriptions: sorted, error, isLoading, retry: () => void refresh() };
}

/**
 * Refreshes the unread counts when the outbox has sent queued read changes (a replay after
 * going back online): those never passed through the item actions of this page.
 */
export function useCountsFollowOutbox(): void {
  const { cache, mutate } = useSWRConfig();
  const pending = useOutboxStatus().pending.length;
  const before = useRef(pending);
  useEffect(() => {
    if (pending < before.current) void refreshUnreadCounts(cache, mutate);
    before.current = pending;
  }, [pending, cache, mutate]);
}
