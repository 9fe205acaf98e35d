import { randomUUID } from 'node:crypto';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { listedIn, listingOfFeed } from './feed-listing';

/** Days of history the free plan lists from before a subscription was made (DESIGN.md: history_capped). */
export const freeHistoryDays = 90;

/**
 * Subscribes a user to a stored feed and gives them entries for the items its latest fetch listed
 * (not every item ever stored for it); returns the subscription id.
 */
export function subscribeUserToFeed(db: Db, user: User, feedId: string, options: { folderId?: string | null; now?: Date } = {}): string {
  const now = options.now ?? new Date();
  const id = randomUUID();
  db.transaction(() => {
    db.prepare(`INSERT INTO subscriptions (id, user_id, feed_id, folder_id, is_pinned, is_active, created_at)
      VALUES (?, ?, ?, ?, 0, 1, ?)`).run(id, user.id, feedId, options.folderId ?? null, now.toISOString());
    const since = user.plan === 'free' ? now.getTime() - freeHistoryDays * 86_400_000 : Number.MIN_SAFE_INTEGER;
    // Items the user already holds (saved before unsubscribing) are claimed by the new subscription.
    db.prepare(`UPDATE entries SET subscription_id = ? WHERE user_id = ? AND item_id IN (SELECT id FROM items WHERE feed_id = ?)`)
      .run(id, user.id, feedId);
    db.prepare(`INSERT OR IGNORE INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
      SELECT @user, i.id, @subscription, i.item_type, i.published_ms, i.rowid FROM items i
      WHERE i.feed_id = @feed AND i.published_ms >= @since AND ${listedIn}`)
      .run({ user: user.id, subscription: id, feed: feedId, since, listing: listingOfFeed(db, feedId) });
  })();
  return id;
}
