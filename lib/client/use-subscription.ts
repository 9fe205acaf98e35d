import useSWR from 'swr';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';
import { subscriptionKey, type SubscriptionDetail } from './subscription-cache';

/** Fetches one subscription's detail for its SWR key. */
export function fetchSubscription([, id]: ReturnType<typeof subscriptionKey>): Promise<SubscriptionDetail> {
  return callApi('GET', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: id } });
}

/** One subscription in its detail form (folder, description, last update…); a null id waits. */
export function useSubscription(id: string | null) {
  return useSWR<SubscriptionDetail, ApiError>(id ? subscriptionKey(id) : null, fetchSubscription, { onErrorRetry, revalidateOnFocus: false });
}
