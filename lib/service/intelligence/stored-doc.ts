/**
 * A document as the corpus keeps it: its strongest terms as parallel typed arrays (ids,
 * raw weights, frequencies when indexed), packed into one blob in the database and read back
 * with a single copy.
 */

/** A document's terms: ids with their raw (pre-IDF) weights and the document frequency of each when it was indexed. */
export type TermArrays = { ids: Float64Array; raw: ArrayLike<number>; seenDf: ArrayLike<number> };

/** A document as indexed: its strongest terms, strongest first. */
export type StoredDoc = TermArrays & {
  doc: number;
  itemId: string;
  sourceId: string;
  hour: number;
  publishedAt: string;
  title: string;
  summary: string;
};

/** The columns a stored document is read from. */
export type DocRow = { doc: number; item_id: string; source_id: string; hour: number; published_at: string; title: string; summary: string; vec: Buffer };

/** The blob of a document's terms: ids (float64), then raw weights (float32), then frequencies (uint32). */
export function packTerms(entries: Array<[number, number, number]>): Buffer {
  const n = entries.length;
  const buffer = new ArrayBuffer(n * 16);
  const ids = new Float64Array(buffer, 0, n);
  const weights = new Float32Array(buffer, n * 8, n);
  const dfs = new Uint32Array(buffer, n * 12, n);
  entries.forEach(([id, weight, df], i) => {
    ids[i] = id;
    weights[i] = weight;
    dfs[i] = df;
  });
  return Buffer.from(buffer);
}

/** Reads a stored document back from its row. */
export function toStored(row: DocRow): StoredDoc {
  const n = row.vec.length / 16;
  // One aligned copy; the three arrays are views into it.
  const buffer = new ArrayBuffer(row.vec.length);
  new Uint8Array(buffer).set(row.vec);
  return {
    doc: row.doc, itemId: row.item_id, sourceId: row.source_id, hour: row.hour,
    publishedAt: row.published_at, title: row.title, summary: row.summary,
    ids: new Float64Array(buffer, 0, n), raw: new Float32Array(buffer, n * 8, n), seenDf: new Uint32Array(buffer, n * 12, n),
  };
}
