import { intelligenceSchemaSql } from '../intelligence/schema';
import { coreSchema } from './schema/001-core';
import { savedSearchesSchema } from './schema/003-saved-searches';
import { readLaterSchema } from './schema/004-read-later';
import { searchEntriesSchema } from './schema/005-search-entries';
import { entryCountsSchema } from './schema/006-entry-counts';
import { episodeArtworkBackfill } from './schema/007-episode-artwork';
import { feverKeysSchema } from './schema/008-fever-keys';
import { gpodderSchema } from './schema/009-gpodder';
import { syncOrderSchema } from './schema/010-sync-order';
import { rulesSchema } from './schema/011-rules';
import { contentRulesSchema } from './schema/012-content-rules';
import { feedIconsSchema } from './schema/013-feed-icons';
import { upNextSchema } from './schema/014-up-next';
import { itemSourceHashSchema } from './schema/016-item-source-hash';
import { feedListingSchema } from './schema/017-feed-listing';
import { feedLeasesSchema } from './schema/018-feed-leases';
import { unreadIndexSchema } from './schema/020-unread-index';

export type Migration = { version: number; name: string; sql: string };

/** Every schema change, in order. Never edit one that has shipped: add the next. */
export const migrations: Migration[] = [
  { version: 1, name: 'core', sql: coreSchema },
  { version: 2, name: 'intelligence', sql: intelligenceSchemaSql },
  { version: 3, name: 'saved-searches', sql: savedSearchesSchema },
  { version: 4, name: 'read-later', sql: readLaterSchema },
  { version: 5, name: 'search-entries', sql: searchEntriesSchema },
  { version: 6, name: 'entry-counts', sql: entryCountsSchema },
  { version: 7, name: 'episode-artwork', sql: episodeArtworkBackfill },
  { version: 8, name: 'fever-keys', sql: feverKeysSchema },
  { version: 9, name: 'gpodder', sql: gpodderSchema },
  { version: 10, name: 'sync-order', sql: syncOrderSchema },
  { version: 11, name: 'rules', sql: rulesSchema },
  { version: 12, name: 'content-rules', sql: contentRulesSchema },
  { version: 13, name: 'feed-icons', sql: feedIconsSchema },
  { version: 14, name: 'up-next', sql: upNextSchema },
  { version: 16, name: 'item-source-hash', sql: itemSourceHashSchema },
  { version: 17, name: 'feed-listing', sql: feedListingSchema },
  { version: 18, name: 'feed-leases', sql: feedLeasesSchema },
  { version: 20, name: 'unread-index', sql: unreadIndexSchema },
];
