/**
 * Text intelligence of the embedded service: similar items, story clusters,
 * summaries, reading time and key phrases, all computed locally. The store
 * runs `intelligenceSchemaSql` as a migration, creates one instance per
 * database handle, and calls `addItem` at ingest inside its own transaction.
 */
import type { Database } from 'better-sqlite3';
import { createBacklog } from './backlog';
import { createCorpus } from './corpus';
import { prepareDoc, type PreparedDoc } from './prepare-doc';
import { findSimilar, type SimilarItem, type VisibleAmong } from './similar';
import { createStories } from './stories';

export { intelligenceSchemaSql } from './schema';
export { STORY_WINDOW_HOURS } from './stories';
export { readingTimeMinutes, extractiveSummary } from './summary';
export { keyPhrases } from './key-phrases';
export type { SimilarItem, VisibleAmong } from './similar';
export { prepareDoc, type PreparedDoc } from './prepare-doc';

/** What the intelligence needs to know of an item. `content` and `summary` may be HTML or text. */
export type IndexedDoc = {
  id: string;
  title: string;
  summary: string;
  content: string;
  /** The feed (subscription source) the item came from; a story needs two. */
  source_id: string;
  published_at: string | null;
  url: string | null;
};

/** The intelligence of one database. */
export type Intelligence = {
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
  /** Forgets an item: its postings, its story membership. */
  removeItem(id: string): void;
  /**
   * Up to `limit` items like `id` among those the reader may see, best first, `id` itself excluded:
   * each round of the search hands its candidate ids to `visible` (the caller's store says which
   * the reader has, one query a round) and ranks within the answer.
   */
  similar(id: string, limit: number, visible: VisibleAmong): Promise<SimilarItem[]>;
  /** The story an item belongs to, when that story has articles from two sources or more. */
  storyOf(id: string): string | null;
};

function hourOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 3_600_000);
}

function normalisedDate(publishedAt: string | null): string {
  const time = publishedAt ? Date.parse(publishedAt) : NaN;
  return new Date(Number.isFinite(time) ? time : Date.now()).toISOString();
}

/** Opens the intelligence over a database on which `intelligenceSchemaSql` has run; `cachePostings: false` reads every candidate window from the table. */
export function createIntelligence(db: Database, options?: { cachePostings?: boolean }): Intelligence {
  const corpus = createCorpus(db, options);
  const stories = createStories(db, corpus);

  function removeItem(id: string): void {
    stories.unplace(id);
    corpus.remove(id);
  }

  function addItem(doc: IndexedDoc, prepared = prepareDoc(doc)): void {
    removeItem(doc.id);
    const publishedAt = normalisedDate(doc.published_at);
    const { title, summary, termIds, termWeights } = prepared;
    const { stored, vector } = corpus.add(
      { itemId: doc.id, sourceId: doc.source_id, hour: hourOf(publishedAt), publishedAt, title, summary },
      termIds, termWeights,
    );
    stories.place(stored, vector);
  }

  function batch<T>(fn: () => T): T {
    const leave = corpus.enter();
    let committed = false;
    try {
      const result = db.transaction(() => corpus.deferFrequencies(fn))();
      committed = true;
      return result;
    } catch (error) {
      // The commit may have failed after the counts were taken: the cache must not keep them.
      corpus.forgetFrequencies();
      throw error;
    } finally {
      leave(committed);
      corpus.settle();
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
    removeItem,
    similar: (id, limit, visible) => findSimilar(corpus, stories.peers, id, limit, visible),
    storyOf: stories.storyOf,
  };
}
