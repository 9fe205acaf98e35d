import type { BulkItemAction, Tag } from '@/lib/contract/items';

/** An item as a list reads it: the item, its feed, the user's subscription and entry (flags 0/1, times in ms). */
export type ItemRow = {
  id: string; title: string; item_type: 'article' | 'episode'; media_url: string | null; published_at: string | null;
  canonical_url: string | null; summary: string | null; audio_url: string | null; duration_seconds: number | null;
  episode_number: number | null; episode_type: string | null; artwork_url: string | null; explicit: number | null;
  description: string | null; feed_id: string; feed_title: string; source_type: 'feed' | 'newsletter' | 'podcast';
  website: string | null; subscription_id: string | null; subscription_title: string | null;
  is_read: number | null; is_saved: number | null; playback_position: number | null; last_played_ms: number | null;
  is_global?: number;
};

/** An item as its page reads it: the list's columns and the text, notes and preferences. */
export type DetailRow = ItemRow & {
  author: string | null; content: string | null; full_content: string | null; ai_summary: string | null;
  reading_time: number | null; platform_metadata: string; notes: string | null; prefers_full_content: number | null;
};

/** A row of a list page, with the key it is ordered by (the cursor's). */
export type ListedRow = ItemRow & { sort_key: number };

/** Filters shared by the items list and mark-all-as-read. */
export type ItemFilter = {
  subscription_ids?: string[];
  folder_ids?: string[];
  tag_ids?: string[];
  is_read?: boolean;
  is_saved?: boolean;
  item_type?: 'article' | 'episode';
  from_ms?: number;
  until_ms?: number;
  in_progress?: boolean;
};

/** A filter naming a subscription, folder or tag the user does not have (the first one found). */
export type MissingTarget = { missing: 'subscription' | 'folder' | 'tag'; id: string };

/** The filters that apply to global matches (items of feeds nobody asked the user to follow). */
export type GlobalScope = { item_type?: 'article' | 'episode'; from_ms?: number; until_ms?: number };

/**
 * One page of the user's items. `search` matches SPEC.md's `q`: every word typed must match (ignoring
 * case and accents, common English endings folded), the last as a prefix, in titles and summaries
 * or the body too; with `global`, matches beyond the user's items follow theirs. `after` is where
 * the previous page ended; the store answers at most `limit` rows.
 */
export type ItemPageQuery = {
  filter: ItemFilter;
  search?: { text: string; include_body: boolean; global: GlobalScope | null };
  order: 'newest' | 'oldest' | 'recently_played';
  after?: { key: number; id: string; phase: 'own' | 'global' };
  limit: number;
};

/** A page's rows and how many items the whole list holds. */
export type ItemPage = { rows: ListedRow[]; total: number };

/** An item's page: its row, the tags the user put on it, and the names of every tag of the user. */
export type ItemDetailParts = { row: DetailRow; tags: Tag[]; tag_names: string[] };

/** What a change of one entry sets; absent fields stay as they are. `tags` replaces the item's tags. */
export type EntryChange = {
  is_read?: boolean; is_saved?: boolean; notes?: string | null; prefers_full_content?: boolean; tags?: string[];
};

/** The user's items (entries) and their state. Saved-item limits are the plan's, given by the domain (null: none). */
export type ItemStore = {
  /** A page of the user's items. */
  list(userId: string, query: ItemPageQuery): Promise<ItemPage | MissingTarget>;
  /** One item of the user (a hidden one too: search finds it, so it opens), or null. */
  detail(userId: string, itemId: string): Promise<ItemDetailParts | null>;
  /**
   * Changes one entry with what `decide` answers for it (an error it throws changes nothing), in one
   * unit of work: the item as it is then, null when the user has no entry for it, or 'saved_limit'
   * when saving it would pass `savedLimit` (nothing changed). Tags named are found without case or made.
   */
  update(userId: string, itemId: string, decide: (current: DetailRow) => EntryChange, savedLimit: number | null):
    Promise<ItemDetailParts | null | 'saved_limit'>;
  /** One action on the user's entries among `itemIds` (others ignored): how many changed, or 'saved_limit' (nothing changed). */
  bulkUpdate(userId: string, itemIds: string[], action: BulkItemAction, savedLimit: number | null): Promise<number | 'saved_limit'>;
  /** Marks every entry the filter covers read or unread (`until_ms`: published up to then): how many changed. */
  markAll(userId: string, filter: ItemFilter, read: boolean): Promise<number | MissingTarget>;
  /** The tags the user put on an item, A to Z, with how many items each has. */
  tagsOf(userId: string, itemId: string): Promise<Tag[]>;
  /**
   * The user's items matching the text (every word, the last as a prefix, in title, summary or body;
   * hidden items too), at most `limit`, best match first (title words count most, then summaries),
   * newer first among equal matches.
   */
  search(userId: string, text: string, limit: number): Promise<ItemRow[]>;
  /** Replaces the user's tags on an item with these names (distinct without case), making tags that do not exist. */
  setTags(userId: string, itemId: string, names: string[]): Promise<void>;
  /** Those of the ids the user has an entry for (in no particular order). */
  withEntries(userId: string, itemIds: string[]): Promise<string[]>;
  /** The user's items (entries) among the ids, in no particular order. */
  rowsByIds(userId: string, itemIds: string[]): Promise<ItemRow[]>;
};
