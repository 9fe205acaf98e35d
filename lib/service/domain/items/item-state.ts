import type { BulkItemAction, ItemDetail, MarkAllBody, UpdateItemBody } from '@/lib/contract/items';
import type { User } from '../accounts';
import { featureMissingMessage, planHas, plans } from '../plans';
import type { Db } from '../../store/database';
import { getItem, loadDetailRow } from './get-item';
import { setReadInBulk } from './item-counts';
import { setItemTags } from './tags';
import { badRequest, planLimit } from '../errors';

/** Answers 402 when saving `adding` more items would pass the plan's saved-items limit. */
function requireSaveRoom(db: Db, user: User, adding: number): void {
  const limit = plans[user.plan].savedItems;
  if (limit === null || adding === 0) return;
  const saved = db.prepare('SELECT COUNT(*) FROM entries WHERE user_id = ? AND is_saved = 1').pluck().get(user.id) as number;
  if (saved + adding > limit) {
    throw planLimit(`The ${user.plan} plan keeps at most ${limit} saved items; unsave some or change plan to save more.`);
  }
}

/** PATCH /v1/items/{id}: changes read, saved, tags, notes and the full-content preference, all or nothing. */
export function updateItem(db: Db, user: User, itemId: string, body: UpdateItemBody): ItemDetail {
  return db.transaction(() => {
    const row = loadDetailRow(db, user.id, itemId);
    if (body.notes !== undefined && row.item_type === 'episode') throw badRequest('Notes apply to articles only; this item is an episode.');
    if (body.notes && !planHas(user.plan, 'notes')) throw planLimit(featureMissingMessage(user.plan, 'notes'));
    if (body.prefers_full_content && !planHas(user.plan, 'full_content')) throw planLimit(featureMissingMessage(user.plan, 'full_content'));
    if (body.is_saved && row.is_saved !== 1) requireSaveRoom(db, user, 1);

    const sets: string[] = [];
    const params: Record<string, unknown> = { user: user.id, item: itemId };
    if (body.is_read !== undefined) { sets.push('is_read = @isRead'); params.isRead = body.is_read ? 1 : 0; }
    if (body.is_saved !== undefined && (body.is_saved ? 1 : 0) !== row.is_saved) {
      sets.push('is_saved = @isSaved, saved_at = @savedAt');
      params.isSaved = body.is_saved ? 1 : 0;
      params.savedAt = body.is_saved ? new Date().toISOString() : null;
    }
    if (body.notes !== undefined) { sets.push('notes = @notes'); params.notes = body.notes || null; }
    if (body.prefers_full_content !== undefined) { sets.push('prefers_full_content = @full'); params.full = body.prefers_full_content ? 1 : 0; }
    if (sets.length) db.prepare(`UPDATE entries SET ${sets.join(', ')} WHERE user_id = @user AND item_id = @item`).run(params);
    if (body.tags !== undefined) setItemTags(db, user.id, itemId, body.tags);
    return getItem(db, user.id, itemId);
  })();
}

const bulkChange: Record<BulkItemAction, string> = {
  mark_read: 'is_read = 1',
  mark_unread: 'is_read = 0',
  save: "is_saved = 1, saved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  unsave: 'is_saved = 0, saved_at = NULL',
};

const bulkDone: Record<BulkItemAction, string> = {
  mark_read: 'marked read', mark_unread: 'marked unread', save: 'saved', unsave: 'unsaved',
};

/** PATCH /v1/items: one action on many items; ids the user does not have are ignored. */
export function bulkUpdateItems(db: Db, user: User, itemIds: string[], action: BulkItemAction): string {
  const ids = [...new Set(itemIds)];
  return db.transaction(() => {
    const list = ids.map(() => '?').join(', ');
    if (action === 'save') {
      const adding = db.prepare(`SELECT COUNT(*) FROM entries WHERE user_id = ? AND is_saved = 0 AND item_id IN (${list})`)
        .pluck().get(user.id, ...ids) as number;
      requireSaveRoom(db, user, adding);
    }
    const result = db.prepare(`UPDATE entries SET ${bulkChange[action]} WHERE user_id = ? AND item_id IN (${list})`).run(user.id, ...ids);
    return `${result.changes} item${result.changes === 1 ? '' : 's'} ${bulkDone[action]}.`;
  })();
}

/** PUT /v1/items: marks every item that matches the filters (and `before`) read or unread. */
export function markAllItems(db: Db, user: User, body: MarkAllBody): string {
  const isRead = body.is_read ?? true;
  // An explicit empty list selects no items; read as "no filter" it would mark everything.
  if ([body.subscription_ids, body.folder_ids, body.tag_ids].some((ids) => ids?.length === 0)) {
    return `0 items marked ${isRead ? 'read' : 'unread'}.`;
  }
  const changes = setReadInBulk(db, user.id, {
    subscription_ids: body.subscription_ids, folder_ids: body.folder_ids, tag_ids: body.tag_ids,
    item_type: body.item_type, is_saved: body.is_saved,
    until_ms: body.before ? Date.parse(body.before) : undefined,
  }, isRead ? 1 : 0);
  return `${changes} item${changes === 1 ? '' : 's'} marked ${isRead ? 'read' : 'unread'}.`;
}
