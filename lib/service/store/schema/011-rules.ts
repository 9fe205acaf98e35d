/**
 * Rules: what a user wants done with items that match (mark read, save, tag, hide), for all of
 * their subscriptions or one. A hidden item leaves `entries` (so no list, count, unread badge
 * or sync API shows it, with nothing else to change) and is kept in `hidden_items`, which the
 * items search also reads.
 */
export const rulesSchema = /* sql */ `
CREATE TABLE rules (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT REFERENCES subscriptions(id) ON DELETE CASCADE,
  -- JSON array of 'title', 'content', 'author', 'link', 'tags'.
  fields TEXT NOT NULL,
  match TEXT NOT NULL CHECK (match IN ('any_words', 'all_words', 'pattern')),
  -- JSON array of words or phrases (any_words, all_words), or null.
  words TEXT,
  pattern TEXT,
  action TEXT NOT NULL CHECK (action IN ('mark_read', 'save', 'tag', 'hide')),
  tag TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX rules_user ON rules(user_id, created_at);

CREATE TABLE hidden_items (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  subscription_id TEXT REFERENCES subscriptions(id) ON DELETE CASCADE,
  rule_id TEXT REFERENCES rules(id) ON DELETE SET NULL,
  item_type TEXT NOT NULL,
  published_ms INTEGER NOT NULL,
  item_rowid INTEGER,
  -- The entry's read state, given back if the person shows the item again.
  is_read INTEGER NOT NULL DEFAULT 0,
  hidden_at TEXT NOT NULL,
  PRIMARY KEY (user_id, item_id)
) WITHOUT ROWID;
CREATE INDEX hidden_items_search ON hidden_items(user_id, item_rowid);
CREATE INDEX hidden_items_item ON hidden_items(item_id);
CREATE INDEX hidden_items_rule ON hidden_items(rule_id);
`;
