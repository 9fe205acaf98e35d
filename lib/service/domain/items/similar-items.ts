import type { SimilarItem } from '@/lib/contract/items';
import type { User } from '../accounts';
import type { Intelligence } from '../../intelligence';
import type { Store } from '../../store/store';
import { toSimilarItem } from './item-view';
import { invalidFields } from '../errors';

/** GET /v1/items/{id}/similar: items about the same subject among the user's own, best first. */
export async function similarItems(store: Store, intelligence: Intelligence, user: User, itemId: string, limit: number): Promise<SimilarItem[]> {
  // SPEC.md gives this operation no 404: an unknown item is invalid input.
  if (!(await store.items.withEntries(user.id, [itemId])).length) throw invalidFields(['item_id does not name an item of this account.']);
  // Each round of the search: its candidates first, the user's among them from the store, then the ranking within those.
  const found = await intelligence.similar(itemId, limit, async (candidateIds) => new Set(await store.items.withEntries(user.id, candidateIds)));
  if (!found.length) return [];
  const byId = new Map((await store.items.rowsByIds(user.id, found.map((hit) => hit.id))).map((row) => [row.id, row]));
  return found.flatMap((hit) => (byId.has(hit.id) ? [toSimilarItem(byId.get(hit.id)!)] : []));
}
