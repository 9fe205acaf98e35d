/** Users, credentials, feeds, subscriptions, items, per-user entries, tags and search. */
export const coreSchema = /* sql */ `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'plus')),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'banned', 'locked')),
  is_owner INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE credentials (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('api_key', 'app_token')),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX credentials_user ON credentials(user_id, kind);

-- A feed is shared by every subscriber; its items are the global corpus.
CREATE TABLE feeds (
  id TEXT PRIMARY KEY,
  url TEXT UNIQUE,
  source_type TEXT NOT NULL CHECK (source_type IN ('feed', 'newsletter', 'podcast')),
  title TEXT NOT NULL,
  website TEXT,
  description TEXT,
  language TEXT,
  artwork_url TEXT,
  artist TEXT,
  podcast_summary TEXT,
  explicit INTEGER,
  newsletter_address TEXT UNIQUE,
  status TEXT NOT NULL DEFAULT 'healthy' CHECK (status IN ('healthy', 'failing', 'dead')),
  last_error TEXT,
  etag TEXT,
  last_modified TEXT,
  ttl_minutes INTEGER,
  failure_count INTEGER NOT NULL DEFAULT 0,
  last_fetched_at TEXT,
  next_fetch_at TEXT,
  last_update TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX feeds_next_fetch ON feeds(next_fetch_at);

CREATE TABLE folders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  is_pinned INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, name)
);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  feed_id TEXT NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
  folder_id TEXT REFERENCES folders(id) ON DELETE SET NULL,
  title TEXT,
  is_pinned INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  playback_speed REAL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, feed_id)
);
CREATE INDEX subscriptions_feed ON subscriptions(feed_id);
CREATE INDEX subscriptions_folder ON subscriptions(user_id, folder_id);

CREATE TABLE items (
  id TEXT NOT NULL UNIQUE,
  feed_id TEXT NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
  guid TEXT,
  url TEXT,
  content_hash TEXT,
  title TEXT NOT NULL DEFAULT '',
  summary TEXT,
  content TEXT,
  author TEXT,
  item_type TEXT NOT NULL DEFAULT 'article' CHECK (item_type IN ('article', 'episode')),
  media_url TEXT,
  published_at TEXT,
  published_ms INTEGER NOT NULL,
  audio_url TEXT,
  duration_seconds INTEGER,
  episode_number INTEGER,
  episode_type TEXT,
  artwork_url TEXT,
  explicit INTEGER,
  description TEXT,
  platform_metadata TEXT NOT NULL DEFAULT '{}',
  reading_time INTEGER,
  ai_summary TEXT,
  full_content TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX items_feed_guid ON items(feed_id, guid) WHERE guid IS NOT NULL;
CREATE INDEX items_feed_url ON items(feed_id, url);
CREATE INDEX items_feed_hash ON items(feed_id, content_hash);
CREATE INDEX items_feed_published ON items(feed_id, published_ms);

-- One row per (user, item): the user's state of it. Made when the user subscribes
-- and when new items arrive, so lists and counts read one table.
CREATE TABLE entries (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  subscription_id TEXT REFERENCES subscriptions(id) ON DELETE SET NULL,
  item_type TEXT NOT NULL,
  published_ms INTEGER NOT NULL,
  is_read INTEGER NOT NULL DEFAULT 0,
  is_saved INTEGER NOT NULL DEFAULT 0,
  saved_at TEXT,
  notes TEXT,
  prefers_full_content INTEGER NOT NULL DEFAULT 0,
  playback_position INTEGER,
  last_played_ms INTEGER,
  playback_client_ms INTEGER,
  playback_completed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, item_id)
) WITHOUT ROWID;
CREATE INDEX entries_newest ON entries(user_id, published_ms, item_id);
CREATE INDEX entries_read ON entries(user_id, is_read, published_ms, item_id);
CREATE INDEX entries_saved ON entries(user_id, published_ms, item_id) WHERE is_saved = 1;
CREATE INDEX entries_subscription ON entries(user_id, subscription_id, is_read, published_ms);
CREATE INDEX entries_type ON entries(user_id, item_type, published_ms, item_id);
CREATE INDEX entries_played ON entries(user_id, last_played_ms, item_id) WHERE last_played_ms IS NOT NULL;
CREATE INDEX entries_item ON entries(item_id);

CREATE TABLE tags (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, name)
);
CREATE TABLE item_tags (
  tag_id TEXT NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  PRIMARY KEY (tag_id, item_id)
) WITHOUT ROWID;
CREATE INDEX item_tags_item ON item_tags(user_id, item_id);

-- Plain text of each item, written by the code that stores items (HTML stripped there).
CREATE VIRTUAL TABLE items_fts USING fts5(
  title, summary, body,
  content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2'
);
`;
