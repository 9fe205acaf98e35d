import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';
import { subscriptionCheckKey } from './subscription-cache';

export type SubscriptionCheck = ResponseOf<'checkSubscriptions'>;

function fetchCheck(): Promise<SubscriptionCheck> {
  return callApi('GET', '/v1/subscriptions/check');
}

/** Whether the person follows any feeds and any podcasts (GET /v1/subscriptions/check). */
export function useSubscriptionCheck() {
  return useSWR<SubscriptionCheck, ApiError>(subscriptionCheckKey, fetchCheck, { onErrorRetry, revalidateOnFocus: false });
}
