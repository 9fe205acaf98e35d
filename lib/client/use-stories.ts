import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { settleOutbox, withPendingChanges } from './outbox';
import { onErrorRetry } from './retry-policy';

export type Story = ResponseOf<'listStories'>['data'][number];

/** How many stories the page shows: the service's most. */
export const storiesLimit = 50;

/** The stories, their articles showing the person's changes still waiting in the outbox (sent first when they can be). */
async function fetchStories(): Promise<Story[]> {
  await settleOutbox();
  const answer = await callApi('GET', '/v1/stories', { query: { limit: storiesLimit } });
  return answer.data.map((story) => ({ ...story, articles: withPendingChanges({ data: story.articles }).data }));
}

/** Story clusters across the person's sources, newest first (a plan without stories answers 402). */
export function useStories() {
  return useSWR<Story[], ApiError>(['/v1/stories', storiesLimit], fetchStories, { onErrorRetry, revalidateOnFocus: false });
}
