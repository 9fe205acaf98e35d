import { MessageResult } from '../common';
import {
  RuleApplyResult, RuleBody, RuleList, RulePath, RulePreview, RuleRecord, UpdateRuleBody,
} from '../rules';
import { defineOperations } from '../operation';

/**
 * First-party (app token only): rules that mark read, save, tag or hide the items that match,
 * as they arrive and, on request, once over the items already there. An invalid pattern, or one
 * that cannot be run in linear time, answers 422.
 */
export const ruleOperations = defineOperations({
  listRules: {
    method: 'GET', path: '/v1/rules', auth: 'first_party', summary: 'List rules, oldest first (the order they run in)',
    success: { status: 200, body: RuleList }, errors: [],
  },
  createRule: {
    method: 'POST', path: '/v1/rules', auth: 'first_party', summary: 'Create a rule; it applies to items that arrive from then on',
    body: RuleBody, success: { status: 201, body: RuleRecord }, errors: [404, 422],
  },
  previewRule: {
    method: 'POST', path: '/v1/rules/preview', auth: 'first_party', summary: 'Count the existing items a rule (not saved) matches, with the newest of them',
    body: RuleBody, success: { status: 200, body: RulePreview }, errors: [404, 422],
  },
  updateRule: {
    method: 'PATCH', path: '/v1/rules/{rule_id}', auth: 'first_party', summary: 'Change a rule, or pause and resume it',
    params: RulePath, body: UpdateRuleBody, success: { status: 200, body: RuleRecord }, errors: [404, 422],
  },
  deleteRule: {
    method: 'DELETE', path: '/v1/rules/{rule_id}', auth: 'first_party', summary: 'Delete a rule (what it did stays done; its hidden items stay hidden)',
    params: RulePath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  applyRule: {
    method: 'POST', path: '/v1/rules/{rule_id}/apply', auth: 'first_party', summary: 'Run a rule once over the existing items in its scope',
    params: RulePath, success: { status: 200, body: RuleApplyResult }, errors: [404, 422],
  },
  unhideRule: {
    method: 'POST', path: '/v1/rules/{rule_id}/unhide', auth: 'first_party', summary: 'Show again the items the rule hid, read or unread as they were',
    params: RulePath, success: { status: 200, body: RuleApplyResult }, errors: [404, 422],
  },
});
