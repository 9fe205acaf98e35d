/**
 * What the gpodder API keeps beyond /v1's state: the devices a podcast app names, episode
 * actions that have no place in an entry (downloads, deletions, plays of episodes Tidings does
 * not have), and when each subscription went, so that `subscriptions?since=` can list removals
 * however they happened (a trigger records every unsubscribe, from /v1 or gpodder alike).
 */
export const gpodderSchema = /* sql */ `
CREATE TABLE gpodder_devices (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  caption TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL DEFAULT 'other',
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, device_id)
) WITHOUT ROWID;

CREATE TABLE gpodder_episode_actions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  podcast TEXT NOT NULL,
  episode TEXT NOT NULL,
  device TEXT,
  action TEXT NOT NULL,
  timestamp TEXT,
  started INTEGER,
  position INTEGER,
  total INTEGER,
  received_ms INTEGER NOT NULL
);
CREATE INDEX gpodder_episode_actions_user ON gpodder_episode_actions(user_id, received_ms);

-- No foreign key: a user's deletion cascades to subscriptions, whose trigger must not then fail.
CREATE TABLE subscription_removals (
  user_id TEXT NOT NULL,
  url TEXT NOT NULL,
  removed_ms INTEGER NOT NULL
);
CREATE INDEX subscription_removals_user ON subscription_removals(user_id, removed_ms);

CREATE TRIGGER subscription_removed AFTER DELETE ON subscriptions
BEGIN
  INSERT INTO subscription_removals (user_id, url, removed_ms)
    SELECT old.user_id, f.url, CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM feeds f WHERE f.id = old.feed_id AND f.url IS NOT NULL
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = old.user_id);
END;
`;
