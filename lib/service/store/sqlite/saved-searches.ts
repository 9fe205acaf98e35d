import { randomUUID } from 'node:crypto';
import type { SavedSearchRecord } from '@/lib/contract/search';
import { preparedOnce, preparedStatement, type Db } from '../database';
import { searchByName } from './name-search';
import type { MissingReference, SavedSearchChanges, SavedSearchReferences, SavedSearchStore } from '../saved-searches';

/** A saved search's columns, from `saved_searches ss`. */
export const savedSearchColumns = 'ss.id, ss.name, ss.query_data, ss.is_pinned, ss.updated_at';

export type SavedSearchRow = { id: string; name: string; query_data: string; is_pinned: number; updated_at: string };

/** Maps a row to the saved-search record. */
export function toSavedSearch(row: SavedSearchRow): SavedSearchRecord {
  return { id: row.id, name: row.name, query_data: JSON.parse(row.query_data), is_pinned: row.is_pinned === 1, updated_at: row.updated_at };
}

const referenceTables = [['subscription_ids', 'subscriptions'], ['folder_ids', 'folders'], ['tag_ids', 'tags']] as const;

const statements = preparedOnce((db: Db) => ({
  list: db.prepare(`SELECT ${savedSearchColumns} FROM saved_searches ss WHERE ss.user_id = ?
    ORDER BY ss.is_pinned DESC, ss.name COLLATE NOCASE, ss.id`),
  get: db.prepare(`SELECT ${savedSearchColumns} FROM saved_searches ss WHERE ss.id = ? AND ss.user_id = ?`),
  // The name column compares without case (COLLATE NOCASE in the schema).
  named: db.prepare('SELECT id FROM saved_searches WHERE user_id = ? AND name = ? AND id IS NOT ?').pluck(),
  insert: db.prepare(`INSERT INTO saved_searches (id, user_id, name, query_data, is_pinned, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`),
  delete: db.prepare('DELETE FROM saved_searches WHERE id = ?'),
  owned: Object.fromEntries(referenceTables.map(([key, table]) => [key,
    db.prepare<[string, string], string>(`SELECT id FROM ${table} WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`).pluck()])),
}));

/** The saved-search store on SQLite. */
export function sqliteSavedSearchStore(db: Db): SavedSearchStore {
  const get = (userId: string, id: string) => {
    const row = statements(db).get.get(id, userId) as SavedSearchRow | undefined;
    return row ? toSavedSearch(row) : null;
  };
  const missingReference = (userId: string, references: SavedSearchReferences): MissingReference | null => {
    for (const [key] of referenceTables) {
      const ids = [...new Set(references[key] ?? [])];
      if (!ids.length) continue;
      const found = new Set(statements(db).owned[key].all(userId, JSON.stringify(ids)));
      const missing = ids.find((id) => !found.has(id));
      if (missing) return { missing: key, id: missing };
    }
    return null;
  };
  const nameTaken = (userId: string, name: string, exceptId: string | null) => statements(db).named.get(userId, name, exceptId) !== undefined;

  const create = db.transaction((userId: string, search: { name: string; query: Record<string, unknown>; is_pinned: boolean }, references: SavedSearchReferences) => {
    const missing = missingReference(userId, references);
    if (missing) return missing;
    if (nameTaken(userId, search.name, null)) return 'name_taken' as const;
    const id = randomUUID();
    const now = new Date().toISOString();
    statements(db).insert.run(id, userId, search.name, JSON.stringify(search.query), search.is_pinned ? 1 : 0, now, now);
    return get(userId, id)!;
  });
  const update = db.transaction((userId: string, id: string, changes: SavedSearchChanges, references: SavedSearchReferences) => {
    if (!get(userId, id)) return 'not_found' as const;
    const sets: string[] = [];
    const params: Record<string, unknown> = { id, now: new Date().toISOString() };
    if (changes.name !== undefined) {
      if (nameTaken(userId, changes.name, id)) return 'name_taken' as const;
      sets.push('name = @name');
      params.name = changes.name;
    }
    if (changes.query !== undefined) {
      const missing = missingReference(userId, references);
      if (missing) return missing;
      sets.push('query_data = @query');
      params.query = JSON.stringify(changes.query);
    }
    if (changes.is_pinned !== undefined) {
      sets.push('is_pinned = @pinned');
      params.pinned = changes.is_pinned ? 1 : 0;
    }
    if (sets.length) preparedStatement(db, `UPDATE saved_searches SET ${sets.join(', ')}, updated_at = @now WHERE id = @id`).run(params);
    return get(userId, id)!;
  });
  const remove = db.transaction((userId: string, id: string) => {
    const search = get(userId, id);
    if (search) statements(db).delete.run(id);
    return search;
  });
  return {
    list: async (userId) => (statements(db).list.all(userId) as SavedSearchRow[]).map(toSavedSearch),
    search: async (userId, query) => {
      const { rows, total } = searchByName<SavedSearchRow>(db, userId, 'saved_searches ss', savedSearchColumns, query);
      return { data: rows.map(toSavedSearch), total };
    },
    get: async (userId, id) => get(userId, id),
    create: async (userId, search, references) => create(userId, search, references),
    update: async (userId, id, changes, references) => update(userId, id, changes, references),
    delete: async (userId, id) => remove(userId, id),
  };
}
