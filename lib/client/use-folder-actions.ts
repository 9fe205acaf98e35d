import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { BodyOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import { withRetry } from './retry-policy';
import { refreshSubscriptions } from './subscription-cache';
import { foldersKey, type Folder } from './use-folders';

/** Creates a folder (POST /v1/folders); a name already taken rejects with 409. */
export function useCreateFolder() {
  const { mutate } = useSWRConfig();
  return useCallback(async (name: string): Promise<Folder> => {
    const folder = await withRetry(() => callApi('POST', '/v1/folders', { body: { name } }));
    await mutate(foldersKey);
    return folder;
  }, [mutate]);
}

/** Renames or pins a folder (PATCH /v1/folders/{id}), shown at once and rolled back on refusal. */
export function useUpdateFolder() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string, change: BodyOf<'updateFolder'>): Promise<Folder> => {
    const request = withRetry(() => callApi('PATCH', '/v1/folders/{folder_id}', { params: { folder_id: id }, body: change }));
    await mutate<Folder[], unknown>(foldersKey, request, {
      optimisticData: (current) => (current ?? []).map((folder) => (folder.id === id ? { ...folder, ...change } as Folder : folder)),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    return request;
  }, [mutate]);
}

/** Deletes a folder (DELETE /v1/folders/{id}); its subscriptions fall back to no folder, so their lists are fetched again. */
export function useDeleteFolder() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<string> => {
    const request = withRetry(() => callApi('DELETE', '/v1/folders/{folder_id}', { params: { folder_id: id } }));
    await mutate<Folder[], unknown>(foldersKey, request, {
      optimisticData: (current) => (current ?? []).filter((folder) => folder.id !== id),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    await refreshSubscriptions(cache, mutate);
    return (await request).message;
  }, [cache, mutate]);
}
