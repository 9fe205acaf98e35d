/** A subscription as an OPML export lists it: the user's title, the feed's addresses, its folder's name. */
export type ExportedFeed = { title: string; url: string; website: string | null; folder: string | null };

/** What OPML import and export keep beyond folders and subscriptions. */
export type OpmlStore = {
  /** The user's subscriptions that have a feed URL (newsletters have none), without a folder first, then by folder and title. */
  exportedFeeds(userId: string): Promise<ExportedFeed[]>;
  /** Marks feeds an import stored as never fetched, left to the import's own fetch until `until`. */
  holdUnfetched(feedIds: string[], until: Date): Promise<void>;
  /** Whether some feed is stored under this URL. */
  hasFeed(url: string): Promise<boolean>;
  /** Gives an imported feed the URL of the feed found on its page, unless another feed has it: whether it moved. */
  moveFeed(feedId: string, url: string): Promise<boolean>;
};
