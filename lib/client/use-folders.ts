import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';

export type Folder = ResponseOf<'listFolders'>['data'][number];

/** The SWR key of the folder list. */
export const foldersKey = '/v1/folders';

function fetchFolders(): Promise<Folder[]> {
  return callApi('GET', '/v1/folders').then((answer) => answer.data);
}

/**
 * The person's folders, pinned first then by name (first-party: pass `enabled` false against a
 * hosted service, which has no folder list, and the hook waits instead of failing).
 */
export function useFolders(enabled = true) {
  return useSWR<Folder[], ApiError>(enabled ? foldersKey : null, fetchFolders, { onErrorRetry, revalidateOnFocus: false });
}
