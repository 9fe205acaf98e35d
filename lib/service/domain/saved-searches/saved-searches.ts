import { randomUUID } from 'node:crypto';
import type { SavedSearchRecord } from '@/lib/contract/search';
import type { CreateSavedSearchBody, SavedSearchQueryData, UpdateSavedSearchBody } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { conflict, invalidFields, notFound } from '../errors';

/** A saved search's columns, from `saved_searches ss`. */
export const savedSearchColumns = 'ss.id, ss.name, ss.query_data, ss.is_pinned, ss.updated_at';

export type SavedSearchRow = { id: string; name: string; query_data: string; is_pinned: number; updated_at: string };

/** Maps a row to the saved-search record. */
export function toSavedSearch(row: SavedSearchRow): SavedSearchRecord {
  return { id: row.id, name: row.name, query_data: JSON.parse(row.query_data), is_pinned: row.is_pinned === 1, updated_at: row.updated_at };
}

/** Values the items list assumes when a parameter is absent: not worth keeping. */
const listDefaults: Record<string, unknown> = { order_by: 'newest', include_global: false, include_body: true };

/** The query as GET /v1/items's query string writes it: booleans as text, defaults and empty lists left out. */
function toQueryForm(query: SavedSearchQueryData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || listDefaults[key] === value || (Array.isArray(value) && !value.length)) continue;
    out[key] = typeof value === 'boolean' ? String(value) : value;
  }
  return out;
}

const ownedLists = [['subscription_ids', 'subscriptions', 'subscription'], ['folder_ids', 'folders', 'folder'], ['tag_ids', 'tags', 'tag']] as const;

/** What the items list would refuse, refused now: 422 for include_global without q, 404 for ids the user lacks. */
function checkQuery(db: Db, user: User, query: SavedSearchQueryData): void {
  if (query.include_global && !query.q) throw invalidFields(['query_data.include_global requires query_data.q.']);
  for (const [key, table, noun] of ownedLists) {
    const ids = [...new Set(query[key] ?? [])];
    if (!ids.length) continue;
    const found = new Set(db.prepare(`SELECT id FROM ${table} WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`)
      .pluck().all(user.id, JSON.stringify(ids)) as string[]);
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw notFound(`No ${noun} with id ${missing} exists (query_data.${key}).`);
  }
}

function requireFreeName(db: Db, user: User, name: string, exceptId: string | null): void {
  const taken = db.prepare('SELECT id FROM saved_searches WHERE user_id = ? AND name = ? AND id IS NOT ?').pluck().get(user.id, name, exceptId);
  if (taken) throw conflict(`A saved search named "${name}" already exists.`);
}

/** GET /v1/saved-searches: pinned first, then by name. */
export function listSavedSearches(db: Db, user: User): SavedSearchRecord[] {
  const rows = db.prepare(`SELECT ${savedSearchColumns} FROM saved_searches ss WHERE ss.user_id = ?
    ORDER BY ss.is_pinned DESC, ss.name COLLATE NOCASE, ss.id`).all(user.id) as SavedSearchRow[];
  return rows.map(toSavedSearch);
}

/** One saved search of the user, or 404. */
export function getSavedSearch(db: Db, user: User, id: string): SavedSearchRecord {
  const row = db.prepare(`SELECT ${savedSearchColumns} FROM saved_searches ss WHERE ss.id = ? AND ss.user_id = ?`).get(id, user.id) as SavedSearchRow | undefined;
  if (!row) throw notFound(`No saved search with id ${id} exists.`);
  return toSavedSearch(row);
}

/** POST /v1/saved-searches. */
export function createSavedSearch(db: Db, user: User, body: CreateSavedSearchBody): SavedSearchRecord {
  return db.transaction(() => {
    checkQuery(db, user, body.query_data);
    requireFreeName(db, user, body.name, null);
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO saved_searches (id, user_id, name, query_data, is_pinned, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(id, user.id, body.name, JSON.stringify(toQueryForm(body.query_data)), body.is_pinned ? 1 : 0, now, now);
    return getSavedSearch(db, user, id);
  })();
}

/** PATCH /v1/saved-searches/{id}: name, query (replaced whole) and pin; updated_at moves on every change. */
export function updateSavedSearch(db: Db, user: User, id: string, body: UpdateSavedSearchBody): SavedSearchRecord {
  return db.transaction(() => {
    getSavedSearch(db, user, id);
    const sets: string[] = [];
    const params: Record<string, unknown> = { id, now: new Date().toISOString() };
    if (body.name !== undefined) {
      requireFreeName(db, user, body.name, id);
      sets.push('name = @name');
      params.name = body.name;
    }
    if (body.query_data !== undefined) {
      checkQuery(db, user, body.query_data);
      sets.push('query_data = @query');
      params.query = JSON.stringify(toQueryForm(body.query_data));
    }
    if (body.is_pinned !== undefined) {
      sets.push('is_pinned = @pinned');
      params.pinned = body.is_pinned ? 1 : 0;
    }
    if (sets.length) db.prepare(`UPDATE saved_searches SET ${sets.join(', ')}, updated_at = @now WHERE id = @id`).run(params);
    return getSavedSearch(db, user, id);
  })();
}

/** DELETE /v1/saved-searches/{id}. */
export function deleteSavedSearch(db: Db, user: User, id: string): string {
  const search = getSavedSearch(db, user, id);
  db.prepare('DELETE FROM saved_searches WHERE id = ?').run(id);
  return `Deleted the saved search ${search.name}.`;
}
