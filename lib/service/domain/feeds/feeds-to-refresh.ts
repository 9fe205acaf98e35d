import type { FeedToRefresh } from '../../store/feeds';
import type { Store } from '../../store/store';

export type { FeedToRefresh };

/**
 * Feeds to refresh now: those followed by an active subscription (of `userId` when given),
 * not newsletters nor demo sources (made-up addresses), and unless `all`, only those due at `at` and not given up on (dead).
 */
export function feedsToRefresh(store: Store, options: { userId?: string; all: boolean; at: Date }): Promise<FeedToRefresh[]> {
  return store.feeds.toRefresh(options);
}
