/** An item as Fever lists it: Fever ids (integers) for it and its feed, flags as 0/1. */
export type FeverItem = {
  id: number; feed_id: number; title: string; author: string | null; html: string; url: string | null;
  is_saved: number; is_read: number; published_ms: number;
};

/** A subscription as Fever lists it, with its folder's Fever id and whether its feed has an icon (0/1). */
export type FeverFeed = {
  id: number; title: string; url: string | null; site_url: string | null; last_fetched_at: string | null; group_id: number | null;
  has_icon: number;
};

/** A feed icon as Fever lists it, under its feed's Fever id. */
export type FeverFavicon = { id: number; content_type: string; data: Buffer };

/** Which of the user's items a Fever call asks for: after `sinceId` (oldest first), before `maxId` (newest first), or those of `ids`. */
export type FeverPage = { sinceId?: number; maxId?: number; ids?: number[] };

/**
 * What the Fever API reads beyond the domain's functions. Fever names everything by integer: a
 * stored row id of items, feeds and folders that never changes (SQLite's rowid; a `rowid`
 * identity column on PostgreSQL), mapped back to our ids by idOf.
 */
export type FeverStore = {
  /** The user's items of a page, at most `limit`. */
  items(userId: string, page: FeverPage, limit: number): Promise<FeverItem[]>;
  /** How many items the user has. */
  totalItems(userId: string): Promise<number>;
  /** Fever ids of the user's items that are unread, or saved, in id order. */
  itemIds(userId: string, state: 'unread' | 'saved'): Promise<number[]>;
  /** The user's subscriptions (paused ones too), by title without case. */
  feeds(userId: string): Promise<FeverFeed[]>;
  /** The stored icons of the user's subscriptions' feeds, by Fever id. */
  favicons(userId: string): Promise<FeverFavicon[]>;
  /** The user's folders, by name without case. */
  groups(userId: string): Promise<{ id: number; title: string }[]>;
  /** Our id of the user's item, subscription or folder with this Fever id, or null. */
  idOf(userId: string, kind: 'item' | 'feed' | 'group', feverId: number): Promise<string | null>;
};
