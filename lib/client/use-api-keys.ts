import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry, withRetry } from './retry-policy';

export type ApiKey = ResponseOf<'listApiKeys'>['data'][number];
/** A new key with its secret, which the service shows this once. */
export type CreatedApiKey = ResponseOf<'createApiKey'>;

/** The SWR key of the API key list. */
export const apiKeysKey = '/v1/account/api-keys';

function fetchApiKeys(): Promise<ApiKey[]> {
  return callApi('GET', '/v1/account/api-keys').then((answer) => answer.data);
}

/** The account's API keys (first-party; pass `enabled` false against a hosted service). */
export function useApiKeys(enabled = true) {
  return useSWR<ApiKey[], ApiError>(enabled ? apiKeysKey : null, fetchApiKeys, { onErrorRetry, revalidateOnFocus: false });
}

/** Creates an API key (POST /v1/account/api-keys); the answer holds the secret, shown once. */
export function useCreateApiKey() {
  const { mutate } = useSWRConfig();
  return useCallback(async (name: string): Promise<CreatedApiKey> => {
    const created = await callApi('POST', '/v1/account/api-keys', { body: { name } });
    await mutate(apiKeysKey);
    return created;
  }, [mutate]);
}

/** Revokes an API key (DELETE /v1/account/api-keys/{id}); it leaves the list at once and returns if the service refuses. */
export function useRevokeApiKey() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<string> => {
    const request = withRetry(() => callApi('DELETE', '/v1/account/api-keys/{key_id}', { params: { key_id: id } }));
    await mutate<ApiKey[], unknown>(apiKeysKey, request, {
      optimisticData: (current) => (current ?? []).filter((key) => key.id !== id),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    return (await request).message;
  }, [mutate]);
}
