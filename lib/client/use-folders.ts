import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';
import { foldersKey } from './source-keys';

export type Folder = ResponseOf<'listFolders'>['data'][number];

export { foldersKey };

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
