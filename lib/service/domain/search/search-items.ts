import type { SimilarItem } from '@/lib/contract/items';
import type { ItemType } from '@/lib/contract/common';
import type { User } from '../accounts';
import { itemColumns, itemJoins, toSimilarItem, type ItemRow } from '../items/item-view';
import { ftsQuery } from '../items/search-text';
import type { Db } from '../../store/database';

/** bm25 weights of items_fts's columns (title, summary, body): a word in the title says most. */
const columnWeights = '8.0, 3.0, 1.0';

/**
 * GET /v1/search: the user's items matching the text, best match first (FTS5 bm25 over
 * title, summary and body), newer first among equal matches.
 */
export function searchItems(db: Db, user: User, q: string, limit: number): { type: ItemType; data: SimilarItem }[] {
  const match = ftsQuery(q);
  if (!match) return [];
  // Score every match inside FTS5 first, then keep the user's: a common word matches thousands
  // of items, and scoring within the join (or sorting whole rows) measured about twice as slow.
  const best = db.prepare(`WITH matches AS MATERIALIZED (
      SELECT rowid, bm25(items_fts, ${columnWeights}) AS score FROM items_fts WHERE items_fts MATCH @match)
    SELECT i.id FROM matches m
      JOIN items i ON i.rowid = m.rowid
      JOIN entries e ON e.user_id = @user AND e.item_id = i.id
    ORDER BY m.score, e.published_ms DESC, i.id
    LIMIT @limit`).pluck().all({ user: user.id, match, limit }) as string[];
  if (!best.length) return [];
  const rows = db.prepare(`SELECT ${itemColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE e.user_id = @user AND e.item_id IN (SELECT value FROM json_each(@ids))`)
    .all({ user: user.id, ids: JSON.stringify(best) }) as ItemRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return best.map((id) => byId.get(id)!).map((row) => ({ type: row.item_type, data: toSimilarItem(row) }));
}
