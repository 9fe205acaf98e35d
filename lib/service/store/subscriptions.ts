import type { SourceType } from '@/lib/contract/common';
import type { NameSearch } from './name-search';

/** How a feed is being fetched: `failing` is still retried, `dead` waits for a person. */
export type FeedStatus = 'healthy' | 'failing' | 'dead';

/** A subscription of a user with its feed's fields and the user's unread count. */
export type StoredSubscription = {
  id: string; feed_id: string; title: string; is_pinned: boolean; is_active: boolean; playback_speed: number | null;
  folder_id: string | null; source_type: SourceType; status: FeedStatus; website: string | null;
  newsletter_address: string | null; artist: string | null; language: string | null; last_update: string | null;
  description: string | null; canonical_url: string | null; explicit: boolean | null; podcast_summary: string | null;
  unread_count: number;
  /** Whether the feed holds items published more than the history cap's days before the subscription was made. */
  history_capped: boolean;
};

/** One subscription read whole: its folder's name, and a podcast's number of episodes (null otherwise). */
export type SubscriptionDetailRecord = StoredSubscription & { folder_name: string | null; episode_count: number | null };

/** Days of history before a subscription that the user's plan lists; null: all of it. */
export type HistoryCap = number | null;

/** Which subscriptions a list holds: those in a folder, those in none (null), or all. */
export type SubscriptionScope = { folder: string | null | 'all'; source_type?: SourceType };

/** What a subscription change sets; absent fields stay as they are. */
export type SubscriptionChanges = {
  title?: string; folder_id?: string | null; is_pinned?: boolean; is_active?: boolean; playback_speed?: number;
};

/** A refusal of a change or removal: the first id the user has no subscription with, or a target folder not theirs. */
export type SubscriptionRefusal = { missing: string } | 'folder_not_found' | 'not_podcast';

/** What is known of a source when it is first stored. */
export type NewFeed = {
  url: string | null; source_type: SourceType; title: string; website?: string | null; description?: string | null;
  language?: string | null; artwork_url?: string | null; artist?: string | null; podcast_summary?: string | null;
  explicit?: boolean | null; newsletter_address?: string | null; ttl_minutes?: number | null;
  /** A demo source (seed:demo): its address is made up, so it is never fetched. */
  is_demo?: boolean;
};

/** A new feed's stored columns, named as both engines' insert binds them (@id, @url, …, @created_at). */
export function newFeedRow(feed: NewFeed, id: string, now: Date) {
  return {
    id, url: feed.url, source_type: feed.source_type, title: feed.title, website: feed.website ?? null,
    description: feed.description ?? null, language: feed.language ?? null, artwork_url: feed.artwork_url ?? null,
    artist: feed.artist ?? null, podcast_summary: feed.podcast_summary ?? null,
    explicit: feed.explicit === undefined || feed.explicit === null ? null : feed.explicit ? 1 : 0,
    newsletter_address: feed.newsletter_address ?? null, ttl_minutes: feed.ttl_minutes ?? null, created_at: now.toISOString(),
    is_demo: feed.is_demo ? 1 : 0,
  };
}

/**
 * An item as a fetch lists it, as stored items are matched: by its guid, else its link, else its
 * title and text (given for such an item only).
 */
export type ListedKey = { guid: string | null; url: string | null; title?: string; content?: string; summary?: string };

/** What the fetch that found a new feed learnt: its validators, when it is next due, what it listed. */
export type FirstFetch = { etag: string | null; last_modified: string | null; next_fetch_at: string; listed: ListedKey[] };

/** The rules of a subscription: the plan's room (null: no limit), its history cap, and the time. */
export type SubscribeRules = { folderId: string | null; feedLimit: number | null; historyCap: HistoryCap; now: Date };

/** A subscription made or found: `created` false when the user already followed the feed. */
export type Subscribed = { created: boolean; subscription_id: string; feed_id: string; title: string };

/** One feed of an OPML document: its URL, the title a new feed gets, and the outline's own title for a known one. */
export type ImportedFeed = { url: string; title: string; outlineTitle: string | null; folderId: string | null };

/** What became of one imported feed. */
export type ImportOutcome = 'imported' | 'already_subscribed' | 'feed_limit' | 'failed';

/** How a subscription's feed is being fetched. */
export type FeedHealthState = {
  subscription_id: string; feed_id: string; status: FeedStatus; source_type: SourceType; url: string | null;
  last_error: string | null; last_fetched_at: string | null; next_fetch_at: string | null; is_demo: boolean;
};

/** A subscription's full-content rules as kept. */
export type StoredContentRules = { full_content: boolean; content_selector: string | null; remove_selector: string | null };

/** A search of the user's subscriptions by text (see NameSearch), of one source type when given. */
export type FeedSearch = NameSearch & { source_type?: SourceType };

/** The user's subscriptions, the feeds behind them, and subscribing (which gives the user entries of the feed's items). */
export type SubscriptionStore = {
  /** A page of the scope, A to Z by title (then id), with the scope's total. */
  listByName(userId: string, scope: SubscriptionScope, page: { limit: number; offset: number }, cap: HistoryCap):
    Promise<{ rows: StoredSubscription[]; total: number }>;
  /** A page of the scope, the feed with the newest item first (then id, descending), after the cursor's place; each with its newest item's time. */
  listRecent(userId: string, scope: SubscriptionScope, page: { limit: number; after: { latest: number; id: string } | null }, cap: HistoryCap):
    Promise<{ rows: (StoredSubscription & { latest: number })[]; total: number }>;
  /** Those of the ids that are the user's subscriptions (in no particular order). */
  byIds(userId: string, ids: string[], cap: HistoryCap): Promise<StoredSubscription[]>;
  /** One subscription read whole, or null. */
  detail(userId: string, id: string, cap: HistoryCap): Promise<SubscriptionDetailRecord | null>;
  /** The source types the user follows. */
  sourceTypes(userId: string): Promise<SourceType[]>;
  /** How many subscriptions the user has. */
  count(userId: string): Promise<number>;
  /**
   * Changes the subscriptions, all or none: a refusal changes nothing. With `revive`, their dead
   * feeds are marked failing and due now. Answers them as changed.
   */
  change(userId: string, ids: string[], changes: SubscriptionChanges, options: { revive: boolean; cap: HistoryCap }):
    Promise<StoredSubscription[] | SubscriptionRefusal>;
  /**
   * Removes the subscriptions, all or none, with the user's entries of them, except those the user
   * kept (saved, noted or tagged), which stay, detached. With `dropItems`, every entry of the user
   * for those feeds goes, kept ones and their tags too. Answers the titles removed.
   */
  remove(userId: string, ids: string[], options: { dropItems: boolean }): Promise<{ titles: string[] } | { missing: string }>;
  /** The id of the feed stored under this URL, or null. */
  findFeed(url: string): Promise<string | null>;
  /**
   * Whether the stored feed should be fetched before the user subscribes: a fetched feed the user
   * does not follow, due at `at`, or followed by no active subscription (so not kept current).
   */
  staleForNewSubscriber(userId: string, feedId: string, at: Date): Promise<boolean>;
  /** Subscribes the user to a stored feed (or finds their subscription), with entries of what it last listed; 'feed_limit' when the plan has no room. */
  subscribe(userId: string, feedId: string, rules: SubscribeRules): Promise<Subscribed | 'feed_limit'>;
  /**
   * Stores a new feed and subscribes the user to it, in one unit; 'feed_limit' stores nothing. A feed stored
   * meanwhile under the URL (a newsletter: under its address) is subscribed to instead.
   */
  subscribeToNewFeed(userId: string, feed: NewFeed, firstFetch: FirstFetch | null, rules: SubscribeRules): Promise<Subscribed | 'feed_limit'>;
  /** How one of the user's subscriptions is being fetched, or null. */
  health(userId: string, subscriptionId: string): Promise<FeedHealthState | null>;
  /** The user's subscriptions whose feeds are not healthy, most recently tried first. */
  failing(userId: string): Promise<FeedHealthState[]>;
  /** The feed and source type of one of the user's subscriptions, or null. */
  contentTarget(userId: string, subscriptionId: string): Promise<{ feed_id: string; source_type: SourceType } | null>;
  /** A subscription's full-content rules, or null when never set. */
  contentRules(subscriptionId: string): Promise<StoredContentRules | null>;
  /** Saves a subscription's full-content rules whole: the rules before, or null when never set. */
  saveContentRules(subscriptionId: string, rules: StoredContentRules, at: Date): Promise<StoredContentRules | null>;
  /** The user's newest item of the subscription that has a web page, or null. */
  latestItemWithPage(userId: string, subscriptionId: string): Promise<{ id: string; title: string; url: string } | null>;
  /** The selectors of the subscription that brought the user an item, or null when it has no rules. */
  articleRules(userId: string, itemId: string): Promise<{ content_selector: string | null; remove_selector: string | null } | null>;
  /**
   * A page of the user's subscriptions whose title, website or URL (a newsletter's address) contains
   * the text as a name search matches it, titles starting with it first, then A to Z; and the total.
   */
  search(userId: string, query: FeedSearch, cap: HistoryCap): Promise<{ rows: StoredSubscription[]; total: number }>;
  /** The newsletter feed with this address (ASCII letters without case) that anyone follows, and whether every subscription to it is paused; or null. */
  newsletter(address: string): Promise<{ feed_id: string; paused: boolean } | null>;
};
