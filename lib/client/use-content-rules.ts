import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import type { ContentRulesChange, ContentRulesTrial } from '@/lib/contract/content-rules';
import { ApiError, callApi } from './api-client';
import { onErrorRetry } from './retry-policy';

export type ContentRules = ResponseOf<'getContentRules'>;
export type ContentPreview = ResponseOf<'previewContentRules'>;

/** The SWR key of one subscription's full-content rules. */
export function contentRulesKey(id: string): ['/v1/subscriptions/{subscription_id}/content-rules', string] {
  return ['/v1/subscriptions/{subscription_id}/content-rules', id];
}

/** A subscription's full-content rules (first-party); a null id waits. */
export function useContentRules(id: string | null) {
  return useSWR<ContentRules, ApiError>(id ? contentRulesKey(id) : null,
    ([, subscriptionId]: ReturnType<typeof contentRulesKey>) => callApi('GET', '/v1/subscriptions/{subscription_id}/content-rules', { params: { subscription_id: subscriptionId } }),
    { onErrorRetry, revalidateOnFocus: false });
}

/** Saves a subscription's full-content rules whole and keeps the answer as the rules; a refusal rejects with the ApiError. */
export function useSaveContentRules() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string, rules: ContentRulesChange): Promise<ContentRules> => {
    const saved = await callApi('PUT', '/v1/subscriptions/{subscription_id}/content-rules', { params: { subscription_id: id }, body: rules });
    await mutate(contentRulesKey(id), saved, { revalidate: false });
    return saved;
  }, [mutate]);
}

/** Tries selectors on the subscription's latest item's page; the service saves nothing. */
export function previewContentRules(id: string, trial: ContentRulesTrial): Promise<ContentPreview> {
  return callApi('POST', '/v1/subscriptions/{subscription_id}/content-rules/preview', { params: { subscription_id: id }, body: trial });
}
