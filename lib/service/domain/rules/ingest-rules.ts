import type { RuleRecord } from '@/lib/contract/rules';
import { preparedOnce, type Db } from '../../store/database';
import { compileRule, ItemText, type CompiledRule, type RuleItem } from './compiled-rule';
import { RuleActor } from './rule-actions';
import { toRule, type RuleRow } from './rules';

const statementsOf = preparedOnce((db: Db) => ({
  // The active rules of the feed's active subscribers that reach this feed, each user's oldest first.
  rulesOfFeed: db.prepare(`SELECT s.user_id, r.id, r.subscription_id, r.fields, r.match, r.words, r.pattern, r.action, r.tag,
      r.is_active, r.created_at, r.updated_at
    FROM subscriptions s JOIN rules r ON r.user_id = s.user_id AND r.is_active = 1 AND (r.subscription_id IS NULL OR r.subscription_id = s.id)
    WHERE s.feed_id = ? AND s.is_active = 1
    ORDER BY s.user_id, r.created_at, r.id`),
}));

/**
 * Runs the subscribers' rules over a feed's items just stored (their entries just made), inside
 * the caller's transaction. Each rule is compiled once per call, not per item; a feed none of
 * whose subscribers has a rule costs one indexed query.
 */
export function applyRulesToNewItems(db: Db, feedId: string, ids: string[], items: Omit<RuleItem, 'tags'>[]): void {
  const rows = statementsOf(db).rulesOfFeed.all(feedId) as (RuleRow & { user_id: string })[];
  if (!rows.length) return;
  const byUser = new Map<string, CompiledRule[]>();
  for (const row of rows) {
    const rule: RuleRecord = toRule(row);
    const compiled = byUser.get(row.user_id) ?? [];
    // A rule this server can no longer run (checked when saved) is passed over, never a reason to lose the feed's items.
    try {
      compiled.push(compileRule(rule, rule.id));
    } catch {
      continue;
    }
    byUser.set(row.user_id, compiled);
  }
  for (const [userId, rules] of byUser) {
    const actor = new RuleActor(db, userId);
    ids.forEach((itemId, index) => {
      // A new item has no tags yet; a rule that tags it lets later rules see that tag.
      const text = new ItemText({ ...items[index], tags: [] });
      for (const rule of rules) {
        if (!rule.matches(text)) continue;
        const { action, tag } = rule.spec;
        const changed = actor.act(itemId, action, tag, rule.id);
        if (action === 'tag' && changed) text.addTag(tag!);
        if (action === 'hide' && changed) break;
      }
    });
  }
}
