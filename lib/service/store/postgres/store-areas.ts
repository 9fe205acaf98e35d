import type { Pool } from 'pg';
import type { Store } from '../store';
import { postgresAccountStore } from './accounts';
import { postgresFolderStore } from './folders';
import { postgresLabelStore } from './labels';
import { postgresOpmlStore } from './opml';
import { postgresPlaybackStore } from './playback';
import { postgresSavedSearchStore } from './saved-searches';
import { postgresTagStore } from './tags';
import { postgresUpNextStore } from './up-next';
import { postgresRuleStore } from './rules';
import { postgresReadLaterStore } from './read-later';
import { postgresStoryStore } from './stories';
import { postgresArticleStore } from './articles';
import { postgresChapterStore } from './chapters';
import { postgresFeedIconStore } from './feed-icons';
import { postgresFeverStore } from './fever';
import { postgresGpodderStore } from './gpodder';
import { postgresSubscriptionStore } from './subscriptions';
import { postgresItemStore } from './items';
import { postgresGreaderStore } from './greader';
import { postgresRefreshStore } from './feeds';
import { postgresIndexingStore } from './indexing';

/** The areas of the store that have a PostgreSQL implementation: all of them. */
export type PostgresStoreAreas = Pick<Store, 'folders' | 'tags' | 'savedSearches' | 'accounts' | 'playback' | 'upNext' | 'labels' | 'opml' | 'rules' | 'readLater' | 'stories'
  | 'articles' | 'chapters' | 'feedIcons' | 'fever' | 'gpodder' | 'subscriptions' | 'items' | 'greader' | 'feeds' | 'indexing'>;

/** The store on PostgreSQL, on one pool: every area (openService in service.ts runs the service on it). */
export function postgresStoreAreas(pool: Pool): PostgresStoreAreas {
  return {
    folders: postgresFolderStore(pool),
    tags: postgresTagStore(pool),
    savedSearches: postgresSavedSearchStore(pool),
    accounts: postgresAccountStore(pool),
    playback: postgresPlaybackStore(pool),
    upNext: postgresUpNextStore(pool),
    labels: postgresLabelStore(pool),
    opml: postgresOpmlStore(pool),
    rules: postgresRuleStore(pool),
    readLater: postgresReadLaterStore(pool),
    stories: postgresStoryStore(pool),
    articles: postgresArticleStore(pool),
    chapters: postgresChapterStore(pool),
    feedIcons: postgresFeedIconStore(pool),
    fever: postgresFeverStore(pool),
    gpodder: postgresGpodderStore(pool),
    subscriptions: postgresSubscriptionStore(pool),
    items: postgresItemStore(pool),
    greader: postgresGreaderStore(pool),
    feeds: postgresRefreshStore(pool),
    indexing: postgresIndexingStore(pool),
  };
}
