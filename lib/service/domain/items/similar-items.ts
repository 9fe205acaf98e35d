import type { SimilarItem } from '@/lib/contract/items';
import type { User } from '../accounts';
import type { Intelligence } from '../../intelligence';
import type { Db } from '../../store/database';
import { toSimilarItem, type ItemRow } from './item-view';
import { itemColumns, itemJoins } from '../../store/item-columns';
import { invalidFields } from '../errors';

/** GET /v1/items/{id}/similar: items about the same subject among the user's own, best first. */
export function similarItems(db: Db, intelligence: Intelligence, user: User, itemId: string, limit: number): SimilarItem[] {
  const owned = db.prepare('SELECT 1 FROM entries WHERE user_id = ? AND item_id = ?').pluck();
  // SPEC.md gives this operation no 404: an unknown item is invalid input.
  if (!owned.get(user.id, itemId)) throw invalidFields(['item_id does not name an item of this account.']);
  const visible = (ids: string[]): Set<string> => new Set(db.prepare(`SELECT item_id FROM entries
    WHERE user_id = ? AND item_id IN (SELECT value FROM json_each(?))`).pluck().all(user.id, JSON.stringify(ids)) as string[]);
  const found = intelligence.similar(itemId, limit, visible);
  if (!found.length) return [];
  const rows = db.prepare(`SELECT ${itemColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE e.user_id = ? AND e.item_id IN (SELECT value FROM json_each(?))`).all(user.id, JSON.stringify(found.map((hit) => hit.id))) as ItemRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return found.flatMap((hit) => (byId.has(hit.id) ? [toSimilarItem(byId.get(hit.id)!)] : []));
}
