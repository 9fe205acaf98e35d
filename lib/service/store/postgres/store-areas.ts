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
import { postgresItemStore } from './items';

/** The areas of the store that have a PostgreSQL implementation so far. */
export type PostgresStoreAreas = Pick<Store, 'folders' | 'tags' | 'savedSearches' | 'accounts' | 'playback' | 'upNext' | 'labels' | 'opml' | 'items'>;

/**
 * The store areas implemented on PostgreSQL, on one pool. Not yet the service's store: the other
 * areas are still SQLite-only, so the service cannot run on PostgreSQL with this alone (tests use it).
 */
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
    items: postgresItemStore(pool),
  };
}
