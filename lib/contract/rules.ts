import { z } from 'zod';
import { Timestamp, Uuid } from './common';

/*
 * First-party rules (app token only): when an item's fields match words or a pattern, do one
 * thing with it. SPEC.md has no rules; these shapes are ours.
 */

/** The parts of an item a rule reads; `content` is the text of the content (or the summary when there is none), `tags` the user's tag names. */
export const RuleField = z.enum(['title', 'content', 'author', 'link', 'tags']);
export type RuleField = z.infer<typeof RuleField>;

/** Whole words or phrases, case-insensitive: any of them, all of them; or a regular expression. */
export const RuleMatch = z.enum(['any_words', 'all_words', 'pattern']);
export type RuleMatch = z.infer<typeof RuleMatch>;

/** What a rule does with a matching item; `hide` keeps it out of every list and count, but search finds it. */
export const RuleAction = z.enum(['mark_read', 'save', 'tag', 'hide']);
export type RuleAction = z.infer<typeof RuleAction>;

const Word = z.string().trim().min(1).max(100);
/** Same bounds as the tag names of PATCH /v1/items/{id}. */
const TagName = z.string().trim().min(1).max(64);

/** A rule as the user writes it; `words` goes with the two word matches, `pattern` with `pattern`, `tag` with the `tag` action. */
const ruleShape = {
  /** Null: every subscription of the user. */
  subscription_id: Uuid.nullable(),
  fields: z.array(RuleField).min(1).max(5),
  match: RuleMatch,
  words: z.array(Word).max(50).nullable(),
  pattern: z.string().min(1).max(500).nullable(),
  action: RuleAction,
  tag: TagName.nullable(),
};

export const RuleRecord = z.object({
  id: Uuid,
  ...ruleShape,
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type RuleRecord = z.infer<typeof RuleRecord>;

export const RulePath = z.object({ rule_id: Uuid });
export const RuleList = z.object({ data: z.array(RuleRecord) });

/** POST /v1/rules and POST /v1/rules/preview; absent optional fields are null (all subscriptions, no words, no pattern, no tag). */
export const RuleBody = z.strictObject({
  subscription_id: ruleShape.subscription_id.optional(),
  fields: ruleShape.fields,
  match: ruleShape.match,
  words: ruleShape.words.optional(),
  pattern: ruleShape.pattern.optional(),
  action: ruleShape.action,
  tag: ruleShape.tag.optional(),
  is_active: z.boolean().optional(),
});
export type RuleBody = z.infer<typeof RuleBody>;

/** PATCH /v1/rules/{rule_id}: any field; the rule that results must still be whole. */
export const UpdateRuleBody = z.strictObject({
  subscription_id: ruleShape.subscription_id.optional(),
  fields: ruleShape.fields.optional(),
  match: ruleShape.match.optional(),
  words: ruleShape.words.optional(),
  pattern: ruleShape.pattern.optional(),
  action: ruleShape.action.optional(),
  tag: ruleShape.tag.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateRuleBody = z.infer<typeof UpdateRuleBody>;

/** One item a rule matches, as the preview lists it. */
export const RuleMatchedItem = z.object({
  id: Uuid,
  title: z.string(),
  published_at: Timestamp.nullable(),
  feed_title: z.string(),
});
export type RuleMatchedItem = z.infer<typeof RuleMatchedItem>;

/** POST /v1/rules/preview: how many of the user's items (in the rule's scope, hidden ones aside) match, and the newest of them. */
export const RulePreview = z.object({
  match_count: z.number().int(),
  /** How many of them the action would change (not already read, saved, tagged or hidden). */
  change_count: z.number().int(),
  items: z.array(RuleMatchedItem),
});
export type RulePreview = z.infer<typeof RulePreview>;

/** POST /v1/rules/{rule_id}/apply (and /unhide): what running the rule once over the existing items (or showing its hidden ones again) did. */
export const RuleApplyResult = z.object({
  match_count: z.number().int(),
  change_count: z.number().int(),
  message: z.string(),
});
export type RuleApplyResult = z.infer<typeof RuleApplyResult>;
