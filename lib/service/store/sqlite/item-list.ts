import { ftsQuery } from './search-text';
import { allRows, preparedStatement, type Db } from '../database';
import type { GlobalScope, ItemPage, ItemPageQuery, ListedRow, MissingTarget } from '../items';
import { applyItemFilter, EntryConditions, missingTarget } from './entry-conditions';
import { countMatching, countsCover } from './item-counts';
import { itemColumns, itemJoins } from '../item-columns';

const orders: Record<ItemPageQuery['order'], { key: string; direction: 'DESC' | 'ASC' }> = {
  newest: { key: 'e.published_ms', direction: 'DESC' },
  oldest: { key: 'e.published_ms', direction: 'ASC' },
  recently_played: { key: 'COALESCE(e.last_played_ms, 0)', direction: 'DESC' },
};

/** A page of the user's items on SQLite: entries, their counters (entry_counts) and FTS5 (items_fts). */
export function listItemPage(db: Db, userId: string, query: ItemPageQuery): ItemPage | MissingTarget {
  const missing = missingTarget(db, userId, query.filter);
  if (missing) return missing;
  const { search, after } = query;
  const match = search ? ftsQuery(search.text, search.include_body ? undefined : ['title', 'summary']) : null;
  const order = orders[query.order];

  const where = applyItemFilter(query.filter, new EntryConditions(userId));
  // Counting ~100k entries took most of a first page's time; the counters answer the common filters.
  const ownTotal = search ? null : countsCover(query.filter) ? countMatching(db, where) : null;
  // A search reaches the user's entries from the matches through entries_search (item_rowid),
  // never reading an item row it will not show.
  const matchesFrom = 'FROM items_fts CROSS JOIN entries e ON e.user_id = @user AND e.item_rowid = items_fts.rowid';
  if (match) where.add('items_fts MATCH @match', { match });
  // Text with no word in it matches nothing.
  if (search && !match) where.add('0');

  const countFrom = match ? matchesFrom : 'FROM entries e';
  const global = search?.global && match ? globalConditions(userId, match, search.global) : null;
  const total = (ownTotal ?? preparedStatement(db, `SELECT COUNT(*) ${countFrom} WHERE ${where.sql()}`).pluck().get(where.params) as number)
    + (global ? countGlobal(db, global) : 0);

  let rows: ListedRow[] = [];
  if (!after || after.phase === 'own') {
    const page = where.clone();
    if (after) page.add(`(${order.key}, e.item_id) ${order.direction === 'DESC' ? '<' : '>'} (@cursorKey, @cursorId)`, { cursorKey: after.key, cursorId: after.id });
    const sql = match
      // Sort the matches on narrow keys first, then read the rows of one page.
      ? `WITH hits AS (SELECT e.item_id, ${order.key} AS sort_key ${matchesFrom} WHERE ${page.sql()}
          ORDER BY sort_key ${order.direction}, e.item_id ${order.direction} LIMIT @limit)
        SELECT ${itemColumns}, hits.sort_key FROM hits CROSS JOIN entries e ON e.user_id = @user AND e.item_id = hits.item_id
          CROSS JOIN items i ON i.id = e.item_id ${itemJoins} ORDER BY hits.sort_key ${order.direction}, hits.item_id ${order.direction}`
      : `SELECT ${itemColumns}, ${order.key} AS sort_key FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins} WHERE ${page.sql()}
          ORDER BY ${order.key} ${order.direction}, e.item_id ${order.direction} LIMIT @limit`;
    rows = allRows<ListedRow>(preparedStatement(db, sql), { ...page.params, limit: query.limit });
  }
  if (global && rows.length < query.limit) {
    rows = rows.concat(listGlobal(db, global, after?.phase === 'global' ? after : undefined, query.limit - rows.length));
  }
  return { rows, total };
}

/** Which global matches a list takes: the search, and the filters that apply to any item. */
type GlobalConditions = { sql: string; params: Record<string, unknown> };

function globalConditions(userId: string, match: string, scope: GlobalScope): GlobalConditions {
  const clauses = ['items_fts MATCH @match',
    // Items of feeds the user follows are theirs, even ones they hold no entry for (a paused subscription).
    'i.feed_id NOT IN (SELECT feed_id FROM subscriptions WHERE user_id = @user)',
    'NOT EXISTS (SELECT 1 FROM entries x WHERE x.user_id = @user AND x.item_id = i.id)'];
  const params: Record<string, unknown> = { match, user: userId };
  if (scope.item_type) { clauses.push('i.item_type = @itemType'); params.itemType = scope.item_type; }
  if (scope.from_ms !== undefined) { clauses.push('i.published_ms >= @fromMs'); params.fromMs = scope.from_ms; }
  if (scope.until_ms !== undefined) { clauses.push('i.published_ms <= @untilMs'); params.untilMs = scope.until_ms; }
  return { sql: clauses.join(' AND '), params };
}

const globalFrom = 'FROM items_fts JOIN items i ON i.rowid = items_fts.rowid JOIN feeds f ON f.id = i.feed_id';

function countGlobal(db: Db, scope: GlobalConditions): number {
  return preparedStatement(db, `SELECT COUNT(*) ${globalFrom} WHERE ${scope.sql}`).pluck().get(scope.params) as number;
}

/** Global corpus matches carry no user's state: never read, never saved, no playback. */
function listGlobal(db: Db, scope: GlobalConditions, after: { key: number; id: string } | undefined, limit: number): ListedRow[] {
  const afterClause = after ? 'AND (i.published_ms, i.id) < (@cursorKey, @cursorId)' : '';
  return allRows<ListedRow>(preparedStatement(db, `SELECT i.id, i.title, i.item_type, i.media_url, i.published_at, i.url AS canonical_url, i.summary,
      i.audio_url, i.duration_seconds, i.episode_number, i.episode_type, i.artwork_url, i.explicit, i.description,
      f.id AS feed_id, f.title AS feed_title, f.source_type, f.website, NULL AS subscription_id, NULL AS subscription_title,
      0 AS is_read, 0 AS is_saved, NULL AS playback_position, NULL AS last_played_ms, 1 AS is_global, i.published_ms AS sort_key
    ${globalFrom} WHERE ${scope.sql} ${afterClause} ORDER BY i.published_ms DESC, i.id DESC LIMIT @limit`),
    { ...scope.params, limit, cursorKey: after?.key, cursorId: after?.id });
}
