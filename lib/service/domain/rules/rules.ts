import type { RuleBody, RuleRecord, UpdateRuleBody } from '@/lib/contract/rules';
import type { User } from '../accounts';
import type { RuleSpec } from '../../store/rules';
import type { Store } from '../../store/store';
import { invalidFields, notFound } from '../errors';
import { patternProblem } from './rule-matcher';

export type { RuleSpec };

function noRule(id: string) {
  return notFound(`No rule with id ${id} exists.`);
}

/** The rule a body describes, absent fields null; words, pattern and tag kept only where they count. */
export function ruleSpec(body: RuleBody): RuleSpec {
  const usesWords = body.match !== 'pattern';
  return {
    subscription_id: body.subscription_id ?? null,
    fields: [...new Set(body.fields)],
    match: body.match,
    words: usesWords ? [...new Set(body.words ?? [])] : null,
    pattern: usesWords ? null : body.pattern ?? null,
    action: body.action,
    tag: body.action === 'tag' ? body.tag ?? null : null,
    is_active: body.is_active ?? true,
  };
}

/**
 * What the schema cannot say about a whole rule, refused with one sentence per field (422);
 * a subscription the user lacks answers 404.
 */
export async function checkRule(store: Store, user: User, rule: RuleSpec): Promise<void> {
  const sentences: string[] = [];
  if (rule.match !== 'pattern' && !rule.words?.length) sentences.push(`words must have at least one word when match is '${rule.match}'.`);
  if (rule.match === 'pattern') {
    if (!rule.pattern) sentences.push("pattern is required when match is 'pattern'.");
    else {
      const problem = patternProblem(rule.pattern);
      if (problem) sentences.push(`pattern ${problem}.`);
    }
  }
  if (rule.action === 'tag' && !rule.tag) sentences.push("tag is required when action is 'tag'.");
  if (sentences.length) throw invalidFields(sentences);
  if (rule.subscription_id && !(await store.rules.ownsSubscription(user.id, rule.subscription_id))) {
    throw notFound(`No subscription with id ${rule.subscription_id} exists (subscription_id).`);
  }
}

/** GET /v1/rules: oldest first, the order they run in. */
export function listRules(store: Store, user: User): Promise<RuleRecord[]> {
  return store.rules.list(user.id);
}

/** One rule of the user, or 404. */
export async function getRule(store: Store, user: User, id: string): Promise<RuleRecord> {
  const rule = await store.rules.get(user.id, id);
  if (!rule) throw noRule(id);
  return rule;
}

/** POST /v1/rules. */
export async function createRule(store: Store, user: User, body: RuleBody): Promise<RuleRecord> {
  const rule = ruleSpec(body);
  await checkRule(store, user, rule);
  return store.rules.create(user.id, rule);
}

/** PATCH /v1/rules/{id}: the fields given replace the rule's; the result is checked whole. */
export async function updateRule(store: Store, user: User, id: string, body: UpdateRuleBody): Promise<RuleRecord> {
  const current = await getRule(store, user, id);
  const merged = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) };
  const rule = ruleSpec(merged as RuleBody);
  await checkRule(store, user, rule);
  const updated = await store.rules.update(user.id, id, rule);
  if (!updated) throw noRule(id);
  return updated;
}

/** DELETE /v1/rules/{id}: what the rule did stays done. */
export async function deleteRule(store: Store, user: User, id: string): Promise<string> {
  if (!(await store.rules.delete(user.id, id))) throw noRule(id);
  return 'Deleted the rule; what it already did stays.';
}
