import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { ApiError, callApi } from './api-client';
import { onErrorRetry } from './retry-policy';

export type Chapter = ResponseOf<'listChapters'>['data'][number];

/** An episode's chapters (GET /v1/items/{id}/chapters, first-party), asked for only while `itemId` is given; empty when it has none. */
export function useChapters(itemId: string | null) {
  return useSWR<Chapter[], ApiError>(itemId ? ['/v1/items/{item_id}/chapters', itemId] : null,
    async ([, id]: [string, string]) => (await callApi('GET', '/v1/items/{item_id}/chapters', { params: { item_id: id } })).data,
    { onErrorRetry, revalidateOnFocus: false, revalidateIfStale: false });
}

/** The index of the chapter playing at `position` (the last one begun), or -1 before the first. */
export function currentChapter(chapters: readonly Chapter[], position: number): number {
  let current = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.start_seconds <= position + 0.5) current = index;
  });
  return current;
}
