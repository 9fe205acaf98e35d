import type { Pool } from 'pg';
import type { ExportedFeed, OpmlStore } from '../opml';
import { orderWithoutCase } from './name-order';
import { isUniqueViolation, retried } from './unit-of-work';

/** The OPML store on PostgreSQL. */
export function postgresOpmlStore(pool: Pool): OpmlStore {
  return {
    exportedFeeds: (userId) => retried(async () => (await pool.query<ExportedFeed>(`SELECT COALESCE(s.title, f.title) AS title, f.url, f.website,
        fo.name AS folder
      FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
      WHERE s.user_id = $1 AND f.source_type != 'newsletter' AND f.url IS NOT NULL
      ORDER BY fo.name IS NOT NULL, ${orderWithoutCase('fo.name')}, ${orderWithoutCase('COALESCE(s.title, f.title)')}, s.id COLLATE "C"`, [userId])).rows),
    holdUnfetched: async (feedIds, until) => {
      await retried(() => pool.query('UPDATE feeds SET last_fetched_at = NULL, next_fetch_at = $1 WHERE id = ANY($2::text[])',
        [until.toISOString(), feedIds]));
    },
    hasFeed: (url) => retried(async () => (await pool.query('SELECT 1 FROM feeds WHERE url = $1', [url])).rows.length > 0),
    moveFeed: async (feedId, url) => {
      try {
        const moved = await retried(() => pool.query('UPDATE feeds SET url = $1 WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM feeds WHERE url = $1)',
          [url, feedId]));
        return moved.rowCount === 1;
      } catch (error) {
        // Another feed took the URL between our check and our change: the feed stays where it was.
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
