import { randomUUID } from 'node:crypto';
import type { BulkItemAction, Tag } from '@/lib/contract/items';
import { preparedOnce, type Db } from '../database';
import type { DetailRow, EntryChange, ItemDetailParts, ItemFilter, ItemRow, ItemStore, MissingTarget } from '../items';
import { missingTarget } from './entry-conditions';
import { setReadInBulk } from './item-counts';
import { detailColumns, hiddenDetail, itemColumns, itemJoins } from '../item-columns';
import { listItemPage } from './item-list';
import { searchItemRows } from './item-search';

const statements = preparedOnce((db: Db) => ({
  detail: db.prepare(`SELECT ${detailColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE e.user_id = ? AND e.item_id = ?`),
  hiddenDetail: db.prepare(hiddenDetail),
  tagsOf: db.prepare(`SELECT t.id, t.name, (SELECT COUNT(*) FROM item_tags c WHERE c.tag_id = t.id) AS item_count
    FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = ? AND it.item_id = ? ORDER BY t.name`),
  tagNames: db.prepare('SELECT name FROM tags WHERE user_id = ? ORDER BY name').pluck(),
  // The name column compares without case (COLLATE NOCASE in the schema).
  findTag: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck(),
  createTag: db.prepare('INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, ?, ?)'),
  untag: db.prepare('DELETE FROM item_tags WHERE user_id = ? AND item_id = ?'),
  tag: db.prepare('INSERT INTO item_tags (tag_id, item_id, user_id) VALUES (?, ?, ?)'),
  savedCount: db.prepare('SELECT COUNT(*) FROM entries WHERE user_id = ? AND is_saved = 1').pluck(),
  withEntries: db.prepare('SELECT item_id FROM entries WHERE user_id = ? AND item_id IN (SELECT value FROM json_each(?))').pluck(),
  rowsByIds: db.prepare(`SELECT ${itemColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE e.user_id = ? AND e.item_id IN (SELECT value FROM json_each(?))`),
}));

const bulkChange: Record<BulkItemAction, string> = {
  mark_read: 'is_read = 1',
  mark_unread: 'is_read = 0',
  save: "is_saved = 1, saved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  unsave: 'is_saved = 0, saved_at = NULL',
};

/**
 * The item store's writes as synchronous units, each its own transaction (nested, they join the
 * caller's): the store wraps them, and callers not converted yet that write inside their own
 * transaction (Google Reader's edit-tag) use them directly.
 */
export function itemUnits(db: Db) {
  const tagsOf = (userId: string, itemId: string): Tag[] => statements(db).tagsOf.all(userId, itemId) as Tag[];
  const setTags = db.transaction((userId: string, itemId: string, names: string[]): void => {
    const tagIds = [...new Set(names.map((name) => {
      const found = statements(db).findTag.get(userId, name) as string | undefined;
      if (found) return found;
      const id = randomUUID();
      statements(db).createTag.run(id, userId, name, new Date().toISOString());
      return id;
    }))];
    statements(db).untag.run(userId, itemId);
    for (const tagId of tagIds) statements(db).tag.run(tagId, itemId, userId);
  });
  // A hidden item is found by search, so it opens too (and takes tags; its entry's state waits until it is shown again).
  const row = (userId: string, itemId: string) =>
    (statements(db).detail.get(userId, itemId) ?? statements(db).hiddenDetail.get(userId, itemId)) as DetailRow | undefined;
  const detail = (userId: string, itemId: string): ItemDetailParts | null => {
    const found = row(userId, itemId);
    if (!found) return null;
    return { row: found, tags: tagsOf(userId, itemId), tag_names: statements(db).tagNames.all(userId) as string[] };
  };
  const roomToSave = (userId: string, adding: number, savedLimit: number | null): boolean =>
    savedLimit === null || adding === 0 || (statements(db).savedCount.get(userId) as number) + adding <= savedLimit;
  const update = db.transaction((userId: string, itemId: string, decide: (current: DetailRow) => EntryChange, savedLimit: number | null):
    ItemDetailParts | null | 'saved_limit' => {
    const current = row(userId, itemId);
    if (!current) return null;
    const change = decide(current);
    const saving = change.is_saved !== undefined && (change.is_saved ? 1 : 0) !== current.is_saved;
    if (saving && change.is_saved && !roomToSave(userId, 1, savedLimit)) return 'saved_limit';
    const sets: string[] = [];
    const params: Record<string, unknown> = { user: userId, item: itemId };
    if (change.is_read !== undefined) { sets.push('is_read = @isRead'); params.isRead = change.is_read ? 1 : 0; }
    if (saving) {
      sets.push('is_saved = @isSaved, saved_at = @savedAt');
      params.isSaved = change.is_saved ? 1 : 0;
      params.savedAt = change.is_saved ? new Date().toISOString() : null;
    }
    if (change.notes !== undefined) { sets.push('notes = @notes'); params.notes = change.notes; }
    if (change.prefers_full_content !== undefined) { sets.push('prefers_full_content = @full'); params.full = change.prefers_full_content ? 1 : 0; }
    if (sets.length) db.prepare(`UPDATE entries SET ${sets.join(', ')} WHERE user_id = @user AND item_id = @item`).run(params);
    if (change.tags !== undefined) setTags(userId, itemId, change.tags);
    return detail(userId, itemId);
  });
  const bulkUpdate = db.transaction((userId: string, itemIds: string[], action: BulkItemAction, savedLimit: number | null): number | 'saved_limit' => {
    const ids = [...new Set(itemIds)];
    if (!ids.length) return 0;
    const list = ids.map(() => '?').join(', ');
    if (action === 'save') {
      const adding = db.prepare(`SELECT COUNT(*) FROM entries WHERE user_id = ? AND is_saved = 0 AND item_id IN (${list})`)
        .pluck().get(userId, ...ids) as number;
      if (!roomToSave(userId, adding, savedLimit)) return 'saved_limit';
    }
    return db.prepare(`UPDATE entries SET ${bulkChange[action]} WHERE user_id = ? AND item_id IN (${list})`).run(userId, ...ids).changes;
  });
  const markAll = (userId: string, filter: ItemFilter, read: boolean): number | MissingTarget =>
    missingTarget(db, userId, filter) ?? setReadInBulk(db, userId, filter, read ? 1 : 0);
  return { detail, tagsOf, setTags, update, bulkUpdate, markAll };
}

/** The item store on SQLite. */
export function sqliteItemStore(db: Db): ItemStore {
  const units = itemUnits(db);
  return {
    list: async (userId, query) => listItemPage(db, userId, query),
    detail: async (userId, itemId) => units.detail(userId, itemId),
    update: async (userId, itemId, decide, savedLimit) => units.update(userId, itemId, decide, savedLimit),
    bulkUpdate: async (userId, itemIds, action, savedLimit) => units.bulkUpdate(userId, itemIds, action, savedLimit),
    markAll: async (userId, filter, read) => units.markAll(userId, filter, read),
    tagsOf: async (userId, itemId) => units.tagsOf(userId, itemId),
    setTags: async (userId, itemId, names) => units.setTags(userId, itemId, names),
    search: async (userId, text, limit) => searchItemRows(db, userId, text, limit),
    withEntries: async (userId, itemIds) => statements(db).withEntries.all(userId, JSON.stringify(itemIds)) as string[],
    rowsByIds: async (userId, itemIds) => statements(db).rowsByIds.all(userId, JSON.stringify(itemIds)) as ItemRow[],
  };
}
