import type { BulkItemAction, ItemDetail, MarkAllBody, UpdateItemBody } from '@/lib/contract/items';
import type { User } from '../accounts';
import { featureMissingMessage, planHas, plans } from '../plans';
import type { EntryChange } from '../../store/items';
import type { Store } from '../../store/store';
import { detailOf, itemNotFound } from './get-item';
import { missingTargetError } from './item-filter';
import { distinctTagNames } from './tags';
import { badRequest, planLimit, type DomainError } from '../errors';

/** The 402 for saving past the plan's saved-items limit. */
export function savedLimitError(user: User): DomainError {
  return planLimit(`The ${user.plan} plan keeps at most ${plans[user.plan].savedItems} saved items; unsave some or change plan to save more.`);
}

/** PATCH /v1/items/{id}: changes read, saved, tags, notes and the full-content preference, all or nothing. */
export async function updateItem(store: Store, user: User, itemId: string, body: UpdateItemBody): Promise<ItemDetail> {
  const updated = await store.items.update(user.id, itemId, (row) => {
    if (body.notes !== undefined && row.item_type === 'episode') throw badRequest('Notes apply to articles only; this item is an episode.');
    if (body.notes && !planHas(user.plan, 'notes')) throw planLimit(featureMissingMessage(user.plan, 'notes'));
    if (body.prefers_full_content && !planHas(user.plan, 'full_content')) throw planLimit(featureMissingMessage(user.plan, 'full_content'));
    const change: EntryChange = { is_read: body.is_read, is_saved: body.is_saved, prefers_full_content: body.prefers_full_content };
    if (body.notes !== undefined) change.notes = body.notes || null;
    if (body.tags !== undefined) change.tags = distinctTagNames(body.tags);
    return change;
  }, plans[user.plan].savedItems);
  if (updated === null) throw itemNotFound(itemId);
  if (updated === 'saved_limit') throw savedLimitError(user);
  return detailOf(updated);
}

const bulkDone: Record<BulkItemAction, string> = {
  mark_read: 'marked read', mark_unread: 'marked unread', save: 'saved', unsave: 'unsaved',
};

/** The answer to a bulk change of `changes` items. */
export function bulkMessage(changes: number, action: BulkItemAction): string {
  return `${changes} item${changes === 1 ? '' : 's'} ${bulkDone[action]}.`;
}

/** PATCH /v1/items: one action on many items; ids the user does not have are ignored. */
export async function bulkUpdateItems(store: Store, user: User, itemIds: string[], action: BulkItemAction): Promise<string> {
  const changes = await store.items.bulkUpdate(user.id, itemIds, action, plans[user.plan].savedItems);
  if (changes === 'saved_limit') throw savedLimitError(user);
  return bulkMessage(changes, action);
}

/** PUT /v1/items: marks every item that matches the filters (and `before`) read or unread. */
export async function markAllItems(store: Store, user: User, body: MarkAllBody): Promise<string> {
  const isRead = body.is_read ?? true;
  // An explicit empty list selects no items; read as "no filter" it would mark everything.
  if ([body.subscription_ids, body.folder_ids, body.tag_ids].some((ids) => ids?.length === 0)) {
    return `0 items marked ${isRead ? 'read' : 'unread'}.`;
  }
  const changes = await store.items.markAll(user.id, {
    subscription_ids: body.subscription_ids, folder_ids: body.folder_ids, tag_ids: body.tag_ids,
    item_type: body.item_type, is_saved: body.is_saved,
    until_ms: body.before ? Date.parse(body.before) : undefined,
  }, isRead);
  if (typeof changes !== 'number') throw missingTargetError(changes);
  return `${changes} item${changes === 1 ? '' : 's'} marked ${isRead ? 'read' : 'unread'}.`;
}
