import type { Migration } from '../migrations';
import { serviceSchema } from './schema/001-service';
import { triggersSchema } from './schema/002-triggers';
import { itemSourceHashSchema } from './schema/003-item-source-hash';
import { feedListingSchema } from './schema/004-feed-listing';
import { entryMarkingSchema } from './schema/007-entry-marking';
import { feverIdsSchema } from './schema/008-fever-ids';
import { feedLeasesSchema } from './schema/009-feed-leases';
import { searchPageSchema } from './schema/012-search-page';
import { markAllSchema } from './schema/013-mark-all';
import { entryCountsInsertSchema } from './schema/015-entry-counts-insert';

/**
 * The service's PostgreSQL schema changes, in order. Never edit one that has shipped: add the
 * next, and when a SQLite migration adds a table or column, add it here too (a test compares).
 */
export const postgresMigrations: Migration[] = [
  { version: 1, name: 'service', sql: serviceSchema },
  { version: 2, name: 'triggers', sql: triggersSchema },
  { version: 3, name: 'item-source-hash', sql: itemSourceHashSchema },
  { version: 4, name: 'feed-listing', sql: feedListingSchema },
  { version: 7, name: 'entry-marking', sql: entryMarkingSchema },
  { version: 8, name: 'fever-ids', sql: feverIdsSchema },
  { version: 9, name: 'feed-leases', sql: feedLeasesSchema },
  { version: 12, name: 'search-page', sql: searchPageSchema },
  { version: 13, name: 'mark-all', sql: markAllSchema },
  { version: 15, name: 'entry-counts-insert', sql: entryCountsInsertSchema },
];
