/**
 * Text intelligence of the embedded service: similar items, story clusters,
 * summaries, reading time and key phrases, all computed locally. The store
 * runs `intelligenceSchemaSql` as a migration; the service creates one instance per
 * database (this file on SQLite, store/postgres/intelligence.ts on PostgreSQL) and
 * indexes through `addItems` (ingest-queue.ts). The algorithms are shared by the
 * engines through the storage port (storage.ts).
 */
import type { Database } from 'better-sqlite3';
import { sqliteIntelligenceStorage } from '../store/sqlite/intelligence';
import { createBacklog, type Slice } from './backlog';
import { createIntelligenceCore, type IndexedDoc, type IntelligenceQueries } from './core';
import { prepareDoc, type PreparedDoc } from './prepare-doc';
import { runLater, runNow, type Steps } from './storage';

export { intelligenceSchemaSql } from './schema';
export { STORY_WINDOW_HOURS } from './stories';
export { readingTimeMinutes, extractiveSummary } from './summary';
export { keyPhrases } from './key-phrases';
export type { SimilarItem, VisibleAmong } from './similar';
export { prepareDoc, type PreparedDoc } from './prepare-doc';
export type { Slice } from './backlog';
export type { IndexedDoc, IntelligenceQueries } from './core';

/** The service's intelligence on either engine: indexing async, one transaction a call, and the work left for later. */
export type Intelligence = IntelligenceQueries & {
  /**
   * Indexes items in order (re-adding replaces) and places them in stories, in one transaction;
   * `prepared[i]` is prepareDoc(docs[i]) when the caller worked it out already (in a worker thread).
   * With `until` (a performance.now() time) it stops after the first item that ends past it.
   * Answers how many it indexed.
   */
  addItems(docs: IndexedDoc[], prepared?: Array<PreparedDoc | undefined>, until?: number): Promise<number>;
  /**
   * Runs `slice` on a later turn of the event loop, after the slices queued before it (and after
   * the promise it answers): for items too many to index before answering.
   */
  later(slice: Slice): void;
  /** Resolves once every slice queued so far has run. */
  idle(): Promise<void>;
  /** Holds the later slices while feeds are being stored; returns the function that lets them run again. */
  hold(): () => void;
  /** Drops the slices still queued; resolves once one under way has ended. Call before closing the database. */
  close(): Promise<void>;
};

/** The intelligence of one SQLite database: also indexing at once, inside the caller's transaction. */
export type SqliteIntelligence = Intelligence & {
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
};

/** Steps that call `fn` when run: a synchronous caller's work inside steps. */
function* calling<T>(fn: () => T): Steps<T> {
  return fn();
}

/** Opens the intelligence over a database on which `intelligenceSchemaSql` has run; `cachePostings: false` reads every candidate window from the table. */
export function createIntelligence(db: Database, options?: { cachePostings?: boolean }): SqliteIntelligence {
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

  /** Adds items in order until `until`, inside the open transaction or in a batch of their own; answers how many. */
  function addUntil(docs: IndexedDoc[], prepared: Array<PreparedDoc | undefined>, until: number): number {
    const add = () => runNow(core.addItems(docs, prepared, until), storage);
    return db.inTransaction ? add() : batch(add);
  }

  const backlog = createBacklog();

  return {
    addItem,
    batch,
    // Done when the call returns, before the promise settles; nothing once the database is closed (a slice caught by close).
    addItems: async (docs, prepared = [], until = Infinity) => (docs.length && db.open ? addUntil(docs, prepared, until) : 0),
    later: (slice) => backlog.add(() => (db.open ? slice() : undefined)),
    idle: backlog.idle,
    hold: backlog.hold,
    close: backlog.close,
    // Done when the call returns (inside the caller's transaction, if one is open), like addItem.
    removeItem: async (id) => batch(() => runNow(core.removeItem(id), storage)),
    similar: (id, limit, visible) => runLater(core.similar(id, limit, visible), storage),
    storyOf: async (id) => runNow(core.storyOf(id), storage),
  };
}
