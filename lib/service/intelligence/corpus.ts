/**
 * The indexed documents: document frequencies kept up to date at each
 * addition, each document's strongest terms as a compact vector, and postings
 * (term → document, weight) so finding candidates is an index lookup rather
 * than a scan. IDF is applied when comparing, with the frequencies of now.
 */
import type { Database } from 'better-sqlite3';
import type { TermWeights } from './features';

/** Terms kept per document for comparing it with others. */
const VECTOR_TERMS = 48;
/** Terms per document written as postings: the ones most likely shared by a same-subject item. */
const POSTING_TERMS = 20;
/** Above this many cached frequencies the cache starts over, bounding memory. */
const DF_CACHE_LIMIT = 300_000;

/** A document as indexed: `terms` holds its strongest raw (pre-IDF) term weights. */
export type StoredDoc = {
  doc: number;
  itemId: string;
  sourceId: string;
  hour: number;
  publishedAt: string;
  title: string;
  summary: string;
  terms: TermWeights;
};

/** A unit-length TF-IDF vector. */
export type Vector = Map<number, number>;

type DocRow = { doc: number; item_id: string; source_id: string; hour: number; published_at: string; title: string; summary: string; vec: Buffer };

function packTerms(entries: Array<[number, number]>): Buffer {
  const ids = new Float64Array(entries.map(([id]) => id));
  const weights = new Float32Array(entries.map(([, w]) => w));
  return Buffer.concat([Buffer.from(ids.buffer), Buffer.from(weights.buffer)]);
}

function unpackTerms(blob: Buffer): TermWeights {
  const n = blob.length / 12;
  const bytes = new Uint8Array(blob);
  const ids = new Float64Array(bytes.slice(0, n * 8).buffer);
  const weights = new Float32Array(bytes.slice(n * 8).buffer);
  const terms: TermWeights = new Map();
  for (let i = 0; i < n; i++) terms.set(ids[i], weights[i]);
  return terms;
}

function toStored(row: DocRow): StoredDoc {
  return {
    doc: row.doc, itemId: row.item_id, sourceId: row.source_id, hour: row.hour,
    publishedAt: row.published_at, title: row.title, summary: row.summary, terms: unpackTerms(row.vec),
  };
}

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

/** Opens the corpus over a database that already has the intelligence schema. */
export function createCorpus(db: Database) {
  const dfCache = new Map<number, number>();
  const stmt = {
    count: db.prepare("SELECT value FROM intel_meta WHERE key = 'doc_count'").pluck(),
    bumpCount: db.prepare("INSERT INTO intel_meta (key, value) VALUES ('doc_count', ?) ON CONFLICT (key) DO UPDATE SET value = value + excluded.value"),
    bumpDf: db.prepare('INSERT INTO intel_terms (id, df) VALUES (?, 1) ON CONFLICT (id) DO UPDATE SET df = df + 1'),
    dfs: db.prepare('SELECT id, df FROM intel_terms WHERE id IN (SELECT value FROM json_each(?))'),
    insertDoc: db.prepare('INSERT INTO intel_docs (item_id, source_id, hour, published_at, title, summary, vec) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    docByItem: db.prepare('SELECT * FROM intel_docs WHERE item_id = ?'),
    docsByDoc: db.prepare('SELECT * FROM intel_docs WHERE doc IN (SELECT value FROM json_each(?))'),
    deleteDoc: db.prepare('DELETE FROM intel_docs WHERE doc = ?'),
    insertPosting: db.prepare('INSERT OR REPLACE INTO intel_postings (term_id, hour, doc, weight) VALUES (?, ?, ?, ?)'),
    deletePosting: db.prepare('DELETE FROM intel_postings WHERE term_id = ? AND hour = ? AND doc = ?'),
    postingsByWeight: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? ORDER BY weight DESC LIMIT ?').raw(),
    postingsInWindow: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour BETWEEN ? AND ?').raw(),
  };

  const docCount = (): number => (stmt.count.get() as number | undefined) ?? 0;

  /** Document frequencies of terms, from the cache where known. */
  function dfOf(ids: Iterable<number>): Map<number, number> {
    const result = new Map<number, number>();
    const missing: number[] = [];
    for (const id of ids) {
      const df = dfCache.get(id);
      if (df === undefined) missing.push(id);
      else result.set(id, df);
    }
    if (missing.length > 0) {
      if (dfCache.size > DF_CACHE_LIMIT) dfCache.clear();
      for (const row of stmt.dfs.all(JSON.stringify(missing)) as Array<{ id: number; df: number }>) {
        dfCache.set(row.id, row.df);
        result.set(row.id, row.df);
      }
    }
    return result;
  }

  /** TF-IDF unit vector of raw term weights, with today's document frequencies (`n`: documents, pass it when weighing many). */
  function weigh(terms: TermWeights, n = docCount() + 1): Vector {
    const dfs = dfOf(terms.keys());
    const vector: Vector = new Map();
    let norm = 0;
    for (const [id, raw] of terms) {
      const w = raw * Math.log(1 + n / Math.max(1, dfs.get(id) ?? 1));
      vector.set(id, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [id, w] of vector) vector.set(id, w / norm);
    return vector;
  }

  /** Indexes a document; returns it as stored along with its vector. */
  function add(fields: Omit<StoredDoc, 'doc' | 'terms'>, terms: TermWeights): { stored: StoredDoc; vector: Vector } {
    for (const id of terms.keys()) {
      stmt.bumpDf.run(id);
      const cached = dfCache.get(id);
      if (cached !== undefined) dfCache.set(id, cached + 1);
    }
    stmt.bumpCount.run(1);
    const full = weigh(terms);
    const kept = strongest(full, VECTOR_TERMS).map(([id]) => [id, terms.get(id)!] as [number, number]);
    const info = stmt.insertDoc.run(fields.itemId, fields.sourceId, fields.hour, fields.publishedAt, fields.title, fields.summary, packTerms(kept));
    const doc = Number(info.lastInsertRowid);
    const stored: StoredDoc = { ...fields, doc, terms: new Map(kept) };
    const vector = weigh(stored.terms);
    for (const [id, w] of strongest(vector, POSTING_TERMS)) stmt.insertPosting.run(id, fields.hour, doc, Math.max(1, Math.round(w * 1000)));
    return { stored, vector };
  }

  /** Removes a document and its postings. Frequencies keep counting it: they describe the words seen, and stay monotone. */
  function remove(itemId: string): StoredDoc | null {
    const row = stmt.docByItem.get(itemId) as DocRow | undefined;
    if (!row) return null;
    const stored = toStored(row);
    for (const id of stored.terms.keys()) stmt.deletePosting.run(id, stored.hour, stored.doc);
    stmt.deleteDoc.run(stored.doc);
    return stored;
  }

  function byItem(itemId: string): StoredDoc | null {
    const row = stmt.docByItem.get(itemId) as DocRow | undefined;
    return row ? toStored(row) : null;
  }

  function byDocs(docs: number[]): Map<number, StoredDoc> {
    const result = new Map<number, StoredDoc>();
    if (docs.length === 0) return result;
    for (const row of stmt.docsByDoc.all(JSON.stringify(docs)) as DocRow[]) result.set(row.doc, toStored(row));
    return result;
  }

  /**
   * Documents sharing strong terms with `vector`, scored by the dot product of
   * their postings. Either within an hour window, or the `perTerm` strongest
   * postings of each term over all time.
   */
  function candidates(vector: Vector, opts: { terms: number; perTerm?: number; window?: [number, number] }): Map<number, number> {
    const scores = new Map<number, number>();
    for (const [id, w] of strongest(vector, opts.terms)) {
      const rows = (opts.window
        ? stmt.postingsInWindow.all(id, opts.window[0], opts.window[1])
        : stmt.postingsByWeight.all(id, opts.perTerm ?? 200)) as Array<[number, number]>;
      for (const [doc, weight] of rows) scores.set(doc, (scores.get(doc) ?? 0) + (w * weight) / 1000);
    }
    return scores;
  }

  return { docCount, weigh, add, remove, byItem, byDocs, candidates };
}

/** The corpus operations the similarity and story modules use. */
export type Corpus = ReturnType<typeof createCorpus>;
