import type { SourceType } from '@/lib/contract/common';
import type { FeedSearchResult } from '@/lib/contract/search';
import type { z } from 'zod';
import type { User } from '../accounts';
import { historyCapOf } from '../feeds/subscribe-user';
import { toSubscription } from '../subscriptions/subscription-view';
import { storedSubscription, subscriptionColumns, type SubscriptionRow } from '../../store/sqlite/subscriptions';
import type { Db } from '../../store/database';
import { needle, textMatch } from '../../store/sqlite/text-match';
import { offsetPagination } from './paging';

type FeedSearch = { q: string; limit: number; offset: number; source_type?: SourceType };

/**
 * GET /v1/search/feeds: the user's subscriptions whose title, website or URL (a newsletter's
 * address) contains the text, names starting with it first, then A to Z.
 */
export function searchFeeds(db: Db, user: User, query: FeedSearch): z.infer<typeof FeedSearchResult> {
  const title = 'COALESCE(s.title, f.title)';
  const match = textMatch(db, [title, 'f.website', 'f.url', 'f.newsletter_address'], title);
  const typeFilter = query.source_type ? 'AND f.source_type = @type' : '';
  const where = `s.user_id = @user AND ${match.where} ${typeFilter}`;
  const params = { user: user.id, needle: needle(query.q), type: query.source_type ?? null };

  const total = db.prepare(`SELECT COUNT(*) FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE ${where}`)
    .pluck().get(params) as number;
  const rows = db.prepare(`SELECT ${subscriptionColumns} FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE ${where} ORDER BY ${match.rank}, ${title} COLLATE NOCASE, s.id LIMIT @limit OFFSET @offset`)
      .all({ ...params, cap: historyCapOf(user.plan), limit: query.limit, offset: query.offset }) as SubscriptionRow[];

  const data = rows.map((row) => {
    const subscription = toSubscription(storedSubscription(row));
    return {
      id: subscription.id, source_type: subscription.source_type, title: subscription.title, website: subscription.website,
      is_active: subscription.is_active, is_pinned: subscription.is_pinned, newsletter_address: subscription.newsletter_address,
      unread_count: subscription.unread_count, podcast_id: subscription.podcast_id, artist: subscription.artist,
    };
  });
  return { data, pagination: offsetPagination(total, query.limit, query.offset, data.length) };
}
