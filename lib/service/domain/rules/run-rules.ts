import type { RuleApplyResult, RuleBody, RulePreview } from '@/lib/contract/rules';
import type { User } from '../accounts';
import type { RuleEntry, RuleScope, RuleSpec } from '../../store/rules';
import type { Store } from '../../store/store';
import { plans } from '../plans';
import { compileRule, ItemText, type CompiledRule } from './compiled-rule';
import { checkRule, getRule, ruleSpec } from './rules';

/** How many of the newest matches a preview lists. */
const PREVIEW_ITEMS = 10;

/** The entries a rule reads: its subscription's or all; content only when the rule looks at it. */
function scopeOf(spec: RuleSpec): RuleScope {
  return { subscriptionId: spec.subscription_id, withContent: spec.fields.includes('content') };
}

/** Whether the rule matches an entry. Hidden items are never offered (they have no entry). */
function matcher(rule: CompiledRule): (entry: RuleEntry) => boolean {
  return (entry) => rule.matches(new ItemText(entry));
}

function wouldChange(spec: RuleSpec, entry: RuleEntry): boolean {
  switch (spec.action) {
    case 'mark_read': return !entry.is_read;
    case 'save': return !entry.is_saved;
    case 'tag': return !entry.tags.some((name) => name.toLowerCase() === spec.tag!.toLowerCase());
    case 'hide': return !entry.is_saved;
  }
}

/** POST /v1/rules/preview: what a rule, not saved, matches among the existing items; nothing changes. */
export async function previewRule(store: Store, user: User, body: RuleBody): Promise<RulePreview> {
  const spec = ruleSpec(body);
  await checkRule(store, user, spec);
  const matches = await store.rules.matching(user.id, scopeOf(spec), matcher(compileRule(spec)));
  return {
    match_count: matches.length,
    change_count: matches.filter((entry) => wouldChange(spec, entry)).length,
    items: matches.slice(0, PREVIEW_ITEMS).map((entry) => ({ id: entry.id, title: entry.title, published_at: entry.published_at, feed_title: entry.feed_title })),
  };
}

const pastTense = { mark_read: 'marked read', save: 'saved', tag: 'tagged', hide: 'hidden' } as const;

/**
 * POST /v1/rules/{id}/apply: runs the rule (active or paused) once over the existing items in its
 * scope, newest first; saving stops at the plan's limit, as it would for the person.
 */
export async function applyRule(store: Store, user: User, id: string): Promise<RuleApplyResult> {
  const rule = await getRule(store, user, id);
  const savedLimit = plans[user.plan]?.savedItems ?? null;
  const { matched, changed } = await store.rules.apply(user.id, scopeOf(rule), matcher(compileRule(rule, rule.id)),
    { action: rule.action, tag: rule.tag, ruleId: rule.id }, savedLimit);
  const noun = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
  return {
    match_count: matched,
    change_count: changed,
    message: `The rule matched ${noun(matched)}; ${noun(changed)} ${changed === 1 ? 'was' : 'were'} ${pastTense[rule.action]}.`,
  };
}

/** POST /v1/rules/{id}/unhide: shows again the items the rule hid (its own hidden items, not other rules'). */
export async function unhideRule(store: Store, user: User, id: string): Promise<RuleApplyResult> {
  await getRule(store, user, id);
  const shown = await store.rules.showHidden(user.id, id);
  return {
    match_count: shown, change_count: shown,
    message: shown ? `${shown} item${shown === 1 ? '' : 's'} the rule hid ${shown === 1 ? 'is' : 'are'} shown again.` : 'The rule has hidden no items.',
  };
}
