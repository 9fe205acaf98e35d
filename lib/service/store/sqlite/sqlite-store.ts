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
import { sqliteItemStore } from './items';

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
    items: sqliteItemStore(db),
  };
}
