import type { ItemRow } from '../items';
import { hiddenColumns, itemColumns, itemJoins } from '../item-columns';
import { bigNumber } from './big-numbers';
import { searchQuery } from './item-list';
import type { Queryable } from './unit-of-work';

// ts_rank's weights of the labels D, C, B, A: body (C), summary (B), title (A) as SQLite's bm25 weighs them (1, 3, 8).
const weights = "'{0, 0.125, 0.375, 1}'";

/** The user's items matching the text, best match first, newer first among equal matches; hidden items too (see ItemStore.search). */
export async function searchItemRows(db: Queryable, userId: string, text: string, limit: number): Promise<ItemRow[]> {
  const tsquery = searchQuery(text, true);
  if (!tsquery) return [];
  const { rows: ranked } = await db.query<{ id: string }>(`WITH query AS (SELECT to_tsquery('tidings_search', $2) AS q),
    hits AS (
      SELECT e.item_id AS id, e.published_ms, i.search_document FROM query, entries e JOIN items i ON i.id = e.item_id
        WHERE e.user_id = $1 AND i.search_document @@ query.q
      UNION ALL
      -- Items a rule hid are left out of lists, not out of search.
      SELECT h.item_id, h.published_ms, i.search_document FROM query, hidden_items h JOIN items i ON i.id = h.item_id
        WHERE h.user_id = $1 AND i.search_document @@ query.q)
    SELECT id FROM hits, query ORDER BY ts_rank(${weights}, search_document, query.q) DESC, published_ms DESC, id COLLATE "C" LIMIT $3`,
  [userId, tsquery, limit]);
  if (!ranked.length) return [];
  const ids = ranked.map((hit) => hit.id);
  const { rows } = await db.query<ItemRow & { last_played_ms: string | number | null }>(`
    SELECT ${itemColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins} WHERE e.user_id = $1 AND e.item_id = ANY($2::text[])
    UNION ALL
    SELECT ${hiddenColumns} FROM hidden_items h JOIN items i ON i.id = h.item_id JOIN feeds f ON f.id = i.feed_id
      LEFT JOIN subscriptions s ON s.id = h.subscription_id WHERE h.user_id = $1 AND h.item_id = ANY($2::text[])`, [userId, ids]);
  const byId = new Map(rows.map((row) => [row.id, { ...row, last_played_ms: bigNumber(row.last_played_ms) }]));
  return ids.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}
