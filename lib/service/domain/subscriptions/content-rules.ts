import type { ContentPreview, ContentRules, ContentRulesChange, ContentRulesTrial } from '@/lib/contract/content-rules';
import type { ServiceContext } from '../../context';
import type { Db } from '../../store/database';
import type { User } from '../accounts';
import { refetchFullArticles } from '../feeds/full-articles';
import { searchableText } from '../feeds/store-items';
import { fetchArticle, selectorProblem, type ArticleRules } from '../items/full-content';
import { featureMissingMessage, planHas } from '../plans';
import { badRequest, invalidFields, notFound, planLimit } from '../errors';

type SubscriptionRow = { id: string; feed_id: string; source_type: string };
type RulesRow = { full_content: number; content_selector: string | null; remove_selector: string | null };

function loadSubscription(db: Db, user: User, subscriptionId: string): SubscriptionRow {
  const row = db.prepare(`SELECT s.id, s.feed_id, f.source_type FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND s.id = ?`).get(user.id, subscriptionId) as SubscriptionRow | undefined;
  if (!row) throw notFound(`No subscription with id ${subscriptionId} exists.`);
  return row;
}

function loadRules(db: Db, subscriptionId: string): RulesRow {
  return (db.prepare('SELECT full_content, content_selector, remove_selector FROM subscription_content_rules WHERE subscription_id = ?')
    .get(subscriptionId) as RulesRow | undefined) ?? { full_content: 0, content_selector: null, remove_selector: null };
}

function toContentRules(subscriptionId: string, row: RulesRow): ContentRules {
  return { subscription_id: subscriptionId, full_content: row.full_content === 1, content_selector: row.content_selector, remove_selector: row.remove_selector };
}

/** Blank selectors are none; one that does not parse is refused with a 422 sentence per field, before anything changes. */
function checkedSelectors(body: ContentRulesTrial): ArticleRules {
  const rules = { content_selector: body.content_selector?.trim() || null, remove_selector: body.remove_selector?.trim() || null };
  const sentences: string[] = [];
  for (const field of ['content_selector', 'remove_selector'] as const) {
    const problem = rules[field] && selectorProblem(rules[field]);
    if (problem) sentences.push(`${field} ${problem}.`);
  }
  if (sentences.length) throw invalidFields(sentences);
  return rules;
}

function refuseUnfetched(row: SubscriptionRow): void {
  if (row.source_type === 'newsletter') throw badRequest('A newsletter\'s mails carry their whole content: there is no web page to fetch.');
}

/** The rules of the subscription that brought the user an item, for fetching its page on demand; none when it has none. */
export function articleRulesForItem(db: Db, userId: string, itemId: string): ArticleRules | undefined {
  return db.prepare(`SELECT r.content_selector, r.remove_selector FROM entries e
    JOIN subscription_content_rules r ON r.subscription_id = e.subscription_id WHERE e.user_id = ? AND e.item_id = ?`)
    .get(userId, itemId) as ArticleRules | undefined;
}

/** GET …/content-rules: the subscription's full-content rules (off, no selectors, until set). */
export function getContentRules(db: Db, user: User, subscriptionId: string): ContentRules {
  loadSubscription(db, user, subscriptionId);
  return toContentRules(subscriptionId, loadRules(db, subscriptionId));
}

/**
 * PUT …/content-rules: saves the rules whole. Turning full articles on needs a plan with full
 * content; once saved with them on, the feed's latest items are fetched again with the new rules.
 */
export function putContentRules(service: ServiceContext, user: User, subscriptionId: string, body: ContentRulesChange): ContentRules {
  const { db } = service;
  const subscription = loadSubscription(db, user, subscriptionId);
  const rules = checkedSelectors(body);
  if (body.full_content) {
    refuseUnfetched(subscription);
    if (!planHas(user.plan, 'full_content')) throw planLimit(featureMissingMessage(user.plan, 'full_content'));
  }
  const before = loadRules(db, subscriptionId);
  const row: RulesRow = { full_content: body.full_content ? 1 : 0, ...rules };
  db.prepare(`INSERT INTO subscription_content_rules (subscription_id, full_content, content_selector, remove_selector, updated_at)
    VALUES (@id, @full_content, @content_selector, @remove_selector, @at)
    ON CONFLICT (subscription_id) DO UPDATE SET full_content = excluded.full_content, content_selector = excluded.content_selector,
      remove_selector = excluded.remove_selector, updated_at = excluded.updated_at`)
    .run({ id: subscriptionId, ...row, at: new Date().toISOString() });
  const changed = before.full_content !== row.full_content || before.content_selector !== row.content_selector || before.remove_selector !== row.remove_selector;
  if (row.full_content && changed) refetchFullArticles(service, subscription.feed_id);
  return toContentRules(subscriptionId, row);
}

/**
 * POST …/content-rules/preview: fetches the page of the subscription's newest item that has one
 * and answers the article the given selectors make of it. Nothing is saved, neither the rules
 * nor the article.
 */
export async function previewContentRules(service: ServiceContext, user: User, subscriptionId: string, body: ContentRulesTrial, signal?: AbortSignal): Promise<ContentPreview> {
  const { db } = service;
  const subscription = loadSubscription(db, user, subscriptionId);
  const rules = checkedSelectors(body);
  refuseUnfetched(subscription);
  if (!planHas(user.plan, 'full_content')) throw planLimit(featureMissingMessage(user.plan, 'full_content'));
  const latest = db.prepare(`SELECT i.id, i.title, i.url FROM entries e JOIN items i ON i.id = e.item_id
    WHERE e.user_id = ? AND e.subscription_id = ? AND i.url IS NOT NULL ORDER BY e.published_ms DESC LIMIT 1`)
    .get(user.id, subscriptionId) as { id: string; title: string; url: string } | undefined;
  if (!latest) {
    return { item_id: null, item_title: null, url: null, content: null, text_length: 0, message: 'This subscription has no item with a web page to try yet.' };
  }
  const outcome = await fetchArticle(service, latest.url, rules, signal);
  return {
    item_id: latest.id, item_title: latest.title || null, url: latest.url, content: outcome.content,
    text_length: outcome.content ? searchableText(outcome.content).length : 0, message: outcome.message,
  };
}
