import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { readLaterKey } from './reader-keys';
import { onErrorRetry, withRetry } from './retry-policy';

export type ReadLaterLink = ResponseOf<'listReadLaterLinks'>['data'][number];
export type ReadLaterService = ReadLaterLink['service'];
export type ReadLaterCredentials = BodyOf<'linkReadLater'>;

/** The name each read-later product goes by, as people know it. */
export const readLaterNames: Record<ReadLaterService, string> = {
  instapaper: 'Instapaper', readwise: 'Readwise Reader', raindrop: 'Raindrop.io', wallabag: 'wallabag',
};


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

/**
 * Sends an article to a linked read-later service (POST /v1/items/{id}/readlater) and answers
 * the service's message; 400 when the link is gone or the item cannot go, 402 off plan.
 */
export function sendToReadLater(itemId: string, service: ReadLaterService): Promise<string> {
  return withRetry(() => callApi('POST', '/v1/items/{item_id}/readlater', { params: { item_id: itemId }, query: { service } })).then((answer) => answer.message);
}
