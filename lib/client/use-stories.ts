import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';

export type Story = ResponseOf<'listStories'>['data'][number];

/** How many stories the page shows: the service's most. */
export const storiesLimit = 50;

function fetchStories(): Promise<Story[]> {
  return callApi('GET', '/v1/stories', { query: { limit: storiesLimit } }).then((answer) => answer.data);
}

/** Story clusters across the person's sources, newest first (a plan without stories answers 402). */
export function useStories() {
  return useSWR<Story[], ApiError>(['/v1/stories', storiesLimit], fetchStories, { onErrorRetry, revalidateOnFocus: false });
}
