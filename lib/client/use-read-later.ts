import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry, withRetry } from './retry-policy';

export type ReadLaterLink = ResponseOf<'listReadLaterLinks'>['data'][number];
export type ReadLaterService = ReadLaterLink['service'];
export type ReadLaterCredentials = BodyOf<'linkReadLater'>;

/** The SWR key of the read-later links. */
export const readLaterKey = '/v1/read-later';

function fetchLinks(): Promise<ReadLaterLink[]> {
  return callApi('GET', '/v1/read-later').then((answer) => answer.data);
}

/** Each read-later service and whether it is linked (first-party; pass `enabled` false against a hosted service). */
export function useReadLaterLinks(enabled = true) {
  return useSWR<ReadLaterLink[], ApiError>(enabled ? readLaterKey : null, fetchLinks, { onErrorRetry, revalidateOnFocus: false });
}

/**
 * Links a read-later service with its credentials (PUT /v1/read-later/{service}); the service
 * checks them with the product first and answers 400 when they are refused.
 */
export function useLinkReadLater() {
  const { mutate } = useSWRConfig();
  return useCallback(async (service: ReadLaterService, credentials: ReadLaterCredentials): Promise<ReadLaterLink> => {
    const link = await callApi('PUT', '/v1/read-later/{service}', { params: { service }, body: credentials });
    await mutate<ReadLaterLink[]>(readLaterKey, (current) => (current ?? []).map((entry) => (entry.service === service ? link : entry)), { revalidate: false });
    return link;
  }, [mutate]);
}

/** Unlinks a read-later service (DELETE /v1/read-later/{service}). */
export function useUnlinkReadLater() {
  const { mutate } = useSWRConfig();
  return useCallback(async (service: ReadLaterService): Promise<string> => {
    const answer = await withRetry(() => callApi('DELETE', '/v1/read-later/{service}', { params: { service } }));
    await mutate(readLaterKey);
    return answer.message;
  }, [mutate]);
}
