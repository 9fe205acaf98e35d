import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@/lib/contract/types';
import { callApi, type ApiError } from './api-client';
import { announceItemsChanged } from './item-lists';
import { onErrorRetry, withRetry } from './retry-policy';
import { refreshUnreadCounts } from './unread-counts';

export type Rule = ResponseOf<'listRules'>['data'][number];
export type RuleDraft = BodyOf<'createRule'>;
export type RulePreview = ResponseOf<'previewRule'>;

/** The SWR key of the person's rules. */
export const rulesKey = ['/v1/rules'] as const;

function fetchRules(): Promise<Rule[]> {
  return callApi('GET', '/v1/rules').then((answer) => answer.data);
}

/** Every rule, oldest first: the order they run in (GET /v1/rules: first-party, so local mode only). */
export function useRules() {
  return useSWR<Rule[], ApiError>(rulesKey, fetchRules, { onErrorRetry, revalidateOnFocus: false });
}

/** What a rule not yet saved matches among the existing items (POST /v1/rules/preview); changes nothing. */
export function previewRule(draft: RuleDraft): Promise<RulePreview> {
  return withRetry(() => callApi('POST', '/v1/rules/preview', { body: draft }));
}

/** Creates a rule (POST /v1/rules); it applies to items as they arrive. */
export function useCreateRule() {
  const { mutate } = useSWRConfig();
  return useCallback(async (draft: RuleDraft): Promise<Rule> => {
    const rule = await withRetry(() => callApi('POST', '/v1/rules', { body: draft }));
    await mutate(rulesKey);
    return rule;
  }, [mutate]);
}

/** Changes a rule (PATCH /v1/rules/{id}), shown at once and put back if the service refuses. */
export function useUpdateRule() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string, change: BodyOf<'updateRule'>): Promise<Rule> => {
    const request = withRetry(() => callApi('PATCH', '/v1/rules/{rule_id}', { params: { rule_id: id }, body: change }));
    await mutate<Rule[], unknown>(rulesKey, request, {
      optimisticData: (current) => (current ?? []).map((rule) => (rule.id === id ? { ...rule, ...change } as Rule : rule)),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    return request;
  }, [mutate]);
}

/** Deletes a rule (DELETE /v1/rules/{id}); what it did stays done. */
export function useDeleteRule() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<string> => {
    const request = withRetry(() => callApi('DELETE', '/v1/rules/{rule_id}', { params: { rule_id: id } }));
    await mutate<Rule[], unknown>(rulesKey, request, {
      optimisticData: (current) => (current ?? []).filter((rule) => rule.id !== id),
      populateCache: false, rollbackOnError: true, revalidate: true,
    });
    return (await request).message;
  }, [mutate]);
}

/**
 * Runs a rule once over the existing items (POST /v1/rules/{id}/apply); the lists and unread
 * counts on screen are fetched again, as items may have been read, saved, tagged or hidden.
 */
export function useApplyRule() {
  return useRuleRun('/v1/rules/{rule_id}/apply');
}

/** Shows again the items a rule hid (POST /v1/rules/{id}/unhide); the lists and counts on screen are fetched again. */
export function useUnhideRule() {
  return useRuleRun('/v1/rules/{rule_id}/unhide');
}

function useRuleRun(path: '/v1/rules/{rule_id}/apply' | '/v1/rules/{rule_id}/unhide') {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (id: string): Promise<string> => {
    const answer = await callApi('POST', path, { params: { rule_id: id } });
    announceItemsChanged();
    void refreshUnreadCounts(cache, mutate);
    return answer.message;
  }, [cache, mutate, path]);
}
