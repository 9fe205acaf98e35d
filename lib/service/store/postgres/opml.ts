import type { Pool } from 'pg';
import type { ExportedFeed, OpmlStore } from '../opml';
import { orderWithoutCase } from './name-order';
import type { ImportOutcome } from '../subscriptions';
import { createFeed, findFeed, named, subscribeInside } from './subscribing';
import { inTransaction, isUniqueViolation, retried } from './unit-of-work';

/** The OPML store on PostgreSQL. */
export function postgresOpmlStore(pool: Pool): OpmlStore {
  return {
    exportedFeeds: (userId) => retried(async () => (await pool.query<ExportedFeed>(`SELECT COALESCE(s.title, f.title) AS title, f.url, f.website,
        fo.name AS folder
      FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
      WHERE s.user_id = $1 AND f.source_type != 'newsletter' AND f.url IS NOT NULL
      ORDER BY fo.name IS NOT NULL, ${orderWithoutCase('fo.name')}, ${orderWithoutCase('COALESCE(s.title, f.title)')}, s.id COLLATE "C"`, [userId])).rows),
    importFeeds: (userId, feeds, rules) => inTransaction(pool, async (db) => {
      await named(db, 'SELECT 1 FROM users WHERE id = @user FOR UPDATE', { user: userId });
      const created: { id: string; url: string }[] = [];
      const outcomes: ImportOutcome[] = [];
      for (const feed of feeds) {
        await db.query('SAVEPOINT imported_feed');
        try {
          let feedId = await findFeed(db, feed.url);
          const isNew = !feedId;
          if (!feedId) {
            feedId = await createFeed(db, { url: feed.url, source_type: 'feed', title: feed.title }, rules.now);
            // Not fetched yet: no last try to show, and the scheduler leaves it to the import's fetch for a while.
            await named(db, 'UPDATE feeds SET last_fetched_at = NULL, next_fetch_at = @until WHERE id = @id', { until: rules.holdUntil.toISOString(), id: feedId });
          }
          const outcome = await subscribeInside(db, userId, feedId, { ...rules, folderId: feed.folderId }, false);
          if (outcome === 'feed_limit') {
            await db.query('ROLLBACK TO SAVEPOINT imported_feed');
            outcomes.push('feed_limit');
            continue;
          }
          if (outcome.created && !isNew && feed.outlineTitle) {
            await named(db, `UPDATE subscriptions SET title = @title WHERE id = @id
              AND (SELECT f.title FROM feeds f WHERE f.id = subscriptions.feed_id) IS DISTINCT FROM @title`, { id: outcome.subscription_id, title: feed.outlineTitle });
          }
          await db.query('RELEASE SAVEPOINT imported_feed');
          if (isNew) created.push({ id: feedId, url: feed.url });
          outcomes.push(outcome.created ? 'imported' : 'already_subscribed');
        } catch (error) {
          const code = (error as { code?: string }).code;
          // A lost race is the whole unit's to run again.
          if (code === '40001' || code === '40P01') throw error;
          await db.query('ROLLBACK TO SAVEPOINT imported_feed');
          console.error('[tidings opml import]', feed.url, error);
          outcomes.push('failed');
        }
      }
      return { outcomes, created };
    }),
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
