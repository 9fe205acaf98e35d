import type { FeedSearchResult } from '@/lib/contract/search';
import type { z } from 'zod';
import type { User } from '../accounts';
import { historyCapOf } from '../feeds/subscribe-user';
import { toSubscription } from '../subscriptions/subscription-view';
import type { Store } from '../../store/store';
import type { FeedSearch } from '../../store/subscriptions';
import { offsetPagination } from './paging';

/**
 * GET /v1/search/feeds: the user's subscriptions whose title, website or URL (a newsletter's
 * address) contains the text, names starting with it first, then A to Z.
 */
export async function searchFeeds(store: Store, user: User, query: FeedSearch): Promise<z.infer<typeof FeedSearchResult>> {
  const { rows, total } = await store.subscriptions.search(user.id, query, historyCapOf(user.plan));
  const data = rows.map((row) => {
    const subscription = toSubscription(row);
    return {
      id: subscription.id, source_type: subscription.source_type, title: subscription.title, website: subscription.website,
      is_active: subscription.is_active, is_pinned: subscription.is_pinned, newsletter_address: subscription.newsletter_address,
      unread_count: subscription.unread_count, podcast_id: subscription.podcast_id, artist: subscription.artist,
    };
  });
  return { data, pagination: offsetPagination(total, query.limit, query.offset, data.length) };
}
