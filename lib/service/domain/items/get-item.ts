import type { ItemDetail } from '@/lib/contract/items';
import type { Db } from '../../store/database';
import { itemColumns, itemJoins, tagsOfItem, toItemDetail, type DetailRow } from './item-view';
import { suggestTags } from './suggested-tags';
import { notFound } from '../errors';
import { hiddenDetailRow } from '../../store/sqlite/hidden-items';

const detailColumns = `${itemColumns}, i.author, i.content, i.full_content, i.ai_summary, i.reading_time,
  i.platform_metadata, e.notes, e.prefers_full_content`;

/** The user's entry joined with its item, or 404 when the user has no such item. */
export function loadDetailRow(db: Db, userId: string, itemId: string): DetailRow {
  const row = db.prepare(`SELECT ${detailColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE e.user_id = ? AND e.item_id = ?`).get(userId, itemId) as DetailRow | undefined
    // A hidden item is found by search, so it opens too.
    ?? hiddenDetailRow(db, userId, itemId);
  if (!row) throw notFound(`No item with id ${itemId} exists for this account.`);
  return row;
}

/** GET /v1/items/{id}: the detail form of one of the user's items. */
export function getItem(db: Db, userId: string, itemId: string): ItemDetail {
  const row = loadDetailRow(db, userId, itemId);
  const tags = tagsOfItem(db, userId, itemId);
  return toItemDetail(row, tags, suggestTags(db, userId, row, tags));
}
