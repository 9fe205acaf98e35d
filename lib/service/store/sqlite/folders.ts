import { randomUUID } from 'node:crypto';
import type { FolderRecord } from '@/lib/contract/search';
import { preparedOnce, type Db } from '../database';
import type { FolderChanges, FolderStore } from '../folders';
import { searchByName } from './name-search';
import { forgetInSavedSearches } from './saved-search-references';

/** A folder record's columns, from `folders fo`: unread counts every unread entry of its subscriptions. */
export const folderColumns = `fo.id, fo.name, fo.is_pinned,
  (SELECT COALESCE(SUM(c.n), 0) FROM subscriptions s JOIN entry_counts c ON c.user_id = s.user_id AND c.subscription_id = s.id AND c.is_read = 0
    WHERE s.folder_id = fo.id) AS unread_count`;

export type FolderRow = { id: string; name: string; is_pinned: number; unread_count: number };

/** Maps a row to the folder record. */
export function toFolder(row: FolderRow): FolderRecord {
  return { id: row.id, name: row.name, unread_count: row.unread_count, is_pinned: row.is_pinned === 1 };
}

const statements = preparedOnce((db: Db) => ({
  list: db.prepare(`SELECT ${folderColumns} FROM folders fo WHERE fo.user_id = ?
    ORDER BY fo.is_pinned DESC, fo.name COLLATE NOCASE, fo.id`),
  get: db.prepare(`SELECT ${folderColumns} FROM folders fo WHERE fo.id = ? AND fo.user_id = ?`),
  // The name column compares without case (COLLATE NOCASE in the schema).
  named: db.prepare('SELECT id FROM folders WHERE user_id = ? AND name = ? AND id IS NOT ?').pluck(),
  insert: db.prepare('INSERT INTO folders (id, user_id, name, is_pinned, created_at) VALUES (?, ?, ?, ?, ?)'),
  rename: db.prepare('UPDATE folders SET name = ? WHERE id = ?'),
  pin: db.prepare('UPDATE folders SET is_pinned = ? WHERE id = ?'),
  unfile: db.prepare('UPDATE subscriptions SET folder_id = NULL WHERE user_id = ? AND folder_id = ?'),
  delete: db.prepare('DELETE FROM folders WHERE id = ?'),
  deleteIfEmpty: db.prepare(`DELETE FROM folders WHERE id = ? AND user_id = ?
    AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE folder_id = folders.id)`),
}));

/**
 * The folder operations as synchronous units, each its own transaction (nested ones become
 * savepoints): the folder store wraps them, and stores of operations spanning areas compose them.
 */
export function folderUnits(db: Db) {
  const get = (userId: string, id: string): FolderRecord | null => {
    const row = statements(db).get.get(id, userId) as FolderRow | undefined;
    return row ? toFolder(row) : null;
  };
  const nameTaken = (userId: string, name: string, exceptId: string | null) => statements(db).named.get(userId, name, exceptId) !== undefined;
  const create = db.transaction((userId: string, folder: { name: string; is_pinned: boolean }): FolderRecord | 'name_taken' => {
    if (nameTaken(userId, folder.name, null)) return 'name_taken';
    const id = randomUUID();
    statements(db).insert.run(id, userId, folder.name, folder.is_pinned ? 1 : 0, new Date().toISOString());
    return get(userId, id)!;
  });
  const update = db.transaction((userId: string, id: string, changes: FolderChanges): FolderRecord | 'not_found' | 'name_taken' => {
    if (!get(userId, id)) return 'not_found';
    if (changes.name !== undefined) {
      if (nameTaken(userId, changes.name, id)) return 'name_taken';
      statements(db).rename.run(changes.name, id);
    }
    if (changes.is_pinned !== undefined) statements(db).pin.run(changes.is_pinned ? 1 : 0, id);
    return get(userId, id)!;
  });
  const remove = db.transaction((userId: string, id: string): FolderRecord | null => {
    const folder = get(userId, id);
    if (!folder) return null;
    statements(db).unfile.run(userId, id);
    statements(db).delete.run(id);
    forgetInSavedSearches(db, userId, 'folder_ids', id);
    return folder;
  });
  const named = (userId: string, name: string) => (statements(db).named.get(userId, name, null) as string | undefined) ?? null;
  const ensure = db.transaction((userId: string, name: string): { id: string; created: boolean } => {
    const found = named(userId, name);
    if (found) return { id: found, created: false };
    const made = create(userId, { name, is_pinned: false });
    return { id: (made as FolderRecord).id, created: true };
  });
  const deleteIfEmpty = db.transaction((userId: string, ids: string[]) => {
    for (const id of ids) statements(db).deleteIfEmpty.run(id, userId);
  });
  return { get, named, create, update, remove, ensure, deleteIfEmpty };
}

/** The folder store on SQLite. */
export function sqliteFolderStore(db: Db): FolderStore {
  const units = folderUnits(db);
  return {
    list: async (userId) => (statements(db).list.all(userId) as FolderRow[]).map(toFolder),
    search: async (userId, query) => {
      const { rows, total } = searchByName<FolderRow>(db, userId, 'folders fo', folderColumns, query);
      return { data: rows.map(toFolder), total };
    },
    get: async (userId, id) => units.get(userId, id),
    create: async (userId, folder) => units.create(userId, folder),
    update: async (userId, id, changes) => units.update(userId, id, changes),
    delete: async (userId, id) => units.remove(userId, id),
    ensure: async (userId, name) => units.ensure(userId, name),
    deleteIfEmpty: async (userId, ids) => units.deleteIfEmpty(userId, ids),
  };
}
