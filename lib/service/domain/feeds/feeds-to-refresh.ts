import type { Db } from '../../store/database';

/** A feed the operator's refresh command will fetch, with what to call it in its report. */
export type FeedToRefresh = { id: string; title: string; url: string };

/**
 * Feeds to refresh now: those followed by an active subscription (of `userId` when given),
 * not newsletters nor demo sources (made-up addresses), and unless `all`, only those due at `at` and not given up on (dead).
 */
export function feedsToRefresh(db: Db, options: { userId?: string; all: boolean; at: Date }): FeedToRefresh[] {
  return db.prepare(`SELECT f.id, f.title, f.url FROM feeds f WHERE f.url IS NOT NULL AND f.source_type != 'newsletter' AND f.is_demo = 0
      AND (@all = 1 OR (f.status != 'dead' AND (f.next_fetch_at IS NULL OR f.next_fetch_at <= @at)))
      AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id AND s.is_active = 1 AND (@user IS NULL OR s.user_id = @user))
    ORDER BY f.title COLLATE NOCASE, f.url`).all({ all: options.all ? 1 : 0, at: options.at.toISOString(), user: options.userId ?? null }) as FeedToRefresh[];
}
