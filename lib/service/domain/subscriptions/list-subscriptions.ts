import type { ListSubscriptionsQuery } from '@/lib/contract/subscriptions';
import type { Pagination } from '@/lib/contract/common';
import type { SubscriptionListEntry } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { decodeCursor, encodeCursor, listOf } from '../items/cursor';
import type { Db } from '../../store/database';
import { subscriptionColumns, toSubscription, type SubscriptionRow } from './subscription-view';

const latestItem = '(SELECT COALESCE(MAX(i.published_ms), 0) FROM items i WHERE i.feed_id = s.feed_id)';

/** GET /v1/subscriptions: by folder (or unfiled, or all), alphabetical with offset or most recent with a cursor. */
export function listSubscriptions(db: Db, user: User, query: ListSubscriptionsQuery): { data: SubscriptionListEntry[]; pagination: Pagination } {
  const where = ['s.user_id = @user'];
  const params: Record<string, unknown> = { user: user.id, free: user.plan === 'free' ? 1 : 0 };
  if (!query.all) {
    if (query.folder_id) { where.push('s.folder_id = @folder'); params.folder = query.folder_id; } else where.push('s.folder_id IS NULL');
  }
  if (query.source_type) { where.push('f.source_type = @sourceType'); params.sourceType = query.source_type; }
  const from = 'FROM subscriptions s JOIN feeds f ON f.id = s.feed_id';
  const total = db.prepare(`SELECT COUNT(*) ${from} WHERE ${where.join(' AND ')}`).pluck().get(params) as number;

  if (query.order_by === 'recent') {
    // folder_id is ignored with all=true (SPEC.md), so it does not make another list then.
    const list = listOf('subscriptions', { ...query, folder_id: query.all ? undefined : query.folder_id });
    const cursor = query.cursor ? decodeCursor(query.cursor, list) : null;
    if (cursor) { where.push(`(${latestItem}, s.id) < (@cursorKey, @cursorId)`); params.cursorKey = cursor.k; params.cursorId = cursor.i; }
    const rows = db.prepare(`SELECT ${subscriptionColumns}, ${latestItem} AS latest ${from} WHERE ${where.join(' AND ')}
      ORDER BY latest DESC, s.id DESC LIMIT @limit`).all({ ...params, limit: query.limit + 1 }) as (SubscriptionRow & { latest: number })[];
    const page = rows.slice(0, query.limit);
    const offset = cursor?.o ?? 0;
    const last = page[page.length - 1];
    const hasMore = rows.length > query.limit;
    return {
      data: page.map(toSubscription),
      pagination: {
        total, limit: query.limit, offset, has_more: hasMore,
        next_cursor: hasMore && last ? encodeCursor({ k: last.latest, i: last.id, o: offset + page.length, p: 'own', l: list }) : null,
      },
    };
  }

  const rows = db.prepare(`SELECT ${subscriptionColumns} ${from} WHERE ${where.join(' AND ')}
    ORDER BY lower(COALESCE(s.title, f.title)), s.id LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: query.limit, offset: query.offset }) as SubscriptionRow[];
  return {
    data: rows.map(toSubscription),
    pagination: { total, limit: query.limit, offset: query.offset, has_more: query.offset + rows.length < total, next_cursor: null },
  };
}
