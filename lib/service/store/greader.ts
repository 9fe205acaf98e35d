import type { BulkItemAction } from '@/lib/contract/items';

/** A stream Google Reader can list: a state, a label (folder or tag), a feed by URL (or `tidings:<feed id>`). */
export type GreaderStream =
  | { kind: 'reading-list' } | { kind: 'read' } | { kind: 'starred' } | { kind: 'kept-unread' }
  | { kind: 'label'; name: string } | { kind: 'feed'; url: string };

/** Where a page of refs starts: after this item, in the listing's order. */
export type Position = { ms: number; itemId: string };

/** What to list: a stream, states to leave out or keep to, a time window (ms, bounds excluded, as Miniflux), an order and a page. */
export type RefQuery = {
  stream: GreaderStream; exclude?: GreaderStream; include?: GreaderStream; oldestMs?: number; newestMs?: number;
  oldestFirst: boolean; count: number; after?: Position;
};

/** An item's number and time (ms), as listed: a pair rather than an object, as a first sync lists 10,000 at once. */
export type ItemRef = [id: number, publishedMs: number];

/** A page of refs, and where the next page starts when more follow. */
export type RefPage = { refs: ItemRef[]; next?: Position };

/** An item as Google Reader shows it, with the user's state (0/1) and labels (tag names, one a line). */
export type ContentRow = {
  id: number; item_id: string; title: string; url: string | null; author: string | null; html: string; published_ms: number;
  created_at: string; is_read: number; is_saved: number; feed_url: string | null; feed_key: string; feed_title: string;
  website: string | null; folder: string | null; tags: string | null;
};

/** A subscription with its feed's address (`feed_key`, `tidings:<feed id>`, for a feed without one) and folder. */
export type SubscriptionRow = { id: string; title: string; feed_url: string | null; feed_key: string; website: string | null; folder: string | null };

/** Unread entries of one subscription, with the newest one's time (ms). */
export type UnreadCount = { subscription_id: string; count: number; newest_ms: number };

/**
 * edit-tag's changes to a set of items: state actions in order, then `retag` (when given) answers
 * an item's new tag names from its current ones.
 */
export type ItemEdit = { actions: BulkItemAction[]; retag?: (names: string[]) => string[] };

/**
 * What the Google Reader API reads and writes beyond the domain's functions. Items are named by
 * number: the stored row id Fever uses too (see store/fever.ts). Refs are paged by (published,
 * id), so a continuation stays put while items arrive.
 */
export type GreaderStore = {
  /** One page of the user's item refs for a query (two statements at most: the page, and the last item's id when more follow). */
  itemRefs(userId: string, query: RefQuery): Promise<RefPage>;
  /** The user's items with these numbers, in the order given (unknown numbers are left out), in one statement. */
  itemContents(userId: string, ids: number[]): Promise<ContentRow[]>;
  /** Every subscription of the user, by title without case. */
  subscriptions(userId: string): Promise<SubscriptionRow[]>;
  /** The user's unread entries per subscription. */
  unreadBySubscription(userId: string): Promise<UnreadCount[]>;
  /** The user's folder and tag names, each A to Z without case. */
  labelNames(userId: string): Promise<{ folders: string[]; tags: string[] }>;
  /** The user's folder and tag with this name (without case), where they exist. */
  labelIds(userId: string, name: string): Promise<{ folder?: string; tag?: string }>;
  /**
   * Edits the user's items with these numbers (unknown ones ignored) in one unit of work: how many
   * items it found, or 'saved_limit' when a save would pass `savedLimit` (nothing changed).
   */
  editItems(userId: string, ids: number[], edit: ItemEdit, savedLimit: number | null): Promise<number | 'saved_limit'>;
};
