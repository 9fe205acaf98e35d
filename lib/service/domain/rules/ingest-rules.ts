import type { RuleStep, RuleSubscriber } from '../../store/rules';
import type { Store } from '../../store/store';
import { plans } from '../plans';
import { compileRule, ItemText, type CompiledRule, type RuleItem } from './compiled-rule';

/** The rules of a subscriber this server can run, compiled once for the batch. */
function compiledRules(subscriber: RuleSubscriber): CompiledRule[] {
  return subscriber.rules.flatMap((rule) => {
    // A rule this server can no longer run (checked when saved) is passed over, never a reason to lose the feed's items.
    try {
      return [compileRule(rule, rule.id)];
    } catch {
      return [];
    }
  });
}

/**
 * What a subscriber's rules do to a feed's new items (`items` in the order of `itemIds`): the steps
 * that change something, worked out from the subscriber's entries of them, as each rule runs in
 * turn (oldest first) on each item. A rule that tags an item lets later rules see that tag; once
 * an item is hidden no later rule touches it; a saved item is never hidden; saving stops at the
 * plan's limit, as it would for the person.
 */
export function newItemSteps(itemIds: string[], items: Omit<RuleItem, 'tags'>[]): (subscriber: RuleSubscriber) => RuleStep[] {
  return (subscriber) => {
    const rules = compiledRules(subscriber);
    const limit = plans[subscriber.plan as keyof typeof plans]?.savedItems ?? null;
    let room = limit === null ? null : Math.max(0, limit - subscriber.savedCount);
    const entries = new Map(subscriber.entries.map((entry) => [entry.itemId, entry]));
    const steps: RuleStep[] = [];
    itemIds.forEach((itemId, index) => {
      const entry = entries.get(itemId);
      // Without an entry (the plan's history cap left the item out) no action changes anything.
      if (!entry) return;
      const state = { read: entry.is_read, saved: entry.is_saved, tags: new Set<string>() };
      // A new item has no tags yet.
      const text = new ItemText({ ...items[index]!, tags: [] });
      for (const rule of rules) {
        if (!rule.matches(text)) continue;
        const { action, tag } = rule.spec;
        let changes = false;
        if (action === 'mark_read') {
          changes = !state.read;
          state.read = true;
        } else if (action === 'save') {
          changes = !state.saved && room !== 0;
          if (changes) {
            state.saved = true;
            if (room !== null) room--;
          }
        } else if (action === 'tag') {
          changes = !state.tags.has(tag!.toLowerCase());
          if (changes) {
            state.tags.add(tag!.toLowerCase());
            text.addTag(tag!);
          }
        } else {
          changes = !state.saved;
        }
        if (changes) steps.push({ itemId, action, tag, ruleId: rule.id });
        if (action === 'hide' && changes) break;
      }
    });
    return steps;
  };
}

/**
 * Runs the subscribers' rules over a feed's items just stored (their entries just made), in one
 * unit of work of the store. Each rule is compiled once per call, not per item. (Ingest, which
 * stores a feed inside its own SQLite transaction, runs the store's synchronous twin with
 * `newItemSteps`: store/sqlite/rules.ts's actOnNewItemsNow.)
 */
export function applyRulesToNewItems(store: Store, feedId: string, itemIds: string[], items: Omit<RuleItem, 'tags'>[]): Promise<void> {
  return store.rules.actOnNewItems(feedId, itemIds, newItemSteps(itemIds, items));
}
