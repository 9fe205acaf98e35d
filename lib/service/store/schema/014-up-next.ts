/**
 * Up Next and demo sources. `up_next` keeps a person's own arrangement of their queue of
 * unplayed episodes: a position once they reorder it (episodes without one, new arrivals
 * above all, come first, newest first) and whether they took an episode off it. Demo
 * sources (`npm run seed:demo`) are marked so the scheduler never fetches them: their
 * addresses are made up, so every fetch failed and showed them "Failing". Sources seeded
 * before this mark are recognised by their items' demo guids and made healthy again.
 */
export const upNextSchema = /* sql */ `
CREATE TABLE up_next (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  position INTEGER,
  removed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, item_id)
) WITHOUT ROWID;

ALTER TABLE feeds ADD COLUMN is_demo INTEGER NOT NULL DEFAULT 0;
UPDATE feeds SET is_demo = 1, status = 'healthy', last_error = NULL, failure_count = 0, next_fetch_at = NULL
  WHERE id IN (SELECT feed_id FROM items WHERE guid LIKE 'tidings-demo:%');
`;
