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
  const rows = db.prepare(`SELECT ${itemColumns}
    FROM items_fts JOIN items i ON i.rowid = items_fts.rowid JOIN entries e ON e.item_id = i.id AND e.user_id = @user
    ${itemJoins}
    WHERE items_fts MATCH @match
    ORDER BY bm25(items_fts, ${columnWeights}), e.published_ms DESC, i.id
    LIMIT @limit`).all({ user: user.id, match, limit }) as ItemRow[];
  return rows.map((row) => ({ type: row.item_type, data: toSimilarItem(row) }));
}
