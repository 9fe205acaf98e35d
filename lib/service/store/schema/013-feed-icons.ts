/**
 * Each feed's icon (its site's favicon), fetched at ingest and served by the app. A row without
 * data records a search that found none, so it is tried again only when the row is stale.
 */
export const feedIconsSchema = /* sql */ `
CREATE TABLE feed_icons (
  feed_id TEXT PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
  content_type TEXT,
  data BLOB,
  source_url TEXT,
  fetched_at TEXT NOT NULL
);
`;
