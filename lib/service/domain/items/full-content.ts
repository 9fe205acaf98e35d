import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { decodeBody } from '../../ingest/decode';
import { fetchFeed, FetchError } from '../../ingest/fetch-feed';
import { sanitizeContent } from '../../ingest/sanitize';
import type { ServiceContext } from '../../context';
import { searchableText } from '../feeds/store-items';
import type { ArticleRules, FullContentNote } from '../../store/articles';

export type { ArticleRules };

/** What a page gave: its article (sanitized HTML), or why there is none and whether trying later may help. */
export type ArticleOutcome = { content: string; message: null } | { content: null; message: string; retry: boolean };

const noRules: ArticleRules = { content_selector: null, remove_selector: null };

/** Why a CSS selector cannot be used, in words ending a sentence about the field; null when it parses. */
export function selectorProblem(selector: string): string | null {
  try {
    parseHTML('<p></p>').document.querySelectorAll(selector);
    return null;
  } catch (error) {
    return `is not a valid CSS selector (${(error as Error).message.replace(/\.$/, '')})`;
  }
}

/** Elements matching a selector, in page order, leaving out those inside another match (taken with it). */
function outermost(document: Document, selector: string): Element[] {
  const matches = [...document.querySelectorAll(selector)];
  return matches.filter((element) => !matches.some((other) => other !== element && other.contains(element)));
}

/**
 * Pulls the article out of a web page, sanitized as at ingest: the parts matching
 * `remove_selector` dropped first, then what `content_selector` matches, or else readability's pick.
 */
export function extractArticle(html: string, pageUrl: string, rules: ArticleRules = noRules): ArticleOutcome {
  const { document } = parseHTML(html) as unknown as { document: Document };
  if (rules.remove_selector) for (const element of document.querySelectorAll(rules.remove_selector)) element.remove();
  if (rules.content_selector) {
    const picked = outermost(document, rules.content_selector).map((element) => element.outerHTML).join('\n');
    const clean = sanitizeContent(picked, pageUrl);
    if (searchableText(clean)) return { content: clean, message: null };
    return { content: null, message: 'The content selector matched no text on the page.', retry: false };
  }
  const article = new Readability(document, { charThreshold: 300 }).parse();
  const clean = article?.content ? sanitizeContent(article.content, pageUrl) : '';
  if (searchableText(clean).length >= 200) return { content: clean, message: null };
  return { content: null, message: 'No readable article was found on the page.', retry: false };
}

/** Pulls the readable article out of a web page, sanitized as at ingest; null when there is none. */
export function extractReadable(html: string, pageUrl: string): string | null {
  return extractArticle(html, pageUrl).content;
}

/** Whether a failed fetch may work later: a timeout, a network fault, a server error or a 429; not a 404. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof FetchError)) return true;
  if (error.reason === 'http_status') return error.status === null || error.status >= 500 || error.status === 429 || error.status === 408;
  return error.reason === 'timeout' || error.reason === 'network';
}

/** Fetches a page through the guarded fetch (one host slot, deadlines, size cap) and extracts its article. */
export async function fetchArticle(service: ServiceContext, url: string, rules: ArticleRules = noRules, signal?: AbortSignal): Promise<ArticleOutcome> {
  try {
    const page = await fetchFeed(url, { allowPrivate: service.config.allowPrivateUrls, signal });
    if (page.kind !== 'ok') return { content: null, message: 'The page answered with nothing new.', retry: true };
    return extractArticle(decodeBody(page.body, page.contentType), page.finalUrl, rules);
  } catch (error) {
    return { content: null, message: `The page could not be fetched: ${(error as Error).message}`, retry: worthRetrying(error) };
  }
}

/**
 * Fetches an item's page and keeps its article as the item's full content (the feed's content and
 * summary stay), noting the outcome in platform_metadata.full_content: a failure is shown as a note
 * beside the feed's content, and counted so that fetching it again at ingest stops.
 */
export async function storeFullContent(service: ServiceContext, itemId: string, rules: ArticleRules = noRules): Promise<boolean> {
  const row = await service.store.articles.page(itemId);
  if (!row) return false;
  const outcome: ArticleOutcome = row.url ? await fetchArticle(service, row.url, rules)
    : { content: null, message: 'The article has no web page to fetch.', retry: false };
  const at = new Date().toISOString();
  // The note is made from the item as it is now: it may have changed, or gone, while its page was fetched.
  // A failure keeps an article fetched earlier (with other selectors) rather than losing it.
  const kept = await service.store.articles.keep(itemId, outcome.content, (previous) => (outcome.content !== null ? { status: 'extracted', at }
    : { status: 'failed', message: `${outcome.message} Showing the feed's content instead.`, at, attempts: (previous?.attempts ?? 0) + 1, retry: outcome.retry }));
  return kept && outcome.content !== null;
}

/**
 * Fetches an item's page once, extracts and caches its readable content (with the rules of the
 * subscription it came by, when it has some). A failure is remembered in
 * platform_metadata.full_content so the feed's content is shown with a note.
 */
export async function ensureFullContent(service: ServiceContext, itemId: string, rules: ArticleRules = noRules): Promise<void> {
  const row = await service.store.articles.page(itemId);
  if (!row || row.full_content) return;
  const metadata = JSON.parse(row.platform_metadata || '{}') as Record<string, unknown>;
  if ((metadata.full_content as FullContentNote | undefined)?.status === 'failed') return;
  await storeFullContent(service, itemId, rules);
}
