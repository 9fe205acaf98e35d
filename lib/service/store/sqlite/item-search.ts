import { ftsQuery } from './search-text';
import { hiddenItemRows, hiddenSearchHits, type SearchHit } from './hidden-items';
import type { Db } from '../database';
import type { ItemRow } from '../items';
import { itemColumns, itemJoins } from '../item-columns';

/** bm25 weights of items_fts's columns (title, summary, body): a word in the title says most. */
const columnWeights = '8.0, 3.0, 1.0';

/**
 * The user's items matching the text, best match first (FTS5 bm25 over title, summary and body),
 * newer first among equal matches; items a rule hid are left out of lists, not out of search.
 */
export function searchItemRows(db: Db, userId: string, text: string, limit: number): ItemRow[] {
  const match = ftsQuery(text);
  if (!match) return [];
  // Score every match inside FTS5 first, then keep the user's: a common word matches thousands
  // of items, and scoring within the join (or sorting whole rows) measured about twice as slow.
  const best = db.prepare(`WITH matches AS MATERIALIZED (
      SELECT rowid, bm25(items_fts, ${columnWeights}) AS score FROM items_fts WHERE items_fts MATCH @match)
    SELECT i.id, m.score, e.published_ms FROM matches m
      JOIN items i ON i.rowid = m.rowid
      JOIN entries e ON e.user_id = @user AND e.item_id = i.id
    ORDER BY m.score, e.published_ms DESC, i.id
    LIMIT @limit`).all({ user: userId, match, limit }) as SearchHit[];
  const hidden = hiddenSearchHits(db, userId, match, columnWeights, limit);
  const ranked = hidden.length ? [...best, ...hidden].sort(byRank).slice(0, limit) : best;
  if (!ranked.length) return [];
  const rows = db.prepare(`SELECT ${itemColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE e.user_id = @user AND e.item_id IN (SELECT value FROM json_each(@ids))`)
    .all({ user: userId, ids: JSON.stringify(ranked.map((hit) => hit.id)) }) as ItemRow[];
  rows.push(...hiddenItemRows<ItemRow>(db, userId, hidden.map((hit) => hit.id)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.filter((hit) => byId.has(hit.id)).map((hit) => byId.get(hit.id)!);
}

function byRank(a: SearchHit, b: SearchHit): number {
  return a.score - b.score || b.published_ms - a.published_ms || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
