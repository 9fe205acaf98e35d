import { preparedOnce, type Db } from '../database';
import type { ExportedFeed, OpmlStore } from '../opml';
import type { ImportOutcome } from '../subscriptions';
import { createFeed, findFeedByUrl, subscribeNow } from './subscribing';

const statements = preparedOnce((db: Db) => ({
  exported: db.prepare(`SELECT COALESCE(s.title, f.title) AS title, f.url, f.website, fo.name AS folder
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? AND f.source_type != 'newsletter' AND f.url IS NOT NULL
    ORDER BY fo.name IS NOT NULL, fo.name COLLATE NOCASE, title COLLATE NOCASE, s.id`),
  hold: db.prepare('UPDATE feeds SET last_fetched_at = NULL, next_fetch_at = ? WHERE id = ?'),
  outlineTitle: db.prepare(`UPDATE subscriptions SET title = @title WHERE id = @id
    AND (SELECT f.title FROM feeds f WHERE f.id = subscriptions.feed_id) IS NOT @title`),
  feedByUrl: db.prepare('SELECT id FROM feeds WHERE url = ?').pluck(),
  move: db.prepare('UPDATE feeds SET url = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM feeds WHERE url = ?)'),
}));

/** The OPML store on SQLite. */
export function sqliteOpmlStore(db: Db): OpmlStore {
  // One transaction for all the subscriptions (a commit per feed made a big import slow), each feed in a savepoint of its own.
  const importFeeds = db.transaction((userId: string, feeds: Parameters<OpmlStore['importFeeds']>[1], rules: Parameters<OpmlStore['importFeeds']>[2]) => {
    const created: { id: string; url: string }[] = [];
    const outcomes = feeds.map((feed): ImportOutcome => {
      try {
        return db.transaction((): ImportOutcome => {
          let feedId = findFeedByUrl(db, feed.url);
          const isNew = !feedId;
          if (!feedId) {
            feedId = createFeed(db, { url: feed.url, source_type: 'feed', title: feed.title }, rules.now);
            // Not fetched yet: no last try to show, and the scheduler leaves it to the import's fetch for a while.
            statements(db).hold.run(rules.holdUntil.toISOString(), feedId);
          }
          const outcome = subscribeNow(db, userId, feedId, { ...rules, folderId: feed.folderId });
          if (outcome === 'feed_limit') throw new FeedLimit();
          if (isNew) created.push({ id: feedId, url: feed.url });
          if (!outcome.created) return 'already_subscribed';
          if (!isNew && feed.outlineTitle) statements(db).outlineTitle.run({ id: outcome.subscription_id, title: feed.outlineTitle });
          return 'imported';
        })();
      } catch (error) {
        if (error instanceof FeedLimit) return 'feed_limit';
        console.error('[tidings opml import]', feed.url, error);
        return 'failed';
      }
    });
    return { outcomes, created };
  });
  return {
    exportedFeeds: async (userId) => statements(db).exported.all(userId) as ExportedFeed[],
    importFeeds: async (userId, feeds, rules) => importFeeds(userId, feeds, rules),
    hasFeed: async (url) => statements(db).feedByUrl.get(url) !== undefined,
    moveFeed: async (feedId, url) => statements(db).move.run(url, feedId, url).changes === 1,
  };
}

/** Rolls back the savepoint of a feed the plan has no room for. */
class FeedLimit extends Error {}
