import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import { withRetry } from './retry-policy';
import { tagsKey } from './source-keys';
import { savedSearchesKey } from './use-saved-searches';
import type { TagWithCounts } from './use-sources';

export type RenamedTag = ResponseOf<'updateTag'>;

/**
 * Renames a tag (PATCH /v1/tags/{id}, first-party). Onto a name another tag has, the service
 * merges the two and answers the tag that remains: its id then differs from the one renamed.
 * Saved searches that filtered by the merged tag now name the other, so they are fetched again.
 */
export function useRenameTag() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string, name: string): Promise<RenamedTag> => {
    const request = withRetry(() => callApi('PATCH', '/v1/tags/{tag_id}', { params: { tag_id: id }, body: { name } }));
    await mutate<TagWithCounts[], unknown>(tagsKey, request, {
      optimisticData: (current) => (current ?? []).map((tag) => (tag.id === id ? { ...tag, name } : tag)),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    const renamed = await request;
    if (renamed.id !== id) await mutate(savedSearchesKey);
    return renamed;
  }, [mutate]);
}

/** Deletes a tag (DELETE /v1/tags/{id}): it leaves every item (the items stay) and every saved search. */
export function useDeleteTag() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<string> => {
    const request = withRetry(() => callApi('DELETE', '/v1/tags/{tag_id}', { params: { tag_id: id } }));
    await mutate<TagWithCounts[], unknown>(tagsKey, request, {
      optimisticData: (current) => (current ?? []).filter((tag) => tag.id !== id),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    const { message } = await request;
    await mutate(savedSearchesKey);
    return message;
  }, [mutate]);
}
