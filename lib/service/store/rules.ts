import type { RuleAction, RuleRecord } from '@/lib/contract/rules';

/** A rule as the domain holds it: the record without its id and times. */
export type RuleSpec = Omit<RuleRecord, 'id' | 'created_at' | 'updated_at'>;

/** One of the user's items as a rule reads it, with the user's state of it. */
export type RuleEntry = {
  id: string; title: string; content: string | null; summary: string | null; author: string | null; url: string | null;
  published_at: string | null; feed_title: string; is_read: boolean; is_saved: boolean; tags: string[];
};

/** Which of the user's entries a run reads: one subscription's or all; content (the bulk of a row) only when asked. */
export type RuleScope = { subscriptionId: string | null; withContent: boolean };

/** One rule's action on one of the user's items. */
export type RuleStep = { itemId: string; action: RuleAction; tag: string | null; ruleId: string | null };

/**
 * A subscriber of a feed who has active rules reaching it, as ingest needs them: the rules oldest
 * first, the plan, how many items they have saved (read only when a rule saves), and their entries
 * of the new items (a subscriber whose history cap left an item out has none for it).
 */
export type RuleSubscriber = {
  userId: string; plan: string; rules: RuleRecord[]; savedCount: number;
  entries: { itemId: string; is_read: boolean; is_saved: boolean }[];
};

/**
 * The user's rules, and what they do to items. Steps keep their guards whoever runs them: saving
 * or hiding an item the user has no entry for changes nothing, and a saved item is never hidden
 * (a hidden item leaves `entries` for `hidden_items`, and comes back on `showHidden`).
 */
export type RuleStore = {
  /** The user's rules, oldest first (the order they run in). */
  list(userId: string): Promise<RuleRecord[]>;
  /** One rule of the user, or null. */
  get(userId: string, id: string): Promise<RuleRecord | null>;
  /** Whether the subscription is the user's. */
  ownsSubscription(userId: string, subscriptionId: string): Promise<boolean>;
  /** A new rule, made at least a millisecond after the user's newest, so rules made at once keep their order. */
  create(userId: string, rule: RuleSpec): Promise<RuleRecord>;
  /** Replaces the rule's fields: the rule now, or null when the user has no such rule. */
  update(userId: string, id: string, rule: RuleSpec): Promise<RuleRecord | null>;
  /** Deletes the rule (what it did stays done): false when the user has no such rule. */
  delete(userId: string, id: string): Promise<boolean>;
  /** The user's entries in scope that `matches` accepts, newest first. Hidden items are not among them. */
  matching(userId: string, scope: RuleScope, matches: (entry: RuleEntry) => boolean): Promise<RuleEntry[]>;
  /**
   * In one unit of work: the step done to each of the user's entries in scope that `matches` accepts,
   * newest first, saving no more than `savedLimit` items in all (null: no limit). How many matched, and
   * how many of those the step changed.
   */
  apply(userId: string, scope: RuleScope, matches: (entry: RuleEntry) => boolean, step: Omit<RuleStep, 'itemId'>,
    savedLimit: number | null): Promise<{ matched: number; changed: number }>;
  /**
   * In one unit of work: for each subscriber of the feed with active rules reaching it, the steps
   * `decide` answers for the feed's new items (these ids), done in order. A feed none of whose
   * subscribers has a rule costs one indexed query.
   */
  actOnNewItems(feedId: string, itemIds: string[], decide: (subscriber: RuleSubscriber) => RuleStep[]): Promise<void>;
  /** The items the rule hid go back to the user's lists, read or unread as they were: how many. */
  showHidden(userId: string, ruleId: string): Promise<number>;
};
