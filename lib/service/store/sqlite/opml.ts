import { preparedOnce, type Db } from '../database';
import type { ExportedFeed, OpmlStore } from '../opml';

const statements = preparedOnce((db: Db) => ({
  exported: db.prepare(`SELECT COALESCE(s.title, f.title) AS title, f.url, f.website, fo.name AS folder
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? AND f.source_type != 'newsletter' AND f.url IS NOT NULL
    ORDER BY fo.name IS NOT NULL, fo.name COLLATE NOCASE, title COLLATE NOCASE, s.id`),
  hold: db.prepare('UPDATE feeds SET last_fetched_at = NULL, next_fetch_at = ? WHERE id = ?'),
  feedByUrl: db.prepare('SELECT id FROM feeds WHERE url = ?').pluck(),
  move: db.prepare('UPDATE feeds SET url = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM feeds WHERE url = ?)'),
}));

/** The OPML store on SQLite. */
export function sqliteOpmlStore(db: Db): OpmlStore {
  const hold = db.transaction((feedIds: string[], until: Date) => {
    for (const id of feedIds) statements(db).hold.run(until.toISOString(), id);
  });
  return {
    exportedFeeds: async (userId) => statements(db).exported.all(userId) as ExportedFeed[],
    holdUnfetched: async (feedIds, until) => hold(feedIds, until),
    hasFeed: async (url) => statements(db).feedByUrl.get(url) !== undefined,
    moveFeed: async (feedId, url) => statements(db).move.run(url, feedId, url).changes === 1,
  };
}
