/**
 * The indexed documents: document frequencies kept up to date at each
 * addition, each document's strongest terms as a compact vector, and postings
 * (term → document, weight) so finding candidates is an index lookup rather
 * than a scan. IDF is applied when comparing, with the frequencies of now
 * where the in-memory cache knows them, else those seen when the document was
 * indexed (stored beside its terms), so comparing never waits on a lookup.
 */
import type { Database, Statement } from 'better-sqlite3';
import { createPostingCache } from './posting-cache';
import { packTerms, toStored, type DocRow, type StoredDoc, type TermArrays } from './stored-doc';
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

/** Opens the corpus over a database that already has the intelligence schema; `cachePostings: false` reads every window from the table. */
export function createCorpus(db: Database, { cachePostings = true } = {}) {
  const postings = cachePostings ? createPostingCache(db) : null;
  const dfCache = createTermCounts(21);
  /** True while the cache holds every term of the table: a term it lacks was never seen, and needs no lookup. */
  let complete: boolean | null = null;
  const docCache = new Map<number, StoredDoc>();
  /** Documents numbered from here on were added in the open transaction and may yet be rolled back: they are not cached. */
  let uncommittedFrom = Infinity;
  db.prepare("INSERT OR IGNORE INTO intel_meta (key, value) VALUES ('last_doc', COALESCE((SELECT MAX(doc) FROM intel_docs), 0))").run();
  const stmt = {
    count: db.prepare("SELECT value FROM intel_meta WHERE key = 'doc_count'").pluck(),
    bumpCount: db.prepare("INSERT INTO intel_meta (key, value) VALUES ('doc_count', ?) ON CONFLICT (key) DO UPDATE SET value = value + excluded.value"),
    termCount: db.prepare('SELECT COUNT(*) FROM intel_terms').pluck(),
    allDfs: db.prepare('SELECT id, df FROM intel_terms').raw(),
    dfs: db.prepare('SELECT id, df FROM intel_terms WHERE id IN (SELECT value FROM json_each(?))').raw(),
    addDfs: db.prepare(`INSERT INTO intel_terms (id, df) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
      ON CONFLICT (id) DO UPDATE SET df = df + excluded.df`),
    // Numbers are never reused, even after the newest document is removed, so a number read once names the same document for good.
    nextDoc: db.prepare("UPDATE intel_meta SET value = value + 1 WHERE key = 'last_doc' RETURNING value").pluck(),
    insertDoc: db.prepare('INSERT INTO intel_docs (doc, item_id, source_id, hour, published_at) VALUES (?, ?, ?, ?, ?)'),
    insertVector: db.prepare('INSERT INTO intel_vectors (doc, title, summary, vec) VALUES (?, ?, ?, ?)'),
    docByItem: db.prepare('SELECT d.*, v.title, v.summary, v.vec FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc WHERE d.item_id = ?'),
    docsByDoc: db.prepare(`SELECT d.*, v.title, v.summary, v.vec FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc
      WHERE d.doc IN (SELECT value FROM json_each(?))`),
    deleteVector: db.prepare('DELETE FROM intel_vectors WHERE doc = ?'),
    itemIdsByDoc: db.prepare('SELECT doc, item_id FROM intel_docs WHERE doc IN (SELECT value FROM json_each(?))').raw(),
    deleteDoc: db.prepare('DELETE FROM intel_docs WHERE doc = ?'),
    deletePosting: db.prepare('DELETE FROM intel_postings WHERE term_id = ? AND hour = ? AND doc = ?'),
    postingsByWeight: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? ORDER BY weight DESC LIMIT ?').raw(),
    // Walks the primary key out from the window's middle: sorting the window by weight read all of it.
    postingsFrom: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour >= ? AND hour <= ? ORDER BY hour, doc LIMIT ?').raw(),
    postingsBefore: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour < ? AND hour >= ? ORDER BY hour DESC, doc DESC LIMIT ?').raw(),
  };

  /** The statement writing `n` postings in one go (one call into SQLite per document instead of twenty), prepared once per count. */
  const postingInserts = new Map<number, Statement>();
  function insertPostings(n: number): Statement {
    let statement = postingInserts.get(n);
    if (!statement) {
      statement = db.prepare(`INSERT OR REPLACE INTO intel_postings (term_id, hour, doc, weight) VALUES ${Array(n).fill('(?, ?, ?, ?)').join(', ')}`);
      postingInserts.set(n, statement);
    }
    return statement;
  }

  /** Frequency increments and documents counted in memory but not yet written (see `deferFrequencies`). */
  const pendingDf = createTermCounts(18);
  let pendingIds: number[] = [];
  let pendingDocs = 0;
  let deferring = 0;

  const docCount = (): number => ((stmt.count.get() as number | undefined) ?? 0) + pendingDocs;

  /** Writes the counted frequencies: one upsert per distinct term, in id order so neighbouring pages are written together. */
  function flushFrequencies(): void {
    if (pendingIds.length) stmt.addDfs.run(JSON.stringify(pendingIds.sort((a, b) => a - b).map((id) => [id, pendingDf.get(id)])));
    if (pendingDocs) stmt.bumpCount.run(pendingDocs);
    dropPending();
    if (dfCache.isFull()) forgetFrequencies();
  }

  /**
   * Runs `fn` (inside the caller's transaction) with frequency writes gathered into one at its
   * end: a batch of items shares most of its words, and each item still sees the frequencies
   * counting the items before it. If `fn` throws, nothing is written and the cache starts over.
   */
  function deferFrequencies<T>(fn: () => T): T {
    deferring++;
    try {
      const result = fn();
      if (deferring === 1) flushFrequencies();
      return result;
    } catch (error) {
      dropPending();
      forgetFrequencies();
      throw error;
    } finally {
      deferring--;
    }
  }

  function dropPending(): void {
    if (pendingIds.length) pendingDf.clear();
    pendingIds = [];
    pendingDocs = 0;
  }

  /** Empties the cache of frequencies, after a failed write left it ahead of the table. */
  function forgetFrequencies(): void {
    dfCache.clear();
    complete = false;
  }

  /** Reads the whole frequency table into the cache once, when it fits with room to grow (most tables do). */
  function loadFrequencies(): void {
    complete = false;
    if ((stmt.termCount.get() as number) > dfCache.capacity / 2) return;
    for (const [id, df] of stmt.allDfs.iterate() as Iterable<[number, number]>) dfCache.set(id, df);
    complete = true;
  }

  /** Counts a document's terms; returns the frequency of each, this document included. */
  function countTerms(ids: Float64Array): Uint32Array {
    // A batch with more distinct words than the pending table keeps writes what it has so far.
    if (pendingDf.isFull()) flushFrequencies();
    if (complete === null) loadFrequencies();
    const missing = ids.filter((id) => dfCache.get(id) < 0);
    if (missing.length && complete) {
      for (const id of missing) dfCache.set(id, 0);
    } else if (missing.length) {
      const stored = new Map(stmt.dfs.all(JSON.stringify([...missing])) as Array<[number, number]>);
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

  /** TF-IDF unit vector of a document, with the frequencies of now where known (`n`: documents, pass it when weighing many). */
  function weigh(doc: TermArrays, n = docCount() + 1): Vector {
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

  /** Call once no transaction is open: every document added so far is committed or gone. */
  function settle(): void {
    if (!db.inTransaction) uncommittedFrom = Infinity;
  }

  function remember(stored: StoredDoc): StoredDoc {
    settle();
    if (stored.doc >= uncommittedFrom) return stored;
    if (docCache.size >= DOC_CACHE_LIMIT) docCache.delete(docCache.keys().next().value!);
    docCache.set(stored.doc, stored);
    return stored;
  }

  /** Indexes a document with its terms (ids and raw weights, parallel); returns it as stored along with its vector. */
  function add(fields: Omit<StoredDoc, 'doc' | keyof TermArrays>, ids: Float64Array, raw: Float64Array): { stored: StoredDoc; vector: Vector } {
    const seenDf = countTerms(ids);
    if (!deferring) flushFrequencies();
    const full = unitWeights({ ids, raw, seenDf }, docCount() + 1);
    // The strongest terms, ties in the order of the terms (as `strongest` sorts a vector).
    const order = Array.from(ids, (_, i) => i).sort((a, b) => full[b] - full[a]).slice(0, VECTOR_TERMS);
    const terms = order.map((i) => [ids[i], raw[i], seenDf[i]] as [number, number, number]);
    const doc = stmt.nextDoc.get() as number;
    uncommittedFrom = Math.min(uncommittedFrom, doc);
    stmt.insertDoc.run(doc, fields.itemId, fields.sourceId, fields.hour, fields.publishedAt);
    stmt.insertVector.run(doc, fields.title, fields.summary, packTerms(terms));
    const stored: StoredDoc = {
      ...fields, doc,
      ids: Float64Array.from(terms, ([id]) => id), raw: Float64Array.from(terms, ([, raw]) => raw), seenDf: Uint32Array.from(terms, ([, , df]) => df),
    };
    const vector = weigh(stored);
    const kept = strongest(vector, POSTING_TERMS);
    const values: number[] = [];
    for (const [id, w] of kept) values.push(id, fields.hour, doc, Math.max(1, Math.round(w * 1000)));
    if (kept.length) insertPostings(kept.length).run(values);
    for (let i = 0; i < values.length; i += 4) postings?.added(values[i], values[i + 1], values[i + 2], values[i + 3]);
    return { stored, vector };
  }

  /** Removes a document and its postings. Frequencies keep counting it: they describe the words seen, and stay monotone. */
  function remove(itemId: string): StoredDoc | null {
    const row = stmt.docByItem.get(itemId) as DocRow | undefined;
    if (!row) return null;
    const stored = toStored(row);
    docCache.delete(stored.doc);
    for (const id of stored.ids) {
      stmt.deletePosting.run(id, stored.hour, stored.doc);
      postings?.removed(id, stored.hour, stored.doc);
    }
    stmt.deleteDoc.run(stored.doc);
    stmt.deleteVector.run(stored.doc);
    return stored;
  }

  /** The indexed document of an item. */
  function byItem(itemId: string): StoredDoc | null {
    const row = stmt.docByItem.get(itemId) as DocRow | undefined;
    return row ? toStored(row) : null;
  }

  /** Indexed documents by their numbers; unknown numbers are left out. */
  function byDocs(docs: number[]): Map<number, StoredDoc> {
    const result = new Map<number, StoredDoc>();
    const missing: number[] = [];
    for (const doc of docs) {
      const cached = docCache.get(doc);
      if (cached) result.set(doc, cached);
      else missing.push(doc);
    }
    if (missing.length === 0) return result;
    for (const row of stmt.docsByDoc.all(JSON.stringify(missing)) as DocRow[]) result.set(row.doc, remember(toStored(row)));
    return result;
  }

  /** Item ids of documents. */
  function itemIdsOf(docs: number[]): Map<number, string> {
    if (docs.length === 0) return new Map();
    return new Map(stmt.itemIdsByDoc.all(JSON.stringify(docs)) as Array<[number, string]>);
  }

  /**
   * Documents sharing strong terms with `vector`, scored by the dot product of
   * their postings: `perTerm` of each term, the nearest in time within an hour window, or the
   * strongest over all time; `capped` tells whether some term had more. Unbounded, a window full
   * of documents sharing a term (a feed of thousands of undated items) made each placement read all of them.
   */
  function inWindow(termId: number, [start, end]: [number, number], limit: number): Array<[number, number]> {
    const middle = Math.floor((start + end) / 2);
    const held = postings?.window(termId, start, middle, end, limit);
    const later = held?.later ?? stmt.postingsFrom.all(termId, middle, end, limit) as Array<[number, number]>;
    const earlier = held?.earlier ?? stmt.postingsBefore.all(termId, middle, start, limit) as Array<[number, number]>;
    // Half from each side, the rest from the side that has more.
    const fromEarlier = Math.min(earlier.length, Math.max(Math.floor(limit / 2), limit - later.length));
    return [...later.slice(0, limit - fromEarlier), ...earlier.slice(0, fromEarlier)];
  }

  function candidates(vector: Vector, opts: { terms: number; perTerm?: number; window?: [number, number] }): { scores: Map<number, number>; capped: boolean } {
    const scores = new Map<number, number>();
    let capped = false;
    const perTerm = opts.perTerm ?? 200;
    for (const [id, w] of strongest(vector, opts.terms)) {
      const rows = (opts.window ? inWindow(id, opts.window, perTerm) : stmt.postingsByWeight.all(id, perTerm)) as Array<[number, number]>;
      if (rows.length >= perTerm) capped = true;
      for (const [doc, weight] of rows) scores.set(doc, (scores.get(doc) ?? 0) + (w * weight) / 1000);
    }
    return { scores, capped };
  }

  /** Call before opening a transaction of the intelligence's own; returns what to call when it ends (see PostingCache.enter). */
  const enter = (): ((committed: boolean) => void) => postings?.enter() ?? (() => {});

  return { docCount, weigh, add, remove, byItem, byDocs, itemIdsOf, candidates, deferFrequencies, forgetFrequencies, settle, enter };
}

/** The corpus operations the similarity and story modules use. */
export type Corpus = ReturnType<typeof createCorpus>;
