import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import { withRetry } from './retry-policy';
import { savedSearchesKey, type SavedSearchEntry } from './use-saved-searches';
import type { ItemSearch } from './use-search';

export type SavedSearch = ResponseOf<'createSavedSearch'>;

/**
 * Saves an items search under a name (POST /v1/saved-searches, first-party), written as the
 * items list's own query so it can be passed straight back; a name already taken rejects with 409.
 */
export function useCreateSavedSearch() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (name: string, search: ItemSearch): Promise<SavedSearch> => {
    const queryData = {
      q: search.q,
      ...(search.includeBody ? {} : { include_body: 'false' as const }),
      ...(search.includeGlobal ? { include_global: 'true' as const } : {}),
    };
    const saved = await withRetry(() => callApi('POST', '/v1/saved-searches', { body: { name, query_data: queryData } }));
    // The list of saved searches, and results cached for any text, may now hold the new one.
    const marker = JSON.stringify('search:saved');
    const stale = [...cache.keys()].filter((key) => key.startsWith('$inf$') && key.includes(marker));
    await Promise.all([mutate(savedSearchesKey), ...stale.map((key) => mutate(key))]);
    return saved;
  }, [cache, mutate]);
}

/** Renames or pins a saved search (PATCH /v1/saved-searches/{id}); a name already taken rejects with 409. */
export function useUpdateSavedSearch() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string, change: BodyOf<'updateSavedSearch'>): Promise<SavedSearch> => {
    const request = withRetry(() => callApi('PATCH', '/v1/saved-searches/{saved_search_id}', { params: { saved_search_id: id }, body: change }));
    await mutate<SavedSearchEntry[], unknown>(savedSearchesKey, request, {
      optimisticData: (current) => (current ?? []).map((search) => (search.id === id ? { ...search, ...change } as SavedSearchEntry : search)),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    return request;
  }, [mutate]);
}

/** Deletes a saved search (DELETE /v1/saved-searches/{id}); the items it found stay as they are. */
export function useDeleteSavedSearch() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<string> => {
    const request = withRetry(() => callApi('DELETE', '/v1/saved-searches/{saved_search_id}', { params: { saved_search_id: id } }));
    await mutate<SavedSearchEntry[], unknown>(savedSearchesKey, request, {
      optimisticData: (current) => (current ?? []).filter((search) => search.id !== id),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    return (await request).message;
  }, [mutate]);
}
