/**
 * Tables of the text intelligence. `intel_*` are internal (documents are
 * split in a narrow row, read for every candidate, and a wide one, read only
 * for those compared); `stories` and
 * `story_items` are meant to be joined by the service when it lists stories:
 * list `stories` with `source_count >= 2` (that is a story; smaller groups are
 * candidates waiting for a second source), newest `last_published_at` first.
 */
export const intelligenceSchemaSql = `
CREATE TABLE IF NOT EXISTS intel_meta (
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS intel_terms (
  id INTEGER PRIMARY KEY,
  df INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS intel_docs (
  doc INTEGER PRIMARY KEY,
  item_id TEXT NOT NULL UNIQUE,
  source_id TEXT NOT NULL,
  hour INTEGER NOT NULL,
  published_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS intel_vectors (
  doc INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  vec BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS intel_postings (
  term_id INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  doc INTEGER NOT NULL,
  weight INTEGER NOT NULL,
  PRIMARY KEY (term_id, hour, doc)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS intel_postings_by_weight ON intel_postings (term_id, weight DESC);
CREATE TABLE IF NOT EXISTS stories (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  lead_item_id TEXT NOT NULL,
  first_published_at TEXT NOT NULL,
  last_published_at TEXT NOT NULL,
  article_count INTEGER NOT NULL,
  source_count INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS stories_listed ON stories (last_published_at DESC) WHERE source_count >= 2;
CREATE TABLE IF NOT EXISTS story_items (
  item_id TEXT PRIMARY KEY,
  story_id TEXT NOT NULL,
  source_id TEXT NOT NULL,
  published_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS story_items_by_story ON story_items (story_id, published_at);
CREATE INDEX IF NOT EXISTS story_items_by_source ON story_items (source_id, published_at);
`;
