import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { FolderRecord } from '@/lib/contract/search';
import type { FolderChanges, FolderStore } from '../folders';
import { toFolder, type FolderRow } from '../sqlite/folders';
import { orderWithoutCase } from './name-order';
import { searchByName } from './name-search';
import { forgetInSavedSearches } from './saved-search-references';
import { inTransaction, isUniqueViolation, retried, type Queryable } from './unit-of-work';

// A folder record's columns, from `folders fo`, as SQLite's store reads them; the count an integer
// (PostgreSQL's COUNT is a BIGINT, which pg reads as a string).
const folderColumns = `fo.id, fo.name, fo.is_pinned,
  (SELECT COUNT(*)::int FROM subscriptions s JOIN entries e ON e.user_id = s.user_id AND e.subscription_id = s.id AND e.is_read = 0
    WHERE s.folder_id = fo.id) AS unread_count`;

async function get(db: Queryable, userId: string, id: string): Promise<FolderRecord | null> {
  const { rows } = await db.query<FolderRow>(`SELECT ${folderColumns} FROM folders fo WHERE fo.id = $1 AND fo.user_id = $2`, [id, userId]);
  return rows[0] ? toFolder(rows[0]) : null;
}

/** The id of the user's folder with this name (the column compares without case), other than `exceptId`. */
export async function folderNamed(db: Queryable, userId: string, name: string, exceptId: string | null = null): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM folders WHERE user_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [userId, name, exceptId]);
  return rows[0]?.id ?? null;
}

async function insert(db: Queryable, userId: string, folder: { name: string; is_pinned: boolean }): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO folders (id, user_id, name, is_pinned, created_at) VALUES ($1, $2, $3, $4, $5)',
    [id, userId, folder.name, folder.is_pinned ? 1 : 0, new Date().toISOString()]);
  return id;
}

/** Changes a folder, on the client of the caller's transaction (the label store composes it). */
export async function updateFolder(db: Queryable, userId: string, id: string, changes: FolderChanges): Promise<FolderRecord | 'not_found' | 'name_taken'> {
  if (!(await get(db, userId, id))) return 'not_found';
  if (changes.name !== undefined) {
    if (await folderNamed(db, userId, changes.name, id)) return 'name_taken';
    await db.query('UPDATE folders SET name = $1 WHERE id = $2', [changes.name, id]);
  }
  if (changes.is_pinned !== undefined) await db.query('UPDATE folders SET is_pinned = $1 WHERE id = $2', [changes.is_pinned ? 1 : 0, id]);
  return (await get(db, userId, id))!;
}

/** Deletes a folder with its referential clean-up, on the client of the caller's transaction: the folder as it was, or null. */
export async function deleteFolder(db: Queryable, userId: string, id: string): Promise<FolderRecord | null> {
  const folder = await get(db, userId, id);
  if (!folder) return null;
  await db.query('UPDATE subscriptions SET folder_id = NULL WHERE user_id = $1 AND folder_id = $2', [userId, id]);
  await db.query('DELETE FROM folders WHERE id = $1', [id]);
  await forgetInSavedSearches(db, userId, 'folder_ids', id);
  return folder;
}

/** The folder store on PostgreSQL. */
export function postgresFolderStore(pool: Pool): FolderStore {
  return {
    list: (userId) => retried(async () => (await pool.query<FolderRow>(`SELECT ${folderColumns} FROM folders fo WHERE fo.user_id = $1
      ORDER BY fo.is_pinned DESC, ${orderWithoutCase('fo.name')}, fo.id COLLATE "C"`, [userId])).rows.map(toFolder)),
    search: (userId, query) => retried(async () => {
      const { rows, total } = await searchByName<FolderRow>(pool, userId, 'folders fo', folderColumns, query);
      return { data: rows.map(toFolder), total };
    }),
    get: (userId, id) => retried(() => get(pool, userId, id)),
    create: async (userId, folder) => {
      try {
        return await inTransaction(pool, async (db) => {
          if (await folderNamed(db, userId, folder.name)) return 'name_taken' as const;
          return (await get(db, userId, await insert(db, userId, folder)))!;
        });
      } catch (error) {
        // Another writer took the name between our check and our insert.
        if (isUniqueViolation(error)) return 'name_taken';
        throw error;
      }
    },
    update: async (userId, id, changes) => {
      try {
        return await inTransaction(pool, (db) => updateFolder(db, userId, id, changes));
      } catch (error) {
        if (isUniqueViolation(error)) return 'name_taken';
        throw error;
      }
    },
    delete: (userId, id) => inTransaction(pool, (db) => deleteFolder(db, userId, id)),
    ensure: async (userId, name) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await inTransaction(pool, async (db) => {
            const found = await folderNamed(db, userId, name);
            if (found) return { id: found, created: false };
            return { id: await insert(db, userId, { name, is_pinned: false }), created: true };
          });
        } catch (error) {
          // Another writer made the folder meanwhile: the next attempt finds it.
          if (attempt >= 2 || !isUniqueViolation(error)) throw error;
        }
      }
    },
    deleteIfEmpty: (userId, ids) => inTransaction(pool, async (db) => {
      await db.query(`DELETE FROM folders WHERE id = ANY($1::text[]) AND user_id = $2
        AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE folder_id = folders.id)`, [ids, userId]);
    }),
  };
}
