import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';

export type SimilarItem = ResponseOf<'similarItems'>['data'][number];

/** How many similar items the reader lists under an item. */
export const similarLimit = 5;

/** The SWR key of an item's similar items. */
export function similarKey(id: string): ['/v1/items/{item_id}/similar', string, number] {
  return ['/v1/items/{item_id}/similar', id, similarLimit];
}

function fetchSimilar([, id, limit]: ReturnType<typeof similarKey>): Promise<SimilarItem[]> {
  return callApi('GET', '/v1/items/{item_id}/similar', { params: { item_id: id }, query: { limit } }).then((answer) => answer.data);
}

/** Items about the same subject as this one, best first (a plan without similar items answers 402). */
export function useSimilarItems(id: string) {
  return useSWR<SimilarItem[], ApiError>(similarKey(id), fetchSimilar, { onErrorRetry, revalidateOnFocus: false });
}
