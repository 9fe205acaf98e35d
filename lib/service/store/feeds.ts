import type { ItemText } from '../domain/feeds/item-text';
import type { NewItem, StoredItems } from '../domain/feeds/store-items';
import type { RuleStep, RuleSubscriber } from './rules';
import type { ListedKey } from './subscriptions';

/** A feed as a refresh fetches it: its address, validators and failures so far. */
export type FeedFetchState = {
  id: string; url: string | null; etag: string | null; last_modified: string | null; ttl_minutes: number | null; failure_count: number;
};

/** A feed the operator's refresh command will fetch, with what to call it in its report. */
export type FeedToRefresh = { id: string; title: string; url: string };

/** What the items of a feed look like when it was fetched, as a stored item is recognised by (prepare-feed.ts ItemKey). */
export type StoredKey = { guid: string | null; url: string | null; fingerprint?: string };

/**
 * The interval until a feed's next fetch, from the publication dates (epoch ms) of its latest
 * stored items, read inside the write: the domain's pace (refresh-pace.ts).
 */
export type NextInterval = (published: number[]) => number;

/** The steps the subscribers' rules take on a feed's new items (domain/rules/ingest-rules.ts newItemSteps). */
export type NewItemSteps = (itemIds: string[], items: NewItem[]) => (subscriber: RuleSubscriber) => RuleStep[];

/** What a feed's channel says of itself on a fetch. */
export type ChannelFacts = {
  title: string; website: string | null; description: string | null; language: string | null; artwork_url: string | null; is_podcast: boolean;
};

/** One fetched feed's write, as the domain decided it. */
export type FeedWrite = { feedId: string } & (
  /** Its site asked to wait: only when it is next due changes. */
  | { kind: 'deferred'; nextFetchAt: Date }
  /** A failed fetch: the feed's status, failures in a row, sentence and next try. */
  | { kind: 'failed'; at: Date; status: 'failing' | 'dead'; failures: number; message: string; nextFetchAt: Date }
  | { kind: 'not_modified'; at: Date; next: NextInterval }
  | {
    kind: 'parsed'; at: Date; next: NextInterval; channel: ChannelFacts; items: NewItem[]; texts: ItemText[]; listed: ListedKey[];
    validators: { etag: string | null; last_modified: string | null; ttl_minutes: number | null };
  }
);

/** What a write did for one feed: its stored items (new, edited), or why it could not be stored (nothing of it was). */
export type FeedWritten = { feedId: string; stored: StoredItems } | { feedId: string; error: string };

/**
 * The refresh's store: which feeds are due, what a fetch needs, and the write of fetched feeds.
 * Which feed is dead, when it is next fetched and which items are new stay the domain's: they come in
 * as values and pure functions.
 */
export type RefreshStore = {
  /**
   * Claims up to `limit` due feeds (not dead, not newsletters nor demo sources, followed by an active
   * subscription, `next_fetch_at` past or unset, no lease running at `at`), soonest due first, for
   * `leaseMs`: another claim meanwhile (another node's scheduler) gets other feeds. A write of the feed ends the lease.
   */
  claimDue(at: Date, limit: number, leaseMs: number): Promise<string[]>;
  /** Feeds followed by an active subscription (of `userId` when given), not newsletters nor demo sources; unless `all`, only those due at `at` and not dead. */
  toRefresh(options: { userId?: string; all: boolean; at: Date }): Promise<FeedToRefresh[]>;
  /** A feed's fetch state, or null. */
  fetchState(feedId: string): Promise<FeedFetchState | null>;
  /** The fetch states of these feeds (of those stored), in one read. */
  fetchStates(feedIds: string[]): Promise<FeedFetchState[]>;
  /** Whether each key names an item of the feed stored already (by guid unchanged, else by link). */
  storedAmong(feedId: string, keys: StoredKey[]): Promise<boolean[]>;
  /** The SQLite file a worker thread may read stored keys from on a connection of its own; null when there is none (PostgreSQL, memory). */
  readOnlyFile: string | null;
  /**
   * Writes fetched feeds: each feed's state, its new and edited items (with every active subscriber's
   * entries) and its rules' steps for its new items, as one unit of work per feed at least (both
   * engines write a batch in one transaction). A feed that cannot be stored comes back with `error`, nothing of it written.
   */
  write(writes: FeedWrite[], steps: NewItemSteps): Promise<FeedWritten[]>;
  /** Stores items of a feed (a new feed's slice) with entries and rules' steps, in one unit of work. */
  storeItems(feedId: string, items: NewItem[], now: Date, steps: NewItemSteps): Promise<StoredItems>;
};
