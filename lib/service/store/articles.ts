/** How the article is cut out of a page: a subscription's selectors, or none (readability finds it). */
export type ArticleRules = { content_selector: string | null; remove_selector: string | null };

/** What the last fetch of an item's page gave, kept in its platform_metadata.full_content. */
export type FullContentNote = { status: 'extracted' | 'failed'; message?: string; at: string; attempts?: number; retry?: boolean };

/** An item's page: its address, the article kept from it, and the item's platform metadata (JSON text). */
export type ArticlePage = { url: string | null; full_content: string | null; platform_metadata: string };

/** What an article's summary is made from. */
export type SummarySource = { title: string; summary: string | null; content: string | null };

/**
 * Items' articles: full content fetched from their pages (on demand, or in the background for
 * feeds whose followers asked for full articles), and the summaries made of them.
 */
export type ArticleStore = {
  /** An item's page and what was kept of it, or null when there is no such item. */
  page(itemId: string): Promise<ArticlePage | null>;
  /**
   * In one unit of work: keeps the article fetched from an item's page (null keeps one kept earlier)
   * and the note `note` makes from the previous one; false when the item is gone.
   */
  keep(itemId: string, content: string | null, note: (previous: FullContentNote | undefined) => FullContentNote): Promise<boolean>;
  /** Whether the item is there and has no article kept yet. */
  lacksArticle(itemId: string): Promise<boolean>;
  /** The rules a feed's articles are cut out with: the most recently saved of its active subscriptions asking for full articles; null when none asks. */
  feedRules(feedId: string): Promise<ArticleRules | null>;
  /**
   * Items of the feed made since `since` with a page and no article, never tried or failed for a
   * passing reason fewer than `attempts` times: newest first, at most 50.
   */
  waiting(feedId: string, since: string, attempts: number): Promise<string[]>;
  /** The feed's latest items that have a page, newest first. */
  latest(feedId: string, count: number): Promise<string[]>;
  /** The item's entries under subscriptions asking for full articles open with the article. */
  preferArticle(itemId: string): Promise<void>;
  /** What the summary of an article without one is made from; null for an item that is no article, gone, or summarized. */
  summarySource(itemId: string): Promise<SummarySource | null>;
  /** Keeps an article's summary unless it has one by now; a busy database only skips keeping it. */
  keepSummary(itemId: string, summary: string): Promise<void>;
};
