import type { SimilarItem } from '@/lib/contract/items';
import type { ItemType } from '@/lib/contract/common';
import type { User } from '../accounts';
import { toSimilarItem } from '../items/item-view';
import type { Store } from '../../store/store';

/**
 * GET /v1/search: the user's items matching the text, best match first (title words count most),
 * newer first among equal matches; items a rule hid are found too.
 */
export async function searchItems(store: Store, user: User, q: string, limit: number): Promise<{ type: ItemType; data: SimilarItem }[]> {
  const rows = await store.items.search(user.id, q, limit);
  return rows.map((row) => ({ type: row.item_type, data: toSimilarItem(row) }));
}
