/**
 * Full-content rules, one row per subscription that has any: whether every new item's web page is
 * fetched and its article kept, and the CSS selectors that pick the article and drop parts of it.
 * A table of its own rather than columns on subscriptions, so no other change has to know of it.
 */
export const contentRulesSchema = /* sql */ `
CREATE TABLE subscription_content_rules (
  subscription_id TEXT PRIMARY KEY REFERENCES subscriptions(id) ON DELETE CASCADE,
  full_content INTEGER NOT NULL DEFAULT 0,
  content_selector TEXT,
  remove_selector TEXT,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
`;
