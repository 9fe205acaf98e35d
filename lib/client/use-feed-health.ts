import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { ApiError, callApi } from './api-client';
import { onErrorRetry } from './retry-policy';
import { refreshSubscriptions } from './subscription-cache';

export type SubscriptionHealth = ResponseOf<'getSubscriptionHealth'>;

/** The SWR key of the person's failing subscriptions (GET /v1/feed-health). */
export const feedHealthKey = ['/v1/feed-health'] as const;

/** The SWR key of one subscription's health. */
export function subscriptionHealthKey(id: string): ['/v1/subscriptions/{subscription_id}/health', string] {
  return ['/v1/subscriptions/{subscription_id}/health', id];
}

/** How one subscription's feed is being fetched: last error, last and next try; a null id (or no first-party app) waits. */
export function useSubscriptionHealth(id: string | null) {
  return useSWR<SubscriptionHealth, ApiError>(id ? subscriptionHealthKey(id) : null,
    ([, subscriptionId]: ReturnType<typeof subscriptionHealthKey>) => callApi('GET', '/v1/subscriptions/{subscription_id}/health', { params: { subscription_id: subscriptionId } }),
    { onErrorRetry, revalidateOnFocus: false });
}

/** The health of the person's failing subscriptions by subscription id; empty until loaded, or when `enabled` is false. */
export function useFeedHealth(enabled: boolean): Map<string, SubscriptionHealth> {
  const { data } = useSWR(enabled ? feedHealthKey : null, () => callApi('GET', '/v1/feed-health'), { onErrorRetry, revalidateOnFocus: false });
  return useMemo(() => new Map((data?.data ?? []).map((health) => [health.subscription_id, health])), [data]);
}

/**
 * "Try now": has the service fetch the subscription's feed at once (POST …/refresh) and answers its
 * health; the subscription's details, the lists and the failing ones are then fetched again. A
 * refusal rejects with the ApiError (429 when the feed was fetched moments ago). Not retried: the
 * service itself allows one try every 10 seconds.
 */
export function useTryNow() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<SubscriptionHealth> => {
    const health = await callApi('POST', '/v1/subscriptions/{subscription_id}/refresh', { params: { subscription_id: id } });
    await mutate(subscriptionHealthKey(id), health, { revalidate: false });
    await Promise.all([refreshSubscriptions(cache, mutate, [id]), mutate(feedHealthKey)]);
    return health;
  }, [cache, mutate]);
}

/** What to say when "Try now" was refused: the service's own sentence for a try too soon. */
export function tryNowRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 ? error.message : null;
}
