import { z } from 'zod';
import { Uuid } from './common';

/** A CSS selector as a person types it; blank means none. Whether it parses is the service's check. */
const Selector = z.string().max(500).nullable().optional();

/**
 * First-party: a subscription's full-content rules. For feeds that publish summaries only, the
 * service fetches each new item's web page and keeps its article. SPEC.md's subscription forms
 * have no room for it, so it has operations of its own rather than extra fields on theirs.
 */
export const ContentRules = z.object({
  subscription_id: Uuid,
  /** Fetch every new item's web page and show its article instead of the feed's summary. */
  full_content: z.boolean(),
  /** Where the article is on the page (all matches, in page order); null: found by readability. */
  content_selector: z.string().nullable(),
  /** Parts of the page dropped before the article is taken (ads, share bars); null: none. */
  remove_selector: z.string().nullable(),
});
export type ContentRules = z.infer<typeof ContentRules>;

/** The body of PUT …/content-rules: the whole setting; an absent or blank selector is none. */
export const ContentRulesChange = z.strictObject({
  full_content: z.boolean(),
  content_selector: Selector,
  remove_selector: Selector,
});
export type ContentRulesChange = z.infer<typeof ContentRulesChange>;

/** The body of POST …/content-rules/preview: the selectors to try, nothing saved. */
export const ContentRulesTrial = z.strictObject({
  content_selector: Selector,
  remove_selector: Selector,
});
export type ContentRulesTrial = z.infer<typeof ContentRulesTrial>;

/** What the selectors make of the subscription's latest item's page. */
export const ContentPreview = z.object({
  /** The item whose page was tried: the newest one with a web page; null when there is none. */
  item_id: Uuid.nullable(),
  item_title: z.string().nullable(),
  url: z.string().nullable(),
  /** The article as it would be kept (sanitized HTML); null when none was found. */
  content: z.string().nullable(),
  /** Characters of text in `content`; 0 when none. */
  text_length: z.number().int(),
  /** Why there is no article, in one sentence; null when there is one. */
  message: z.string().nullable(),
});
export type ContentPreview = z.infer<typeof ContentPreview>;
