import type { RuleApplyResult, RuleBody, RuleMatchedItem, RulePreview } from '@/lib/contract/rules';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { compileRule, ItemText, type CompiledRule } from './compiled-rule';
import { RuleActor } from './rule-actions';
import { showHiddenAgain } from './hidden-items';
import { checkRule, getRule, ruleSpec, type RuleSpec } from './rules';

/** How many of the newest matches a preview lists. */
const PREVIEW_ITEMS = 10;

type ExistingRow = {
  id: string; title: string; content: string | null; summary: string | null; author: string | null; url: string | null;
  published_at: string | null; feed_title: string; is_read: number; is_saved: number; tags: string | null;
};

type Match = { item: RuleMatchedItem; changes: boolean };

/**
 * The user's items in the rule's scope that it matches, newest first, each with whether the
 * action would change it. Hidden items are not among them (they have no entry).
 */
function existingMatches(db: Db, user: User, rule: CompiledRule): Match[] {
  const { spec } = rule;
  // Content is the bulk of a row: read only when the rule looks at it.
  const content = spec.fields.includes('content') ? 'i.content, i.summary' : 'NULL AS content, NULL AS summary';
  const rows = db.prepare(`SELECT i.id, i.title, ${content}, i.author, i.url, i.published_at, COALESCE(s.title, f.title) AS feed_title,
      e.is_read, e.is_saved,
      (SELECT json_group_array(t.name) FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = e.user_id AND it.item_id = e.item_id) AS tags
    FROM entries e JOIN items i ON i.id = e.item_id JOIN feeds f ON f.id = i.feed_id LEFT JOIN subscriptions s ON s.id = e.subscription_id
    WHERE e.user_id = @user ${spec.subscription_id ? 'AND e.subscription_id = @subscription' : ''}
    ORDER BY e.published_ms DESC, e.item_id`);
  const matches: Match[] = [];
  for (const row of rows.iterate({ user: user.id, subscription: spec.subscription_id }) as Iterable<ExistingRow>) {
    const tags = row.tags ? (JSON.parse(row.tags) as string[]) : [];
    if (!rule.matches(new ItemText({ ...row, tags }))) continue;
    matches.push({
      item: { id: row.id, title: row.title, published_at: row.published_at, feed_title: row.feed_title },
      changes: wouldChange(spec, row, tags),
    });
  }
  return matches;
}

function wouldChange(spec: RuleSpec, row: ExistingRow, tags: string[]): boolean {
  switch (spec.action) {
    case 'mark_read': return row.is_read === 0;
    case 'save': return row.is_saved === 0;
    case 'tag': return !tags.some((name) => name.toLowerCase() === spec.tag!.toLowerCase());
    case 'hide': return row.is_saved === 0;
  }
}

/** POST /v1/rules/preview: what a rule, not saved, matches among the existing items; nothing changes. */
export function previewRule(db: Db, user: User, body: RuleBody): RulePreview {
  const spec = ruleSpec(body);
  checkRule(db, user, spec);
  const matches = existingMatches(db, user, compileRule(spec));
  return {
    match_count: matches.length,
    change_count: matches.filter((match) => match.changes).length,
    items: matches.slice(0, PREVIEW_ITEMS).map((match) => match.item),
  };
}

const pastTense = { mark_read: 'marked read', save: 'saved', tag: 'tagged', hide: 'hidden' } as const;

/** POST /v1/rules/{id}/apply: runs the rule (active or paused) once over the existing items in its scope. */
export function applyRule(db: Db, user: User, id: string): RuleApplyResult {
  const rule = getRule(db, user, id);
  const compiled = compileRule(rule, rule.id);
  return db.transaction(() => {
    const matches = existingMatches(db, user, compiled);
    const actor = new RuleActor(db, user.id);
    let changed = 0;
    for (const { item } of matches) if (actor.act(item.id, rule.action, rule.tag, rule.id)) changed++;
    const noun = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
    return {
      match_count: matches.length,
      change_count: changed,
      message: `The rule matched ${noun(matches.length)}; ${noun(changed)} ${changed === 1 ? 'was' : 'were'} ${pastTense[rule.action]}.`,
    };
  })();
}

/** POST /v1/rules/{id}/unhide: shows again the items the rule hid (its own hidden items, not other rules'). */
export function unhideRule(db: Db, user: User, id: string): RuleApplyResult {
  getRule(db, user, id);
  const shown = showHiddenAgain(db, user.id, id);
  return {
    match_count: shown, change_count: shown,
    message: shown ? `${shown} item${shown === 1 ? '' : 's'} the rule hid ${shown === 1 ? 'is' : 'are'} shown again.` : 'The rule has hidden no items.',
  };
}
