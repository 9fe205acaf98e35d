import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';

export type SavedSearchEntry = ResponseOf<'listSavedSearches'>['data'][number];

/** The SWR key of the person's saved searches. */
export const savedSearchesKey = ['/v1/saved-searches'] as const;

function fetchSavedSearches(): Promise<SavedSearchEntry[]> {
  return callApi('GET', '/v1/saved-searches').then((answer) => answer.data);
}

/** Every saved search, pinned first, then by name (GET /v1/saved-searches: first-party, so local mode only). */
export function useSavedSearches() {
  return useSWR<SavedSearchEntry[], ApiError>(savedSearchesKey, fetchSavedSearches, { onErrorRetry, revalidateOnFocus: false });
}
