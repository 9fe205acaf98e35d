import { createRule, deleteRule, listRules, updateRule } from '../domain/rules/rules';
import { applyRule, previewRule, unhideRule } from '../domain/rules/run-rules';
import type { Handlers } from './handler';

/** Handlers of the first-party rule operations. */
export const ruleHandlers: Handlers = {
  listRules: ({ db, user }) => ({ body: { data: listRules(db, user) } }),
  createRule: ({ db, user, body }) => ({ body: createRule(db, user, body) }),
  previewRule: ({ db, user, body }) => ({ body: previewRule(db, user, body) }),
  updateRule: ({ db, user, params, body }) => ({ body: updateRule(db, user, params.rule_id, body) }),
  deleteRule: ({ db, user, params }) => ({ body: { message: deleteRule(db, user, params.rule_id) } }),
  applyRule: ({ db, user, params }) => ({ body: applyRule(db, user, params.rule_id) }),
  unhideRule: ({ db, user, params }) => ({ body: unhideRule(db, user, params.rule_id) }),
};
