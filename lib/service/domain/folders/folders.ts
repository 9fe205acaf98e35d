import { randomUUID } from 'node:crypto';
import type { FolderRecord } from '@/lib/contract/search';
import type { CreateFolderBody, UpdateFolderBody } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { forgetInSavedSearches } from '../saved-searches/saved-searches';
import { conflict, notFound } from '../errors';

/** A folder record's columns, from `folders fo`: unread counts every unread entry of its subscriptions. */
export const folderColumns = `fo.id, fo.name, fo.is_pinned,
  (SELECT COUNT(*) FROM subscriptions s JOIN entries e ON e.user_id = s.user_id AND e.subscription_id = s.id AND e.is_read = 0
    WHERE s.folder_id = fo.id) AS unread_count`;

export type FolderRow = { id: string; name: string; is_pinned: number; unread_count: number };

/** Maps a row to the folder record. */
export function toFolder(row: FolderRow): FolderRecord {
  return { id: row.id, name: row.name, unread_count: row.unread_count, is_pinned: row.is_pinned === 1 };
}

/** GET /v1/folders: every folder of the user, pinned first, then by name. */
export function listFolders(db: Db, user: User): FolderRecord[] {
  const rows = db.prepare(`SELECT ${folderColumns} FROM folders fo WHERE fo.user_id = ?
    ORDER BY fo.is_pinned DESC, fo.name COLLATE NOCASE, fo.id`).all(user.id) as FolderRow[];
  return rows.map(toFolder);
}

/** One folder of the user, or 404. */
export function getFolder(db: Db, user: User, id: string): FolderRecord {
  const row = db.prepare(`SELECT ${folderColumns} FROM folders fo WHERE fo.id = ? AND fo.user_id = ?`).get(id, user.id) as FolderRow | undefined;
  if (!row) throw notFound(`No folder with id ${id} exists.`);
  return toFolder(row);
}

/** 409 when another folder of the user already has this name (names compare without case). */
function requireFreeName(db: Db, user: User, name: string, exceptId: string | null): void {
  const taken = db.prepare('SELECT id FROM folders WHERE user_id = ? AND name = ? AND id IS NOT ?').pluck().get(user.id, name, exceptId);
  if (taken) throw conflict(`A folder named "${name}" already exists.`);
}

/** POST /v1/folders. */
export function createFolder(db: Db, user: User, body: CreateFolderBody): FolderRecord {
  return db.transaction(() => {
    requireFreeName(db, user, body.name, null);
    const id = randomUUID();
    db.prepare('INSERT INTO folders (id, user_id, name, is_pinned, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, user.id, body.name, body.is_pinned ? 1 : 0, new Date().toISOString());
    return getFolder(db, user, id);
  })();
}

/** PATCH /v1/folders/{id}: rename and pin or unpin. */
export function updateFolder(db: Db, user: User, id: string, body: UpdateFolderBody): FolderRecord {
  return db.transaction(() => {
    getFolder(db, user, id);
    if (body.name !== undefined) {
      requireFreeName(db, user, body.name, id);
      db.prepare('UPDATE folders SET name = ? WHERE id = ?').run(body.name, id);
    }
    if (body.is_pinned !== undefined) db.prepare('UPDATE folders SET is_pinned = ? WHERE id = ?').run(body.is_pinned ? 1 : 0, id);
    return getFolder(db, user, id);
  })();
}

/** DELETE /v1/folders/{id}: its subscriptions stay, in no folder; saved searches stop naming it. */
export function deleteFolder(db: Db, user: User, id: string): string {
  return db.transaction(() => {
    const folder = getFolder(db, user, id);
    db.prepare('UPDATE subscriptions SET folder_id = NULL WHERE user_id = ? AND folder_id = ?').run(user.id, id);
    db.prepare('DELETE FROM folders WHERE id = ?').run(id);
    forgetInSavedSearches(db, user, 'folder_ids', id);
    return `Deleted the folder ${folder.name}.`;
  })();
}

/** The user's folder with this name (without case), created when missing: for imports. */
export function ensureFolder(db: Db, user: User, name: string): { id: string; created: boolean } {
  const found = db.prepare('SELECT id FROM folders WHERE user_id = ? AND name = ?').pluck().get(user.id, name) as string | undefined;
  if (found) return { id: found, created: false };
  return { id: createFolder(db, user, { name }).id, created: true };
}
