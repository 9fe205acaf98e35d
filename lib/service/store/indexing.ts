import type { IndexedDoc } from '../intelligence/core';

/**
 * What indexing for similar items and stories (intelligence/ingest-queue.ts) reads of the items:
 * which are still stored, their text, and which a stopped run left unindexed.
 */
export type IndexingStore = {
  /** Those of `ids` still stored (a refresh's transaction may have been rolled back since). */
  storedAmong(ids: string[]): Promise<Set<string>>;
  /** The stored items of `ids` as the intelligence indexes them, in id order; ids no longer stored are left out. */
  docs(ids: string[]): Promise<IndexedDoc[]>;
  /** Ids of every stored item not indexed yet, in id order. */
  unindexed(): Promise<string[]>;
  /** Those of `ids` not indexed yet, in their order. */
  unindexedAmong(ids: string[]): Promise<string[]>;
};
