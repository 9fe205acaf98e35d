import type { Db } from '../database';
import { hiddenColumns } from '../item-columns';

/** A search hit: the item, its bm25 score (lower is better) and date, as search ranks them. */
export type SearchHit = { id: string; score: number; published_ms: number };

/** The user's hidden items among the full-text matches (`@match`), best first; none when nothing is hidden. */
export function hiddenSearchHits(db: Db, userId: string, match: string, columnWeights: string, limit: number): SearchHit[] {
  if (!db.prepare('SELECT 1 FROM hidden_items WHERE user_id = ? LIMIT 1').pluck().get(userId)) return [];
  return db.prepare(`WITH matches AS MATERIALIZED (
      SELECT rowid, bm25(items_fts, ${columnWeights}) AS score FROM items_fts WHERE items_fts MATCH @match)
    SELECT h.item_id AS id, m.score, h.published_ms FROM matches m
      JOIN hidden_items h ON h.user_id = @user AND h.item_rowid = m.rowid
    ORDER BY m.score, h.published_ms DESC, h.item_id
    LIMIT @limit`).all({ user: userId, match, limit }) as SearchHit[];
}

/** The rows of hidden items by id, in the list form search answers with. */
export function hiddenItemRows<Row>(db: Db, userId: string, ids: string[]): Row[] {
  if (!ids.length) return [];
  return db.prepare(`SELECT ${hiddenColumns}
    FROM hidden_items h JOIN items i ON i.id = h.item_id JOIN feeds f ON f.id = i.feed_id LEFT JOIN subscriptions s ON s.id = h.subscription_id
    WHERE h.user_id = @user AND h.item_id IN (SELECT value FROM json_each(@ids))`).all({ user: userId, ids: JSON.stringify(ids) }) as Row[];
}
