import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import { withRetry } from './retry-policy';
import {
  changeSubscriptions, forgetSubscriptions, refreshSubscriptions, type Subscription, type SubscriptionPatch,
} from './subscription-cache';

export type SubscribeResult = ResponseOf<'subscribe'>;
export type BulkSubscriptionAction = BodyOf<'bulkUpdateSubscriptions'>['action'];
export type SubscriptionSettings = BodyOf<'updateSubscription'>;
export type NewsletterResult = ResponseOf<'createNewsletter'>;

const bulkPatches: Record<BulkSubscriptionAction, SubscriptionPatch> = {
  pause: { is_active: false },
  resume: { is_active: true },
  pin: { is_pinned: true },
  unpin: { is_pinned: false },
  move: {},
};

/**
 * Subscribes to a feed by URL (POST /v1/subscriptions), optionally into a folder. Answers the
 * service's result (`subscribed` or `already_subscribed`); a refusal rejects with the ApiError
 * (400 not a feed or bad URL, 402 plan limit, 503 unreachable). Not retried: a 503 here means
 * the feed's own server did not answer, which asking again at once rarely changes.
 */
export function useSubscribe() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (url: string, folderId: string | null = null): Promise<SubscribeResult> => {
    const result = await callApi('POST', '/v1/subscriptions', { body: folderId ? { url, folder_id: folderId } : { url } });
    await refreshSubscriptions(cache, mutate);
    return result;
  }, [cache, mutate]);
}

/**
 * Pauses, resumes, pins, unpins or moves many subscriptions at once (PATCH /v1/subscriptions);
 * the change shows at once and rolls back when the service refuses.
 */
export function useBulkUpdateSubscriptions() {
  const { cache, mutate } = useSWRConfig();
  return useCallback((ids: string[], action: BulkSubscriptionAction, folderId: string | null = null): Promise<Subscription[]> => {
    const body = action === 'move' ? { subscription_ids: ids, action, folder_id: folderId } : { subscription_ids: ids, action };
    const request = withRetry(() => callApi('PATCH', '/v1/subscriptions', { body }));
    return changeSubscriptions(cache, mutate, ids, bulkPatches[action], request);
  }, [cache, mutate]);
}

/** Unsubscribes from one or many subscriptions (DELETE /v1/subscriptions); answers the service's message. */
export function useUnsubscribe() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (ids: string[]): Promise<string> => {
    const result = ids.length === 1
      ? await withRetry(() => callApi('DELETE', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: ids[0]! } }))
      : await withRetry(() => callApi('DELETE', '/v1/subscriptions', { body: { subscription_ids: ids } }));
    await forgetSubscriptions(cache, mutate, ids);
    return result.message;
  }, [cache, mutate]);
}

/** Changes one subscription's title, folder, pinned, active or playback speed (PATCH /v1/subscriptions/{id}). */
export function useUpdateSubscription() {
  const { cache, mutate } = useSWRConfig();
  return useCallback((id: string, settings: SubscriptionSettings): Promise<Subscription> => {
    // The folder is not part of the list form; lists learn about a move when they are fetched again.
    const shown = Object.fromEntries(Object.entries(settings).filter(([field]) => field !== 'folder_id')) as SubscriptionPatch;
    const request = withRetry(() => callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: id }, body: settings }));
    return changeSubscriptions(cache, mutate, [id], shown, request);
  }, [cache, mutate]);
}

/** Creates a newsletter subscription with its own address (POST /v1/subscriptions/newsletters). */
export function useCreateNewsletter() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (title: string): Promise<NewsletterResult> => {
    const result = await withRetry(() => callApi('POST', '/v1/subscriptions/newsletters', { body: { title } }));
    await refreshSubscriptions(cache, mutate);
    return result;
  }, [cache, mutate]);
}

