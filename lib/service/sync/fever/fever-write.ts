/**
 * The Fever API's writes: `mark=item` with `as=read|unread|saved|unsaved`, and `mark=feed|group`
 * with `as=read` and `before` (Unix seconds; group 0 is every item). They go through the same
 * domain functions as /v1's PATCH and PUT /v1/items. Anything malformed or unknown changes nothing.
 */
import type { BulkItemAction } from '@/lib/contract/items';
import type { User } from '../../domain/accounts';
import { bulkUpdateItems, markAllItems } from '../../domain/items/item-state';
import { DomainError } from '../../domain/errors';
import type { ServiceContext } from '../../context';
import { wholeNumber } from './fever-request';

const itemActions: Record<string, BulkItemAction> = { read: 'mark_read', unread: 'mark_unread', saved: 'save', unsaved: 'unsave' };

/** Items published before `before` (Unix seconds), as the last millisecond before it. */
const justBefore = (before: number) => new Date(before * 1000 - 1).toISOString();

async function markItem({ store }: ServiceContext, user: User, params: URLSearchParams): Promise<void> {
  const action = itemActions[params.get('as') ?? ''];
  const feverId = wholeNumber(params.get('id'), 1);
  const itemId = feverId === undefined ? undefined : await store.fever.idOf(user.id, 'item', feverId);
  if (action && itemId) await bulkUpdateItems(store, user, [itemId], action);
}

async function markAllRead({ store }: ServiceContext, user: User, kind: 'feed' | 'group', params: URLSearchParams): Promise<void> {
  const feverId = wholeNumber(params.get('id'));
  const before = wholeNumber(params.get('before'), 1);
  if (params.get('as') !== 'read' || feverId === undefined || before === undefined) return;
  if (kind === 'group' && feverId === 0) {
    await markAllItems(store, user, { before: justBefore(before) });
    return;
  }
  const id = feverId === 0 ? undefined : await store.fever.idOf(user.id, kind, feverId);
  if (!id) return;
  await markAllItems(store, user, { [kind === 'feed' ? 'subscription_ids' : 'folder_ids']: [id], before: justBefore(before) });
}

/** Applies the call's `mark`, if it has one; a refusal of the domain (a plan's saved-items limit) changes nothing. */
export async function applyMark(service: ServiceContext, user: User, params: URLSearchParams): Promise<void> {
  const mark = params.get('mark');
  try {
    if (mark === 'item') await markItem(service, user, params);
    else if (mark === 'feed' || mark === 'group') await markAllRead(service, user, mark, params);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}
