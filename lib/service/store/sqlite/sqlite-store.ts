import type { Db } from '../database';
import type { Store } from '../store';
import { sqliteAccountStore } from './accounts';
import { sqliteFolderStore } from './folders';
import { sqliteLabelStore } from './labels';
import { sqliteOpmlStore } from './opml';
import { sqliteSavedSearchStore } from './saved-searches';
import { sqliteTagStore } from './tags';
import { sqlitePlaybackStore } from './playback';
import { sqliteUpNextStore } from './up-next';
import { sqliteRuleStore } from './rules';
import { sqliteReadLaterStore } from './read-later';
import { sqliteStoryStore } from './stories';
import { sqliteArticleStore } from './articles';
import { sqliteChapterStore } from './chapters';
import { sqliteFeedIconStore } from './feed-icons';
import { sqliteFeverStore } from './fever';
import { sqliteGpodderStore } from './gpodder';
import { sqliteSubscriptionStore } from './subscriptions';
import { sqliteItemStore } from './items';
import { sqliteGreaderStore } from './greader';
import { sqliteRefreshStore } from './feeds';
import { sqliteIndexingStore } from './indexing';

/** The store on one SQLite connection (the one the unconverted domain code still uses directly). */
export function sqliteStore(db: Db): Store {
  return {
    folders: sqliteFolderStore(db),
    tags: sqliteTagStore(db),
    savedSearches: sqliteSavedSearchStore(db),
    opml: sqliteOpmlStore(db),
    labels: sqliteLabelStore(db),
    accounts: sqliteAccountStore(db),
    upNext: sqliteUpNextStore(db),
    playback: sqlitePlaybackStore(db),
    rules: sqliteRuleStore(db),
    readLater: sqliteReadLaterStore(db),
    stories: sqliteStoryStore(db),
    articles: sqliteArticleStore(db),
    chapters: sqliteChapterStore(db),
    feedIcons: sqliteFeedIconStore(db),
    fever: sqliteFeverStore(db),
    gpodder: sqliteGpodderStore(db),
    subscriptions: sqliteSubscriptionStore(db),
    items: sqliteItemStore(db),
    greader: sqliteGreaderStore(db),
    feeds: sqliteRefreshStore(db),
    indexing: sqliteIndexingStore(db),
  };
}
