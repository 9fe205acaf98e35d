import type { ItemDetail } from '@/lib/contract/items';
import type { ItemDetailParts } from '../../store/items';
import type { Store } from '../../store/store';
import { toItemDetail } from './item-view';
import { suggestTags } from './suggested-tags';
import { notFound } from '../errors';

/** The 404 for an item the user does not have. */
export function itemNotFound(itemId: string): Error {
  return notFound(`No item with id ${itemId} exists for this account.`);
}

/** The detail form of an item as the store read it, with tag suggestions. */
export function detailOf({ row, tags, tag_names }: ItemDetailParts): ItemDetail {
  return toItemDetail(row, tags, suggestTags(tag_names, row, tags));
}

/** GET /v1/items/{id}: the detail form of one of the user's items (a hidden one too: search finds it). */
export async function getItem(store: Store, userId: string, itemId: string): Promise<ItemDetail> {
  const parts = await store.items.detail(userId, itemId);
  if (!parts) throw itemNotFound(itemId);
  return detailOf(parts);
}
