import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { SavedSearchRecord } from '@/lib/contract/search';
import type { MissingReference, SavedSearchChanges, SavedSearchReferences, SavedSearchStore } from '../saved-searches';
import { savedSearchColumns, toSavedSearch, type SavedSearchRow } from '../sqlite/saved-searches';
import { orderWithoutCase } from './name-order';
import { searchByName } from './name-search';
import { inTransaction, isUniqueViolation, retried, type Queryable } from './unit-of-work';

const referenceTables = [['subscription_ids', 'subscriptions'], ['folder_ids', 'folders'], ['tag_ids', 'tags']] as const;

async function get(db: Queryable, userId: string, id: string): Promise<SavedSearchRecord | null> {
  const { rows } = await db.query<SavedSearchRow>(`SELECT ${savedSearchColumns} FROM saved_searches ss WHERE ss.id = $1 AND ss.user_id = $2`,
    [id, userId]);
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

/** The first id the query names that is not the user's, in the order subscriptions, folders, tags. */
async function missingReference(db: Queryable, userId: string, references: SavedSearchReferences): Promise<MissingReference | null> {
  for (const [key, table] of referenceTables) {
    const ids = [...new Set(references[key] ?? [])];
    if (!ids.length) continue;
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE user_id = $1 AND id = ANY($2::text[])`, [userId, ids]);
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) return { missing: key, id: missing };
  }
  return null;
}

/** Whether another saved search of the user has the name (the column compares without case). */
async function nameTaken(db: Queryable, userId: string, name: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM saved_searches WHERE user_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [userId, name, exceptId]);
  return rows.length > 0;
}

/** A refusal by the name's UNIQUE constraint (another writer took the name after our check) as the store reports it. */
async function nameRace<T>(work: Promise<T>): Promise<T | 'name_taken'> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) return 'name_taken';
    throw error;
  }
}

/** The saved-search store on PostgreSQL. */
export function postgresSavedSearchStore(pool: Pool): SavedSearchStore {
  return {
    list: (userId) => retried(async () => (await pool.query<SavedSearchRow>(`SELECT ${savedSearchColumns} FROM saved_searches ss
      WHERE ss.user_id = $1 ORDER BY ss.is_pinned DESC, ${orderWithoutCase('ss.name')}, ss.id COLLATE "C"`, [userId])).rows.map(toSavedSearch)),
    search: (userId, query) => retried(async () => {
      const { rows, total } = await searchByName<SavedSearchRow>(pool, userId, 'saved_searches ss', savedSearchColumns, query);
      return { data: rows.map(toSavedSearch), total };
    }),
    get: (userId, id) => retried(() => get(pool, userId, id)),
    create: (userId, search, references) => nameRace(inTransaction(pool, async (db) => {
      const missing = await missingReference(db, userId, references);
      if (missing) return missing;
      if (await nameTaken(db, userId, search.name, null)) return 'name_taken' as const;
      const id = randomUUID();
      const now = new Date().toISOString();
      await db.query(`INSERT INTO saved_searches (id, user_id, name, query_data, is_pinned, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $6)`, [id, userId, search.name, JSON.stringify(search.query), search.is_pinned ? 1 : 0, now]);
      return (await get(db, userId, id))!;
    })),
    update: (userId, id, changes: SavedSearchChanges, references) => nameRace(inTransaction(pool, async (db) => {
      if (!(await get(db, userId, id))) return 'not_found' as const;
      const sets: string[] = [];
      const values: unknown[] = [id, new Date().toISOString()];
      if (changes.name !== undefined) {
        if (await nameTaken(db, userId, changes.name, id)) return 'name_taken' as const;
        values.push(changes.name);
        sets.push(`name = $${values.length}`);
      }
      if (changes.query !== undefined) {
        const missing = await missingReference(db, userId, references);
        if (missing) return missing;
        values.push(JSON.stringify(changes.query));
        sets.push(`query_data = $${values.length}`);
      }
      if (changes.is_pinned !== undefined) {
        values.push(changes.is_pinned ? 1 : 0);
        sets.push(`is_pinned = $${values.length}`);
      }
      if (sets.length) await db.query(`UPDATE saved_searches SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1`, values);
      return (await get(db, userId, id))!;
    })),
    delete: (userId, id) => retried(async () => {
      const { rows } = await pool.query<SavedSearchRow>(`DELETE FROM saved_searches ss WHERE ss.id = $1 AND ss.user_id = $2
        RETURNING ${savedSearchColumns}`, [id, userId]);
      return rows[0] ? toSavedSearch(rows[0]) : null;
    }),
  };
}
