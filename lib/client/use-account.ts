import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { accountKey } from './reader-keys';
import { onErrorRetry } from './retry-policy';


export type Account = ResponseOf<'getAccount'>;
export type PlanFeature = keyof Account['features'];

function fetchAccount(): Promise<Account> {
  return callApi('GET', '/v1/account');
}

/**
 * The signed-in account and its plan (first-party; a hosted service answers an error, and
 * then `hasFeature` says "unknown" so the UI offers the feature and lets a 402 explain).
 */
export function useAccount() {
  const swr = useSWR<Account, ApiError>(accountKey, fetchAccount, {
    onErrorRetry, revalidateOnFocus: false, dedupingInterval: 60_000,
  });
  const { data, error, mutate } = swr;
  const hasFeature = (feature: PlanFeature): boolean | null => (data ? data.features[feature] : null);
  // isLoading is read only while there is no account: with one seeded by the server, its flips
  // while SWR revalidates it change nothing shown and would render the page again.
  return { data, error, mutate, isLoading: data === undefined && swr.isLoading, hasFeature };
}
