import type { ListSubscriptionsQuery } from '@/lib/contract/subscriptions';
import type { Pagination } from '@/lib/contract/common';
import type { SubscriptionListEntry } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { historyCapOf } from '../feeds/subscribe-user';
import { decodeCursor, encodeCursor, listOf } from '../items/cursor';
import type { Store } from '../../store/store';
import type { SubscriptionScope } from '../../store/subscriptions';
import { toSubscription } from './subscription-view';

/** GET /v1/subscriptions: by folder (or unfiled, or all), alphabetical with offset or most recent with a cursor. */
export async function listSubscriptions(store: Store, user: User, query: ListSubscriptionsQuery): Promise<{ data: SubscriptionListEntry[]; pagination: Pagination }> {
  const scope: SubscriptionScope = { folder: query.all ? 'all' : query.folder_id ?? null, source_type: query.source_type };
  const cap = historyCapOf(user.plan);

  if (query.order_by === 'recent') {
    // folder_id is ignored with all=true (SPEC.md), so it does not make another list then.
    const list = listOf('subscriptions', { ...query, folder_id: query.all ? undefined : query.folder_id });
    const cursor = query.cursor ? decodeCursor(query.cursor, list) : null;
    const { rows, total } = await store.subscriptions.listRecent(user.id, scope,
      { limit: query.limit + 1, after: cursor ? { latest: cursor.k as number, id: cursor.i } : null }, cap);
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

  const { rows, total } = await store.subscriptions.listByName(user.id, scope, { limit: query.limit, offset: query.offset }, cap);
  return {
    data: rows.map(toSubscription),
    pagination: { total, limit: query.limit, offset: query.offset, has_more: query.offset + rows.length < total, next_cursor: null },
  };
}
