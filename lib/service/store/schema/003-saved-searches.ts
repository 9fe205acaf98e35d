/** Saved searches: a named items-list query of one user (first-party). */
export const savedSearchesSchema = /* sql */ `
CREATE TABLE saved_searches (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  -- The GET /v1/items query as JSON, in query-string form (see lib/contract/organizing.ts).
  query_data TEXT NOT NULL DEFAULT '{}',
  is_pinned INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, name)
);
`;
