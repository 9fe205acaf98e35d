import { createRule, deleteRule, listRules, updateRule } from '../domain/rules/rules';
import { applyRule, previewRule, unhideRule } from '../domain/rules/run-rules';
import type { Handlers } from './handler';

/** Handlers of the first-party rule operations. */
export const ruleHandlers: Handlers = {
  listRules: async ({ store, user }) => ({ body: { data: await listRules(store, user) } }),
  createRule: async ({ store, user, body }) => ({ body: await createRule(store, user, body) }),
  previewRule: async ({ store, user, body }) => ({ body: await previewRule(store, user, body) }),
  updateRule: async ({ store, user, params, body }) => ({ body: await updateRule(store, user, params.rule_id, body) }),
  deleteRule: async ({ store, user, params }) => ({ body: { message: await deleteRule(store, user, params.rule_id) } }),
  applyRule: async ({ store, user, params }) => ({ body: await applyRule(store, user, params.rule_id) }),
  unhideRule: async ({ store, user, params }) => ({ body: await unhideRule(store, user, params.rule_id) }),
};
