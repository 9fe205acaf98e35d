/**
 * The intelligence's work as steps for an engine's storage (storage.ts), the same on every engine:
 * adding and removing items, similar items and the story of an item. The engine's intelligence
 * (index.ts on SQLite, store/postgres/intelligence.ts) runs them and owns the transactions.
 */
import { createCorpus } from './corpus';
import { prepareDoc, type PreparedDoc } from './prepare-doc';
import { findSimilar, type SimilarItem, type VisibleAmong } from './similar';
import { ask, type Steps } from './storage';
import { createStories } from './stories';

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
  /**
   * Stored new (or found not indexed): left as is when it has been indexed meanwhile (by another
   * node), where an edited item's doc (without it) replaces what is indexed.
   */
  isNew?: boolean;
};

/** The query side the domain uses, async on every engine. */
export type IntelligenceQueries = {
  /** Forgets an item: its postings, its story membership. */
  removeItem(id: string): Promise<void>;
  /**
   * Up to `limit` items like `id` among those the reader may see, best first, `id` itself excluded:
   * each round of the search hands its candidate ids to `visible` (the caller's store says which
   * the reader has, one query a round) and ranks within the answer.
   */
  similar(id: string, limit: number, visible: VisibleAmong): Promise<SimilarItem[]>;
  /** The story an item belongs to, when that story has articles from two sources or more. */
  storyOf(id: string): Promise<string | null>;
};

function hourOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 3_600_000);
}

function normalisedDate(publishedAt: string | null): string {
  const time = publishedAt ? Date.parse(publishedAt) : NaN;
  return new Date(Number.isFinite(time) ? time : Date.now()).toISOString();
}

/**
 * The intelligence's memory (frequencies, documents) and its work as steps. `shared`: other
 * processes write to the same database, so each batch reads the frequencies of its words afresh.
 */
export function createIntelligenceCore({ shared = false } = {}) {
  const corpus = createCorpus({ keepAdded: shared });
  const stories = createStories(corpus);

  function* removeItem(id: string): Steps<void> {
    yield* stories.unplace(id);
    yield* corpus.remove(id);
  }

  /** Indexes an item and places it in a story; re-adding replaces (`placed` false: the caller knows it is neither indexed nor in a story). */
  function* addItem(doc: IndexedDoc, prepared: PreparedDoc, placed = true): Steps<void> {
    if (placed) yield* removeItem(doc.id);
    const publishedAt = normalisedDate(doc.published_at);
    const { title, summary, termIds, termWeights } = prepared;
    const { stored, vector } = yield* corpus.add(
      { itemId: doc.id, sourceId: doc.source_id, hour: hourOf(publishedAt), publishedAt, title, summary },
      termIds, termWeights,
    );
    yield* stories.place(stored, vector);
  }

  /**
   * Indexes items in order, as addItem each, with what can be asked once asked once: which are
   * indexed already and (`shared`) their document numbers and, when another process wrote since, their words' frequencies. With `until` (a
   * performance.now() time) it stops after the first item that ends past it. Answers how many of
   * `docs` it went through (those left as is, see IndexedDoc.isNew, included).
   */
  function* addItems(docs: IndexedDoc[], prepared: Array<PreparedDoc | undefined>, until = Infinity): Steps<number> {
    if (!docs.length) return 0;
    const placed = new Set(yield* ask((s) => s.placedAmong(docs.map(({ id }) => id))));
    const left = (doc: IndexedDoc) => doc.isNew === true && placed.has(doc.id);
    // Another process may have counted words since this one last wrote: then the cache is read afresh.
    const stale = shared && (yield* corpus.othersCounted());
    if (shared) yield* corpus.refreshFrequencies(prepared.flatMap((made, i) => (made && !left(docs[i]) ? [...made.termIds] : [])), stale);
    // A number asked is a round trip to a server; on SQLite they are asked one by one, so that a batch stopped by `until` leaves no gap.
    if (shared) yield* corpus.reserveDocs(docs.filter((doc) => !left(doc)).length);
    let passed = 0;
    for (const [i, doc] of docs.entries()) {
      passed++;
      if (left(doc)) continue;
      let made = prepared[i];
      if (!made) {
        made = prepareDoc(doc);
        if (shared) yield* corpus.refreshFrequencies(made.termIds, stale);
      }
      yield* addItem(doc, made, placed.has(doc.id));
      placed.add(doc.id);
      if (performance.now() >= until) break;
    }
    return passed;
  }

  return {
    addItem,
    addItems,
    removeItem,
    similar: (id: string, limit: number, visible: VisibleAmong) => findSimilar(corpus, stories.peers, id, limit, visible),
    storyOf: stories.storyOf,
    /** Runs `steps` (additions) with their word counts written once at the end (see Corpus.deferFrequencies). */
    deferFrequencies: corpus.deferFrequencies,
    /** Empties the frequencies held, after a transaction that counted some was rolled back. */
    forgetFrequencies: corpus.forgetFrequencies,
    /** Call once the engine's transaction has committed (`shared`): what it added is kept in memory. */
    committed: corpus.committed,
    /** Call once the engine's transaction has ended. */
    settle: corpus.settle,
  };
}

/** The shared part of an engine's intelligence. */
export type IntelligenceCore = ReturnType<typeof createIntelligenceCore>;
