/** Messages between feed-preparer.ts (main thread) and prepare-worker.ts (worker thread). */
import type { PreparedDoc } from '../../intelligence/prepare-doc';
import type { FeedSource, ItemKey, PreparedFeed } from './prepare-feed';

/** Where the worker looks up which items of a feed are stored already: the database file, read-only. */
export type StoredItemsOf = { file: string; feedId: string };

/**
 * To the worker: prepare a fetched document. Without a file to read (PostgreSQL) `stored` is null:
 * the worker sends the document's keys and the main thread answers which are stored (ToKnown).
 */
export type ToPreparer = { job: number; source: FeedSource; stored: StoredItemsOf | null; withDocs: boolean };

/** To the worker: which of a job's keys name stored items; null when the lookup failed (the job is dropped). */
export type ToKnown = { job: number; known: boolean[] | null };

/** An item's text as indexing reads it. */
export type DocText = { title: string; summary: string; content: string };

/** To the worker: work out the indexing docs of stored items (when it has no feed to prepare). */
export type ToDocs = { job: number; texts: DocText[] };

/**
 * From the worker: a document's prepared feed, why it failed (`notAFeed` when the document is
 * no feed), or why the worker could not do it (the main thread does it then).
 */
export type FromPreparer =
  | { job: number; kind: 'prepared'; prepared: PreparedFeed }
  | { job: number; kind: 'keys'; keys: ItemKey[] }
  | { job: number; kind: 'docs'; docs: PreparedDoc[] }
  | { job: number; kind: 'failed'; message: string; notAFeed: boolean }
  | { job: number; kind: 'declined'; message: string };
