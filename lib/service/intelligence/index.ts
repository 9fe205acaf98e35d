/**
 * Text intelligence of the embedded service: similar items, story clusters,
 * summaries, reading time and key phrases, all computed locally. The store
 * runs `intelligenceSchemaSql` as a migration, creates one instance per
 * database handle, and calls `addItem` at ingest inside its own transaction.
 * The algorithms are shared by the engines through the storage port (storage.ts).
 */
import type { Database } from 'better-sqlite3';
import { sqliteIntelligenceStorage } from '../store/sqlite/intelligence';
import { createBacklog } from './backlog';
import { createIntelligenceCore, type IndexedDoc, type IntelligenceQueries } from './core';
import { prepareDoc, type PreparedDoc } from './prepare-doc';
import { runLater, runNow, type Steps } from './storage';

export { intelligenceSchemaSql } from './schema';
export { STORY_WINDOW_HOURS } from './stories';
export { readingTimeMinutes, extractiveSummary } from './summary';
export { keyPhrases } from './key-phrases';
export type { SimilarItem, VisibleAmong } from './similar';
export { prepareDoc, type PreparedDoc } from './prepare-doc';
export type { IndexedDoc, IntelligenceQueries } from './core';

/** The intelligence of one SQLite database: indexing at once, inside the caller's transaction; the queries async as on every engine. */
export type Intelligence = IntelligenceQueries & {
  /**
   * Indexes an item and places it in a story; idempotent (re-adding replaces). `prepared` is
   * prepareDoc(doc) when the caller worked it out already (in a worker thread).
   */
  addItem(doc: IndexedDoc, prepared?: PreparedDoc): void;
  /**
   * Runs `fn`, which adds items, in a transaction (a savepoint inside an open one), with their
   * word counts written once at its end; results are the same as adding the items one by one.
   */
  batch<T>(fn: () => T): T;
  /**
   * Runs `slice`, which adds items, as a batch on a later turn of the event loop, after the
   * slices queued before it: for items too many to index before answering.
   */
  later(slice: () => void): void;
  /** Resolves once every slice queued so far has run. */
  idle(): Promise<void>;
  /** Holds the later slices while feeds are being stored; returns the function that lets them run again. */
  hold(): () => void;
  /** Drops the slices still queued; call before closing the database. */
  close(): void;
};

/** Steps that call `fn` when run: a synchronous caller's work inside steps. */
function* calling<T>(fn: () => T): Steps<T> {
  return fn();
}

/** Opens the intelligence over a database on which `intelligenceSchemaSql` has run; `cachePostings: false` reads every candidate window from the table. */
export function createIntelligence(db: Database, options?: { cachePostings?: boolean }): Intelligence {
  const storage = sqliteIntelligenceStorage(db, options);
  const core = createIntelligenceCore();

  function addItem(doc: IndexedDoc, prepared = prepareDoc(doc)): void {
    runNow(core.addItem(doc, prepared), storage);
  }

  function batch<T>(fn: () => T): T {
    const leave = storage.enter();
    let committed = false;
    try {
      const result = db.transaction(() => runNow(core.deferFrequencies(calling(fn)), storage))();
      committed = true;
      return result;
    } catch (error) {
      // The commit may have failed after the counts were taken: the cache must not keep them.
      core.forgetFrequencies();
      throw error;
    } finally {
      leave(committed);
      core.settle(db.inTransaction);
    }
  }

  const backlog = createBacklog();

  return {
    addItem,
    batch,
    later: (slice) => backlog.add(() => {
      if (db.open) batch(slice);
    }),
    idle: backlog.idle,
    hold: backlog.hold,
    close: backlog.close,
    // Done when the call returns (inside the caller's transaction, if one is open), like addItem.
    removeItem: async (id) => batch(() => runNow(core.removeItem(id), storage)),
    similar: (id, limit, visible) => runLater(core.similar(id, limit, visible), storage),
    storyOf: async (id) => runNow(core.storyOf(id), storage),
  };
}
