import type { ItemList, ListItemsQuery } from '@/lib/contract/items';
import type { User } from '../accounts';
import { featureMissingMessage, planHas } from '../plans';
import { allRows, preparedStatement, type Db } from '../../store/database';
import { decodeCursor, encodeCursor, listOf, type Cursor } from './cursor';
import { countMatching, countsCover } from './item-counts';
import { applyItemFilter, endOfDayMs, EntryConditions, startOfDayMs, type ItemFilter } from './item-filter';
import { itemColumns, itemJoins, toItem, type ItemRow } from './item-view';
import { ftsQuery } from './search-text';
import { invalidFields, planLimit } from '../errors';

type Order = { key: string; direction: 'DESC' | 'ASC' };

function orderOf(query: ListItemsQuery): Order {
  // SPEC.md: ordering applies to episode lists only; article and mixed lists are newest first.
  if (query.item_type !== 'episode' || query.order_by === 'newest') return { key: 'e.published_ms', direction: 'DESC' };
  if (query.order_by === 'oldest') return { key: 'e.published_ms', direction: 'ASC' };
  return { key: 'COALESCE(e.last_played_ms, 0)', direction: 'DESC' };
}

/** GET /v1/items: the user's items with filters, search and stable cursor paging; global matches last. */
export function listItems(db: Db, user: User, query: ListItemsQuery): ItemList {
  if (query.include_global && !query.q) throw invalidFields(['include_global requires q.']);
  if (query.include_global && !planHas(user.plan, 'include_global')) throw planLimit(featureMissingMessage(user.plan, 'include_global'));
  const match = query.q ? ftsQuery(query.q, query.include_body ? undefined : ['title', 'summary']) : null;
  const list = listOf('items', query);
  const cursor = query.cursor ? decodeCursor(query.cursor, list) : null;
  const order = orderOf(query);

  const filter: ItemFilter = {
    subscription_ids: query.subscription_ids, folder_ids: query.folder_ids, tag_ids: query.tag_ids,
    is_read: query.is_read === undefined ? undefined : query.is_read === 'read',
    is_saved: query.is_saved, item_type: query.item_type, in_progress: query.in_progress,
    from_ms: query.from_date ? startOfDayMs(query.from_date) : undefined,
    until_ms: query.to_date ? endOfDayMs(query.to_date) : undefined,
  };
  const where = applyItemFilter(db, user.id, filter, new EntryConditions(user.id));
  // Counting ~100k entries took most of a first page's time; the counters answer the common filters.
  const ownTotal = query.q ? null : countsCover(filter) ? countMatching(db, where) : null;
  // A search reaches the user's entries from the matches through entries_search (item_rowid),
  // never reading an item row it will not show.
  const matchesFrom = 'FROM items_fts CROSS JOIN entries e ON e.user_id = @user AND e.item_rowid = items_fts.rowid';
  if (match) where.add('items_fts MATCH @match', { match });
  if (query.q && !match) where.add('0');

  const countFrom = match ? matchesFrom : 'FROM entries e';
  const global = query.include_global && match ? globalScope(user.id, match, query) : null;
  const total = (ownTotal ?? preparedStatement(db, `SELECT COUNT(*) ${countFrom} WHERE ${where.sql()}`).pluck().get(where.params) as number)
    + (global ? countGlobal(db, global) : 0);

  let rows: ItemRow[] = [];
  if (!cursor || cursor.p === 'own') {
    const page = where.clone();
    if (cursor) page.add(`(${order.key}, e.item_id) ${order.direction === 'DESC' ? '<' : '>'} (@cursorKey, @cursorId)`, { cursorKey: cursor.k, cursorId: cursor.i });
    const sql = match
      // Sort the matches on narrow keys first, then read the rows of one page.
      ? `WITH hits AS (SELECT e.item_id, ${order.key} AS sort_key ${matchesFrom} WHERE ${page.sql()}
          ORDER BY sort_key ${order.direction}, e.item_id ${order.direction} LIMIT @limit)
        SELECT ${itemColumns}, hits.sort_key FROM hits CROSS JOIN entries e ON e.user_id = @user AND e.item_id = hits.item_id
          CROSS JOIN items i ON i.id = e.item_id ${itemJoins} ORDER BY hits.sort_key ${order.direction}, hits.item_id ${order.direction}`
      : `SELECT ${itemColumns}, ${order.key} AS sort_key FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins} WHERE ${page.sql()}
          ORDER BY ${order.key} ${order.direction}, e.item_id ${order.direction} LIMIT @limit`;
    rows = allRows<ItemRow>(preparedStatement(db, sql), { ...page.params, limit: query.limit + 1 });
  }
  const offset = cursor?.o ?? 0;
  let phase: Cursor['p'] = cursor?.p ?? 'own';
  if (global && rows.length <= query.limit) {
    const globalCursor = phase === 'global' ? cursor : null;
    const room = query.limit + 1 - rows.length;
    rows = rows.concat(listGlobal(db, global, globalCursor, room));
    if (rows.length && (rows[rows.length - 1] as ItemRow).is_global) phase = 'global';
  }

  const hasMore = rows.length > query.limit;
  const data = rows.slice(0, query.limit);
  const last = data[data.length - 1] as (ItemRow & { sort_key: number }) | undefined;
  const lastPhase = last?.is_global ? 'global' : phase === 'global' && !last ? 'global' : 'own';
  return {
    data: data.map(toItem),
    pagination: {
      total,
      limit: query.limit,
      offset,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor({ k: last.sort_key, i: last.id, o: offset + data.length, p: lastPhase, l: list }) : null,
    },
  };
}

/** Which global matches a list takes: the search, and the filters that apply to any item. */
type GlobalScope = { sql: string; params: Record<string, unknown> };

/**
 * Global corpus matches for a list, or null when the list is narrowed to the user's own things
 * (their subscriptions, folders, tags, or read, saved or started items), which no global item is.
 */
function globalScope(userId: string, match: string, query: ListItemsQuery): GlobalScope | null {
  const ownOnly = query.subscription_ids?.length || query.folder_ids?.length || query.tag_ids?.length
    || query.is_read === 'read' || query.is_saved === true || query.in_progress === true;
  if (ownOnly) return null;
  const clauses = ['items_fts MATCH @match',
    // Items of feeds the user follows are theirs, even ones they hold no entry for (a paused subscription).
    'i.feed_id NOT IN (SELECT feed_id FROM subscriptions WHERE user_id = @user)',
    'NOT EXISTS (SELECT 1 FROM entries x WHERE x.user_id = @user AND x.item_id = i.id)'];
  const params: Record<string, unknown> = { match, user: userId };
  const itemType = query.in_progress === false ? 'episode' : query.item_type;
  if (itemType) { clauses.push('i.item_type = @itemType'); params.itemType = itemType; }
  if (query.from_date) { clauses.push('i.published_ms >= @fromMs'); params.fromMs = startOfDayMs(query.from_date); }
  if (query.to_date) { clauses.push('i.published_ms <= @untilMs'); params.untilMs = endOfDayMs(query.to_date); }
  return { sql: clauses.join(' AND '), params };
}

const globalFrom = 'FROM items_fts JOIN items i ON i.rowid = items_fts.rowid JOIN feeds f ON f.id = i.feed_id';

function countGlobal(db: Db, scope: GlobalScope): number {
  return preparedStatement(db, `SELECT COUNT(*) ${globalFrom} WHERE ${scope.sql}`).pluck().get(scope.params) as number;
}

/** Global corpus matches carry no user's state: never read, never saved, no playback. */
function listGlobal(db: Db, scope: GlobalScope, cursor: Cursor | null, limit: number): ItemRow[] {
  const after = cursor ? 'AND (i.published_ms, i.id) < (@cursorKey, @cursorId)' : '';
  return allRows<ItemRow>(preparedStatement(db, `SELECT i.id, i.title, i.item_type, i.media_url, i.published_at, i.url AS canonical_url, i.summary,
      i.audio_url, i.duration_seconds, i.episode_number, i.episode_type, i.artwork_url, i.explicit, i.description,
      f.id AS feed_id, f.title AS feed_title, f.source_type, f.website, NULL AS subscription_id, NULL AS subscription_title,
      0 AS is_read, 0 AS is_saved, NULL AS playback_position, NULL AS last_played_ms, 1 AS is_global, i.published_ms AS sort_key
    ${globalFrom} WHERE ${scope.sql} ${after} ORDER BY i.published_ms DESC, i.id DESC LIMIT @limit`),
    { ...scope.params, limit, cursorKey: cursor?.k, cursorId: cursor?.i });
}
