import type { Pool } from 'pg';
import type { FeedIconStore, IconDue } from '../feed-icons';
import { retried } from './unit-of-work';

/** The feed icon store on PostgreSQL. */
export function postgresFeedIconStore(pool: Pool): FeedIconStore {
  return {
    due: (staleBefore, limit) => retried(async () => (await pool.query<IconDue>(`SELECT f.id, f.url, f.website
      FROM feeds f LEFT JOIN feed_icons i ON i.feed_id = f.id
      WHERE f.source_type != 'newsletter' AND f.url IS NOT NULL AND (i.feed_id IS NULL OR i.fetched_at < $1)
      ORDER BY i.fetched_at IS NOT NULL, i.fetched_at COLLATE "C" LIMIT $2`, [staleBefore, limit])).rows),
    // None found (data NULL) keeps what an earlier look found, and only moves the time.
    save: (feedId, icon, at) => retried(async () => ((await pool.query(`INSERT INTO feed_icons AS kept (feed_id, content_type, data, source_url, fetched_at)
      SELECT id, $2, $3::bytea, $4, $5 FROM feeds WHERE id = $1
      ON CONFLICT (feed_id) DO UPDATE SET fetched_at = excluded.fetched_at,
        content_type = CASE WHEN excluded.data IS NULL AND kept.data IS NOT NULL THEN kept.content_type ELSE excluded.content_type END,
        source_url = CASE WHEN excluded.data IS NULL AND kept.data IS NOT NULL THEN kept.source_url ELSE excluded.source_url END,
        data = COALESCE(excluded.data, kept.data)`, [feedId, icon?.contentType ?? null, icon?.data ?? null, icon?.url ?? null, at])).rowCount ?? 0) > 0),
    icon: (id) => retried(async () => {
      const { rows: [row] } = await pool.query<{ content_type: string; data: Buffer }>(`SELECT content_type, data FROM feed_icons
        WHERE feed_id = COALESCE((SELECT feed_id FROM subscriptions WHERE id = $1), $1) AND data IS NOT NULL`, [id]);
      return row ? { contentType: row.content_type, data: row.data } : null;
    }),
  };
}
