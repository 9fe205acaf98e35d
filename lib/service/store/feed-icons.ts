/** A feed whose icon is looked for: its address and website. */
export type IconDue = { id: string; url: string | null; website: string | null };

/** An icon found for a feed: the image and the address it came from. */
export type FoundIcon = { contentType: string; data: Buffer; url: string };

/** A stored icon as served. */
export type StoredIcon = { contentType: string; data: Buffer };

/** Feeds' icons, looked for now and then on their sites. */
export type FeedIconStore = {
  /** Feeds (not newsletters, which have no site) with no icon row yet or one looked for before `staleBefore`, never looked for first. */
  due(staleBefore: string, limit: number): Promise<IconDue[]>;
  /**
   * Keeps the icon found for a feed, or that none was found (`icon` null), as of `at`: an icon
   * already stored stays when none is found (a site down for a day keeps its icon). False when the feed is gone.
   */
  save(feedId: string, icon: FoundIcon | null, at: string): Promise<boolean>;
  /** The stored icon of a feed, named by its id or by a subscription to it; null when it has none (yet). */
  icon(id: string): Promise<StoredIcon | null>;
};
