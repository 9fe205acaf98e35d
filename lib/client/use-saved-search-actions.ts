import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import { withRetry } from './retry-policy';
import { savedSearchesKey } from './use-saved-searches';
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
