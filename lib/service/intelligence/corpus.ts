/**
 * The indexed documents: document frequencies kept up to date at each
 * addition, each document's strongest terms as a compact vector, and postings
 * (term → document, weight) so finding candidates is an index lookup rather
 * than a scan. IDF is applied when comparing, with the frequencies of now
 * where the in-memory cache knows them, else those seen when the document was
 * indexed (stored beside its terms), so comparing never waits on a lookup. Storage is
 * asked through the port (storage.ts); the memory here is the same on every engine.
 */
import { ask, type PostingWindow, type Steps } from './storage';
import { packTerms, toStored, type StoredDoc, type TermArrays } from './stored-doc';
import { createTermCounts } from './term-counts';

/** Terms kept per document for comparing it with others. */
const VECTOR_TERMS = 48;
/** Terms per document written as postings: the ones most likely shared by a same-subject item. */
const POSTING_TERMS = 20;
/** Documents kept in memory once read: a document never changes under its number, and new items are compared with recent ones again and again. */
const DOC_CACHE_LIMIT = 16_384;

export type { StoredDoc } from './stored-doc';

/** A unit-length TF-IDF vector. */
export type Vector = Map<number, number>;

/** Cosine of two unit vectors. */
export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [id, w] of small) {
    const other = large.get(id);
    if (other !== undefined) sum += w * other;
  }
  return sum;
}

/** The strongest `n` entries of a vector, strongest first. */
export function strongest(vector: Vector, n: number): Array<[number, number]> {
  return [...vector].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/**
 * Opens the corpus: its memory of frequencies and documents; every method is steps for an engine's
 * storage to run. `keepAdded`: documents added are kept in memory once the engine says they are
 * committed (`committed`), as later additions compare with them.
 */
export function createCorpus({ keepAdded = false } = {}) {
  const dfCache = createTermCounts(21);
  /** True while the cache holds every term of the table: a term it lacks was never seen, and needs no lookup. */
  let complete: boolean | null = null;
  const docCache = new Map<number, StoredDoc>();
  /** Documents added in the open transaction, kept once it commits (`keepAdded`). */
  let added: StoredDoc[] = [];
  /** Documents numbered from here on were added in the open transaction and may yet be rolled back: they are not cached. */
  let uncommittedFrom = Infinity;

  /** Frequency increments and documents counted in memory but not yet written (see `deferFrequencies`). */
  const pendingDf = createTermCounts(18);
  let pendingIds: number[] = [];
  let pendingDocs = 0;
  let deferring = 0;
  /** The stored document count, read once per batch (see `deferFrequencies`): only the batch's own flushes change it meanwhile. */
  let heldCount: number | null = null;
  /** The stored count right after this process last wrote it: while the table still says so, no other process has counted words since. */
  let writtenCount: number | null = null;
  /** Document numbers reserved for the batch (`reserveDocs`), used in order. */
  let reserved = { next: 0, end: 0 };

  function* docCount(): Steps<number> {
    if (heldCount !== null) return heldCount + pendingDocs;
    const stored = yield* ask((s) => s.docCount());
    if (deferring) heldCount = stored;
    return stored + pendingDocs;
  }

  /** Reserves `n` document numbers in one call for the additions of the batch under way; nothing outside a batch. */
  function* reserveDocs(n: number): Steps<void> {
    if (!deferring || n <= 0) return;
    const first = yield* ask((s) => s.nextDocs(n));
    reserved = { next: first, end: first + n };
  }

  /** A new document number: a reserved one, else one asked for. */
  function* nextDoc(): Steps<number> {
    if (reserved.next < reserved.end) return reserved.next++;
    return yield* ask((s) => s.nextDocs(1));
  }

  /** Writes the counted frequencies: one upsert per distinct term, in id order so neighbouring pages are written together. */
  function* flushFrequencies(): Steps<void> {
    if (pendingIds.length) {
      const increments = pendingIds.sort((a, b) => a - b).map((id) => [id, pendingDf.get(id)] as [number, number]);
      yield* ask((s) => s.addFrequencies(increments));
    }
    const docs = pendingDocs;
    if (docs) yield* ask((s) => s.addDocCount(docs));
    if (heldCount !== null) heldCount += docs;
    writtenCount = heldCount;
    dropPending();
    if (dfCache.isFull()) forgetFrequencies();
  }

  /**
   * Runs `steps` (inside the caller's transaction) with frequency writes gathered into one at its
   * end: a batch of items shares most of its words, and each item still sees the frequencies
   * counting the items before it. If they throw, nothing is written and the cache starts over.
   */
  function* deferFrequencies<T>(steps: Steps<T>): Steps<T> {
    deferring++;
    try {
      const result = yield* steps;
      if (deferring === 1) yield* flushFrequencies();
      return result;
    } catch (error) {
      dropPending();
      forgetFrequencies();
      throw error;
    } finally {
      // Numbers left over are not handed out again (a rolled-back transaction on SQLite takes them back).
      if (--deferring === 0) {
        heldCount = null;
        reserved = { next: 0, end: 0 };
      }
    }
  }

  function dropPending(): void {
    if (pendingIds.length) pendingDf.clear();
    pendingIds = [];
    pendingDocs = 0;
  }

  /** Empties the cache of frequencies, after a failed write left it ahead of the table. */
  function forgetFrequencies(): void {
    added = [];
    writtenCount = null;
    dfCache.clear();
    complete = false;
  }

  /** Reads the whole frequency table into the cache once, when it fits with room to grow (most tables do). */
  function* loadFrequencies(): Steps<void> {
    complete = false;
    if ((yield* ask((s) => s.termCount())) > dfCache.capacity / 2) return;
    for (const [id, df] of yield* ask((s) => s.allFrequencies())) dfCache.set(id, df);
    complete = true;
  }

  /**
   * Reads the stored frequencies of these terms into the cache (with the batch's own counts not yet
   * written on top): all of them when another process may have counted some since (`stale`, see
   * othersCounted), else those the cache lacks, in one call rather than one per document.
   */
  function* refreshFrequencies(ids: Iterable<number>, stale: boolean): Steps<void> {
    // Once another process has counted, a term the cache lacks may be one it saw.
    if (stale) complete = false;
    else if (complete) return;
    const wanted = [...new Set(ids)].filter((id) => stale || dfCache.get(id) < 0);
    if (!wanted.length) return;
    const stored = new Map(yield* ask((s) => s.frequencies(wanted)));
    if (dfCache.size + wanted.length > dfCache.capacity) forgetFrequencies();
    for (const id of wanted) dfCache.set(id, (stored.get(id) ?? 0) + Math.max(0, pendingDf.get(id)));
  }

  /** Whether another process has added documents (and counted their words) since this one last wrote; call in a batch, before adding. */
  function* othersCounted(): Steps<boolean> {
    const stored = (yield* docCount()) - pendingDocs;
    if (complete === null) {
      yield* loadFrequencies();
      if (complete) writtenCount = stored;
    }
    return stored !== writtenCount;
  }

  /** Counts a document's terms; returns the frequency of each, this document included. */
  function* countTerms(ids: Float64Array): Steps<Uint32Array> {
    // A batch with more distinct words than the pending table keeps writes what it has so far.
    if (pendingDf.isFull()) yield* flushFrequencies();
    if (complete === null) yield* loadFrequencies();
    const missing = ids.filter((id) => dfCache.get(id) < 0);
    if (missing.length && complete) {
      for (const id of missing) dfCache.set(id, 0);
    } else if (missing.length) {
      const stored = new Map(yield* ask((s) => s.frequencies([...missing])));
      for (const id of missing) dfCache.set(id, stored.get(id) ?? 0);
    }
    const seenDf = new Uint32Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const df = dfCache.get(id) + 1;
      dfCache.set(id, df);
      seenDf[i] = df;
      const pending = pendingDf.get(id);
      if (pending < 0) pendingIds.push(id);
      pendingDf.set(id, pending < 0 ? 1 : pending + 1);
    }
    pendingDocs++;
    return seenDf;
  }

  /** TF-IDF unit vector of a document, with the frequencies of now where known (`n`: documents, docCount() + 1). */
  function weigh(doc: TermArrays, n: number): Vector {
    const weights = unitWeights(doc, n);
    const vector: Vector = new Map();
    for (let i = 0; i < weights.length; i++) vector.set(doc.ids[i], weights[i]);
    return vector;
  }

  /** The TF-IDF unit weights of a document's terms, in the order of its ids. */
  function unitWeights(doc: TermArrays, n: number): Float64Array {
    const count = doc.ids.length;
    const weights = new Float64Array(count);
    let norm = 0;
    for (let i = 0; i < count; i++) {
      const cached = dfCache.get(doc.ids[i]);
      const df = cached >= 0 ? cached : doc.seenDf[i];
      const w = doc.raw[i] * Math.log(1 + n / Math.max(1, df));
      weights[i] = w;
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < count; i++) weights[i] /= norm;
    return weights;
  }

  /** Call once the engine's transaction has ended (`inTransaction` false): every document added so far is committed or gone. */
  function settle(inTransaction: boolean): void {
    if (!inTransaction) uncommittedFrom = Infinity;
  }

  function remember(stored: StoredDoc, inTransaction: boolean): StoredDoc {
    settle(inTransaction);
    if (stored.doc >= uncommittedFrom) return stored;
    return cache(stored);
  }

  function cache(stored: StoredDoc): StoredDoc {
    if (docCache.size >= DOC_CACHE_LIMIT) docCache.delete(docCache.keys().next().value!);
    docCache.set(stored.doc, stored);
    return stored;
  }

  /** Indexes a document with its terms (ids and raw weights, parallel); returns it as stored along with its vector. */
  function* add(fields: Omit<StoredDoc, 'doc' | keyof TermArrays>, ids: Float64Array, raw: Float64Array): Steps<{ stored: StoredDoc; vector: Vector }> {
    const seenDf = yield* countTerms(ids);
    if (!deferring) yield* flushFrequencies();
    const n = (yield* docCount()) + 1;
    const full = unitWeights({ ids, raw, seenDf }, n);
    // The strongest terms, ties in the order of the terms (as `strongest` sorts a vector).
    const order = Array.from(ids, (_, i) => i).sort((a, b) => full[b] - full[a]).slice(0, VECTOR_TERMS);
    const terms = order.map((i) => [ids[i], raw[i], seenDf[i]] as [number, number, number]);
    const doc = yield* nextDoc();
    uncommittedFrom = Math.min(uncommittedFrom, doc);
    const vec = packTerms(terms);
    const stored: StoredDoc = {
      ...fields, doc,
      ids: Float64Array.from(terms, ([id]) => id), raw: Float64Array.from(terms, ([, raw]) => raw), seenDf: Uint32Array.from(terms, ([, , df]) => df),
    };
    const vector = weigh(stored, n);
    // As it reads back from its row (weights as float32), so comparing gives what it gives after a restart.
    if (keepAdded) {
      added.push(toStored({ doc, item_id: fields.itemId, source_id: fields.sourceId, hour: fields.hour, published_at: fields.publishedAt,
        title: fields.title, summary: fields.summary, vec }));
    }
    const kept = strongest(vector, POSTING_TERMS);
    const postings: number[] = [];
    for (const [id, w] of kept) postings.push(id, fields.hour, doc, Math.max(1, Math.round(w * 1000)));
    yield* ask((s) => s.insertDoc({ ...fields, doc, vec, postings }));
    return { stored, vector };
  }

  /** Call once the transaction that added documents has committed (`keepAdded`): they are kept in memory. */
  function committed(): void {
    for (const stored of added) cache(stored);
    added = [];
  }

  /** Removes a document and its postings. Frequencies keep counting it: they describe the words seen, and stay monotone. */
  function* remove(itemId: string): Steps<StoredDoc | null> {
    const row = yield* ask((s) => s.docByItem(itemId));
    if (!row) return null;
    const stored = toStored(row);
    docCache.delete(stored.doc);
    if (added.length) added = added.filter(({ doc }) => doc !== stored.doc);
    yield* ask((s) => s.deletePostings(stored.ids, stored.hour, stored.doc));
    yield* ask((s) => s.deleteDoc(stored.doc));
    return stored;
  }

  /** The indexed document of an item. */
  function* byItem(itemId: string): Steps<StoredDoc | null> {
    const row = yield* ask((s) => s.docByItem(itemId));
    return row ? toStored(row) : null;
  }

  /** Indexed documents by their numbers; unknown numbers are left out. */
  function* byDocs(docs: number[]): Steps<Map<number, StoredDoc>> {
    const result = new Map<number, StoredDoc>();
    const missing: number[] = [];
    for (const doc of docs) {
      const cached = docCache.get(doc);
      if (cached) result.set(doc, cached);
      else missing.push(doc);
    }
    if (missing.length === 0) return result;
    const rows = yield* ask((s) => s.docsByNumber(missing));
    const open = yield* ask((s) => s.inTransaction());
    for (const row of rows) result.set(row.doc, remember(toStored(row), open));
    return result;
  }

  /** Item ids of documents. */
  function* itemIdsOf(docs: number[]): Steps<Map<number, string>> {
    if (docs.length === 0) return new Map();
    return new Map(yield* ask((s) => s.itemIdsOf(docs)));
  }

  /** The nearest `limit` postings of a window: half from each side of its middle, the rest from the side that has more. */
  function nearest({ later, earlier }: PostingWindow, limit: number): Array<[number, number]> {
    const fromEarlier = Math.min(earlier.length, Math.max(Math.floor(limit / 2), limit - later.length));
    return [...later.slice(0, limit - fromEarlier), ...earlier.slice(0, fromEarlier)];
  }

  /**
   * Documents sharing strong terms with `vector`, scored by the dot product of
   * their postings: `perTerm` of each term, the nearest in time within an hour window, or the
   * strongest over all time; `capped` tells whether some term had more. Unbounded, a window full
   * of documents sharing a term (a feed of thousands of undated items) made each placement read all of them.
   * The terms' postings are asked for in one call (one round trip on a database server).
   */
  function* candidates(vector: Vector, opts: { terms: number; perTerm?: number; window?: [number, number] }): Steps<{ scores: Map<number, number>; capped: boolean }> {
    const scores = new Map<number, number>();
    let capped = false;
    const perTerm = opts.perTerm ?? 200;
    const terms = strongest(vector, opts.terms);
    const ids = terms.map(([id]) => id);
    const window = opts.window;
    let lists: Array<Array<[number, number]>>;
    if (window) {
      const [start, end] = window;
      const middle = Math.floor((start + end) / 2);
      lists = (yield* ask((s) => s.postingsWindows(ids, start, middle, end, perTerm))).map((held) => nearest(held, perTerm));
    } else {
      lists = yield* ask((s) => s.postingsByWeight(ids, perTerm));
    }
    terms.forEach(([, w], i) => {
      const rows = lists[i];
      if (rows.length >= perTerm) capped = true;
      for (const [doc, weight] of rows) scores.set(doc, (scores.get(doc) ?? 0) + (w * weight) / 1000);
    });
    return { scores, capped };
  }

  return { docCount, weigh, add, remove, byItem, byDocs, itemIdsOf, candidates, deferFrequencies, forgetFrequencies, settle, reserveDocs, refreshFrequencies, othersCounted, committed };
}

/** The corpus operations the similarity and story modules use. */
export type Corpus = ReturnType<typeof createCorpus>;
