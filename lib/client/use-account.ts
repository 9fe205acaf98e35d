import useSWR from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { onErrorRetry } from './retry-policy';

const accountPath = '/v1/account';

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
  const result = useSWR<Account, ApiError>(accountPath, fetchAccount, {
    onErrorRetry, revalidateOnFocus: false, dedupingInterval: 60_000,
  });
  const hasFeature = (feature: PlanFeature): boolean | null => (result.data ? result.data.features[feature] : null);
  return { ...result, hasFeature };
}
