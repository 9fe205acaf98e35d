import { preparedOnce, type Db } from '../database';
import type { FeedIconStore, IconDue } from '../feed-icons';

const statements = preparedOnce((db: Db) => ({
  due: db.prepare(`SELECT f.id, f.url, f.website FROM feeds f LEFT JOIN feed_icons i ON i.feed_id = f.id
    WHERE f.source_type != 'newsletter' AND f.url IS NOT NULL AND (i.feed_id IS NULL OR i.fetched_at < ?)
    ORDER BY i.fetched_at IS NOT NULL, i.fetched_at LIMIT ?`),
  // None found (data NULL) keeps what an earlier look found, and only moves the time.
  save: db.prepare(`INSERT INTO feed_icons (feed_id, content_type, data, source_url, fetched_at)
    SELECT id, @type, @data, @source, @at FROM feeds WHERE id = @feed
    ON CONFLICT (feed_id) DO UPDATE SET fetched_at = excluded.fetched_at,
      content_type = CASE WHEN excluded.data IS NULL AND data IS NOT NULL THEN content_type ELSE excluded.content_type END,
      source_url = CASE WHEN excluded.data IS NULL AND data IS NOT NULL THEN source_url ELSE excluded.source_url END,
      data = COALESCE(excluded.data, data)`),
  icon: db.prepare(`SELECT content_type, data FROM feed_icons
    WHERE feed_id = COALESCE((SELECT feed_id FROM subscriptions WHERE id = @id), @id) AND data IS NOT NULL`),
}));

/** The feed icon store on SQLite. */
export function sqliteFeedIconStore(db: Db): FeedIconStore {
  const s = statements(db);
  return {
    due: async (staleBefore, limit) => s.due.all(staleBefore, limit) as IconDue[],
    save: async (feedId, icon, at) => s.save.run({ feed: feedId, type: icon?.contentType ?? null, data: icon?.data ?? null, source: icon?.url ?? null, at }).changes > 0,
    icon: async (id) => {
      const row = s.icon.get({ id }) as { content_type: string; data: Buffer } | undefined;
      return row ? { contentType: row.content_type, data: row.data } : null;
    },
  };
}
