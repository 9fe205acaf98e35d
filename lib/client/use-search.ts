import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { SourceType } from '@/lib/contract/common';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { settleOutbox, withPendingChanges } from './outbox';
import { onErrorRetry } from './retry-policy';

export type ItemResult = ResponseOf<'listItems'>['data'][number];
export type FeedResult = ResponseOf<'searchFeeds'>['data'][number];
export type FolderResult = ResponseOf<'searchFolders'>['data'][number];
export type TagResult = ResponseOf<'searchTags'>['data'][number];
export type SavedSearchResult = ResponseOf<'searchSavedSearches'>['data'][number];
export type BestMatch = ResponseOf<'search'>['data'][number]['data'];

type Page<T> = { data: T[]; pagination: ResponseOf<'listItems'>['pagination'] };

/** Results per page of every tab. */
export const searchPageSize = 20;

export type SearchResults<T> = {
  results: T[];
  total: number | null;
  error: ApiError | undefined;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  refresh: () => Promise<unknown>;
};

function useSearchPages<T extends { id: string }>(
  name: string, args: string | null, fetchPage: (args: string, page: string | number) => Promise<Page<T>>, byCursor: boolean,
): SearchResults<T> {
  const getKey = useCallback((index: number, previous: Page<T> | null): [string, string, string | number] | null => {
    if (args === null) return null;
    if (index === 0) return [name, args, 0];
    if (!previous?.pagination.has_more) return null;
    if (byCursor) return previous.pagination.next_cursor ? [name, args, previous.pagination.next_cursor] : null;
    return [name, args, previous.pagination.offset + previous.data.length];
  }, [name, args, byCursor]);
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<Page<T>, ApiError>(
    getKey, ([, key, page]: [string, string, string | number]) => fetchPage(key, page), { onErrorRetry, revalidateOnFocus: false },
  );
  const results = useMemo(() => {
    const seen = new Set<string>();
    return (data ?? []).flatMap((page) => page.data).filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
  }, [data]);
  const last = data?.[data.length - 1];
  const hasMore = Boolean(last?.pagination.has_more && (!byCursor || last.pagination.next_cursor));
  const isLoadingMore = Boolean(data && size > data.length && isValidating);
  const loadMore = useCallback(() => {
    if (hasMore && !isLoadingMore) void setSize((current) => current + 1);
  }, [hasMore, isLoadingMore, setSize]);
  const refresh = useCallback(() => mutate(), [mutate]);
  return { results, total: data?.[0]?.pagination.total ?? null, error, isLoading, isLoadingMore, hasMore, loadMore, refresh };
}

/** What the items tab asks GET /v1/items for. */
export type ItemSearch = { q: string; includeBody: boolean; includeGlobal: boolean };

/**
 * Items matching the text (GET /v1/items with `q`), over the cursor. With `includeGlobal`
 * (Plus), matches from the global corpus follow the person's own, each with `is_global` true.
 * Like every items list, they show the person's changes still waiting in the outbox.
 */
export function useItemSearch(search: ItemSearch | null): SearchResults<ItemResult> {
  const args = search?.q ? JSON.stringify([search.q, search.includeBody, search.includeGlobal]) : null;
  return useSearchPages<ItemResult>('search:items', args, async (key, page) => {
    const [q, includeBody, includeGlobal] = JSON.parse(key) as [string, boolean, boolean];
    await settleOutbox();
    return withPendingChanges(await callApi('GET', '/v1/items', {
      query: {
        q, include_body: includeBody ? 'true' : 'false', ...(includeGlobal ? { include_global: 'true' } : {}),
        limit: searchPageSize, ...(typeof page === 'string' ? { cursor: page } : {}),
      },
    }));
  }, true);
}

/** Subscriptions whose name matches (GET /v1/search/feeds), optionally of one source type. */
export function useFeedSearch(q: string, sourceType: SourceType | null): SearchResults<FeedResult> {
  const args = q ? JSON.stringify([q, sourceType]) : null;
  return useSearchPages<FeedResult>('search:feeds', args, (key, offset) => {
    const [text, type] = JSON.parse(key) as [string, SourceType | null];
    return callApi('GET', '/v1/search/feeds', {
      query: { q: text, limit: searchPageSize, offset: Number(offset), ...(type ? { source_type: type } : {}) },
    });
  }, false);
}

/** Folders whose name matches (GET /v1/search/folders). */
export function useFolderSearch(q: string): SearchResults<FolderResult> {
  return useSearchPages<FolderResult>('search:folders', q || null, (text, offset) => callApi('GET', '/v1/search/folders', {
    query: { q: text, limit: searchPageSize, offset: Number(offset) },
  }), false);
}

/** Tags whose name matches (GET /v1/search/tags). */
export function useTagSearch(q: string): SearchResults<TagResult> {
  return useSearchPages<TagResult>('search:tags', q || null, (text, offset) => callApi('GET', '/v1/search/tags', {
    query: { q: text, limit: searchPageSize, offset: Number(offset) },
  }), false);
}

/** Saved searches whose name matches (GET /v1/search/saved-searches). */
export function useSavedSearchSearch(q: string): SearchResults<SavedSearchResult> {
  return useSearchPages<SavedSearchResult>('search:saved', q || null, (text, offset) => callApi('GET', '/v1/search/saved-searches', {
    query: { q: text, limit: searchPageSize, offset: Number(offset) },
  }), false);
}

/** How many best matches are asked for: the most GET /v1/search gives. */
export const bestMatchLimit = 50;

async function fetchBestMatches([, q, limit]: [string, string, number]): Promise<BestMatch[]> {
  // Queued offline changes go out before fresh data comes in, and still-queued ones show on it.
  await settleOutbox();
  const answer = await callApi('GET', '/v1/search', { query: { q, limit } });
  return withPendingChanges({ data: answer.data.map((entry) => entry.data) }).data;
}

/** The person's articles and episodes that match the text best, best first (GET /v1/search); empty text waits. */
export function useBestMatches(q: string) {
  return useSWR<BestMatch[], ApiError>(q ? ['search:best', q, bestMatchLimit] : null, fetchBestMatches, { onErrorRetry, revalidateOnFocus: false });
}
