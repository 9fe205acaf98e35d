import type { ContentPreview, ContentRules, ContentRulesChange, ContentRulesTrial } from '@/lib/contract/content-rules';
import type { ServiceContext } from '../../context';
import type { Store } from '../../store/store';
import type { StoredContentRules } from '../../store/subscriptions';
import type { User } from '../accounts';
import { refetchFullArticles } from '../feeds/full-articles';
import { searchableText } from '../feeds/store-items';
import { fetchArticle, selectorProblem, type ArticleRules } from '../items/full-content';
import { featureMissingMessage, planHas } from '../plans';
import { badRequest, invalidFields, notFound, planLimit } from '../errors';

type Target = { feed_id: string; source_type: string };

const noRules: StoredContentRules = { full_content: false, content_selector: null, remove_selector: null };

async function loadSubscription(store: Store, user: User, subscriptionId: string): Promise<Target> {
  const target = await store.subscriptions.contentTarget(user.id, subscriptionId);
  if (!target) throw notFound(`No subscription with id ${subscriptionId} exists.`);
  return target;
}

function toContentRules(subscriptionId: string, rules: StoredContentRules): ContentRules {
  return { subscription_id: subscriptionId, ...rules };
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

function refuseUnfetched(row: Target): void {
  if (row.source_type === 'newsletter') throw badRequest('A newsletter\'s mails carry their whole content: there is no web page to fetch.');
}

/** The rules of the subscription that brought the user an item, for fetching its page on demand; none when it has none. */
export async function articleRulesForItem(store: Store, userId: string, itemId: string): Promise<ArticleRules | undefined> {
  return (await store.subscriptions.articleRules(userId, itemId)) ?? undefined;
}

/** GET …/content-rules: the subscription's full-content rules (off, no selectors, until set). */
export async function getContentRules(store: Store, user: User, subscriptionId: string): Promise<ContentRules> {
  await loadSubscription(store, user, subscriptionId);
  return toContentRules(subscriptionId, (await store.subscriptions.contentRules(subscriptionId)) ?? noRules);
}

/**
 * PUT …/content-rules: saves the rules whole. Turning full articles on needs a plan with full
 * content; once saved with them on, the feed's latest items are fetched again with the new rules.
 */
export async function putContentRules(service: ServiceContext, user: User, subscriptionId: string, body: ContentRulesChange): Promise<ContentRules> {
  const subscription = await loadSubscription(service.store, user, subscriptionId);
  const rules = checkedSelectors(body);
  if (body.full_content) {
    refuseUnfetched(subscription);
    if (!planHas(user.plan, 'full_content')) throw planLimit(featureMissingMessage(user.plan, 'full_content'));
  }
  const row: StoredContentRules = { full_content: body.full_content, ...rules };
  const before = (await service.store.subscriptions.saveContentRules(subscriptionId, row, new Date())) ?? noRules;
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
  const subscription = await loadSubscription(service.store, user, subscriptionId);
  const rules = checkedSelectors(body);
  refuseUnfetched(subscription);
  if (!planHas(user.plan, 'full_content')) throw planLimit(featureMissingMessage(user.plan, 'full_content'));
  const latest = await service.store.subscriptions.latestItemWithPage(user.id, subscriptionId);
  if (!latest) {
    return { item_id: null, item_title: null, url: null, content: null, text_length: 0, message: 'This subscription has no item with a web page to try yet.' };
  }
  const outcome = await fetchArticle(service, latest.url, rules, signal);
  return {
    item_id: latest.id, item_title: latest.title || null, url: latest.url, content: outcome.content,
    text_length: outcome.content ? searchableText(outcome.content).length : 0, message: outcome.message,
  };
}
