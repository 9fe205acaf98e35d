import type { ImportedFeed, ImportOutcome, SubscribeRules } from './subscriptions';

/** A subscription as an OPML export lists it: the user's title, the feed's addresses, its folder's name. */
export type ExportedFeed = { title: string; url: string; website: string | null; folder: string | null };

/** What OPML import and export keep beyond folders and subscriptions. */
export type OpmlStore = {
  /** The user's subscriptions that have a feed URL (newsletters have none), without a folder first, then by folder and title. */
  exportedFeeds(userId: string): Promise<ExportedFeed[]>;
  /**
   * Subscribes the user to every feed of an import in one unit, each feed on its own (one refused
   * or failing changes nothing of the others): a feed not stored yet is stored as never fetched,
   * left to the import's own fetch until `holdUntil` (in `created`); a known one takes the outline's
   * title as the subscription's own unless it is the feed's.
   */
  importFeeds(userId: string, feeds: ImportedFeed[], rules: Omit<SubscribeRules, 'folderId'> & { holdUntil: Date }):
    Promise<{ outcomes: ImportOutcome[]; created: { id: string; url: string }[] }>;
  /** Whether some feed is stored under this URL. */
  hasFeed(url: string): Promise<boolean>;
  /** Gives an imported feed the URL of the feed found on its page, unless another feed has it: whether it moved. */
  moveFeed(feedId: string, url: string): Promise<boolean>;
};
