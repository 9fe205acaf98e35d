import { randomUUID } from 'node:crypto';
import type { RuleBody, RuleRecord, UpdateRuleBody } from '@/lib/contract/rules';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { invalidFields, notFound } from '../errors';
import { patternProblem } from './rule-matcher';

/** A rule as the domain holds it: the record without its id and times. */
export type RuleSpec = Omit<RuleRecord, 'id' | 'created_at' | 'updated_at'>;

export type RuleRow = {
  id: string; subscription_id: string | null; fields: string; match: RuleRecord['match']; words: string | null;
  pattern: string | null; action: RuleRecord['action']; tag: string | null; is_active: number; created_at: string; updated_at: string;
};

/** A rule's columns, from `rules r`. */
export const ruleColumns = 'r.id, r.subscription_id, r.fields, r.match, r.words, r.pattern, r.action, r.tag, r.is_active, r.created_at, r.updated_at';

/** Maps a row to the rule record. */
export function toRule(row: RuleRow): RuleRecord {
  return {
    id: row.id, subscription_id: row.subscription_id, fields: JSON.parse(row.fields), match: row.match,
    words: row.words === null ? null : JSON.parse(row.words), pattern: row.pattern, action: row.action, tag: row.tag,
    is_active: row.is_active === 1, created_at: row.created_at, updated_at: row.updated_at,
  };
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
export function checkRule(db: Db, user: User, rule: RuleSpec): void {
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
  if (rule.subscription_id) {
    const owned = db.prepare('SELECT 1 FROM subscriptions WHERE id = ? AND user_id = ?').pluck().get(rule.subscription_id, user.id);
    if (!owned) throw notFound(`No subscription with id ${rule.subscription_id} exists (subscription_id).`);
  }
}

/** GET /v1/rules: oldest first, the order they run in. */
export function listRules(db: Db, user: User): RuleRecord[] {
  const rows = db.prepare(`SELECT ${ruleColumns} FROM rules r WHERE r.user_id = ? ORDER BY r.created_at, r.id`).all(user.id) as RuleRow[];
  return rows.map(toRule);
}

/** One rule of the user, or 404. */
export function getRule(db: Db, user: User, id: string): RuleRecord {
  const row = db.prepare(`SELECT ${ruleColumns} FROM rules r WHERE r.id = ? AND r.user_id = ?`).get(id, user.id) as RuleRow | undefined;
  if (!row) throw notFound(`No rule with id ${id} exists.`);
  return toRule(row);
}

function columns(rule: RuleSpec) {
  return {
    subscription_id: rule.subscription_id, fields: JSON.stringify(rule.fields), match: rule.match,
    words: rule.words === null ? null : JSON.stringify(rule.words), pattern: rule.pattern, action: rule.action, tag: rule.tag,
    is_active: rule.is_active ? 1 : 0,
  };
}

/** POST /v1/rules. */
export function createRule(db: Db, user: User, body: RuleBody): RuleRecord {
  const rule = ruleSpec(body);
  checkRule(db, user, rule);
  return db.transaction(() => {
    const id = randomUUID();
    // Rules run oldest first; a millisecond apart keeps two made at once in the order they were made.
    const last = db.prepare('SELECT MAX(created_at) FROM rules WHERE user_id = ?').pluck().get(user.id) as string | null;
    const now = new Date(Math.max(Date.now(), last ? Date.parse(last) + 1 : 0)).toISOString();
    db.prepare(`INSERT INTO rules (id, user_id, subscription_id, fields, match, words, pattern, action, tag, is_active, created_at, updated_at)
      VALUES (@id, @user, @subscription_id, @fields, @match, @words, @pattern, @action, @tag, @is_active, @now, @now)`)
      .run({ id, user: user.id, now, ...columns(rule) });
    return getRule(db, user, id);
  })();
}

/** PATCH /v1/rules/{id}: the fields given replace the rule's; the result is checked whole. */
export function updateRule(db: Db, user: User, id: string, body: UpdateRuleBody): RuleRecord {
  const current = getRule(db, user, id);
  const merged = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) };
  const rule = ruleSpec(merged as RuleBody);
  checkRule(db, user, rule);
  db.prepare(`UPDATE rules SET subscription_id = @subscription_id, fields = @fields, match = @match, words = @words, pattern = @pattern,
    action = @action, tag = @tag, is_active = @is_active, updated_at = @now WHERE id = @id`).run({ id, now: new Date().toISOString(), ...columns(rule) });
  return getRule(db, user, id);
}

/** DELETE /v1/rules/{id}: what the rule did stays done. */
export function deleteRule(db: Db, user: User, id: string): string {
  getRule(db, user, id);
  db.prepare('DELETE FROM rules WHERE id = ?').run(id);
  return 'Deleted the rule; what it already did stays.';
}
