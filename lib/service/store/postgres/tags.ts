import type { Pool } from 'pg';
import type { Tag } from '@/lib/contract/items';
import type { TagListEntry } from '@/lib/contract/organizing';
import type { TagStore } from '../tags';
import { orderWithoutCase } from './name-order';
import { searchByName } from './name-search';
import { forgetInSavedSearches } from './saved-search-references';
import { inTransaction, retried, type Queryable } from './unit-of-work';

// A tag record's columns, from `tags t`, as SQLite's store reads them (counts as integers, not BIGINT strings).
const tagColumns = 't.id, t.name, (SELECT COUNT(*)::int FROM item_tags c WHERE c.tag_id = t.id) AS item_count';

// Only the list counts unread items: the tag record elsewhere (items, search) is SPEC.md's, without it.
const unreadColumn = `(SELECT COUNT(*)::int FROM item_tags c JOIN entries e ON e.user_id = c.user_id AND e.item_id = c.item_id
  WHERE c.tag_id = t.id AND e.is_read = 0) AS unread_count`;

async function get(db: Queryable, userId: string, id: string): Promise<Tag | null> {
  const { rows } = await db.query<Tag>(`SELECT ${tagColumns} FROM tags t WHERE t.id = $1 AND t.user_id = $2`, [id, userId]);
  return rows[0] ?? null;
}

/** Renames a tag, merging it into one already named so, on the client of the caller's transaction (see TagStore.rename). */
export async function renameTag(db: Queryable, userId: string, id: string, name: string): Promise<Tag | null> {
  if (!(await get(db, userId, id))) return null;
  // The name column compares without case (the `nocase` collation in the schema).
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tags WHERE user_id = $1 AND name = $2 AND id != $3 FOR UPDATE',
    [userId, name, id]);
  const target = rows[0]?.id;
  if (!target) {
    await db.query('UPDATE tags SET name = $1 WHERE id = $2', [name, id]);
    return get(db, userId, id);
  }
  await db.query(`INSERT INTO item_tags (tag_id, item_id, user_id) SELECT $1, item_id, user_id FROM item_tags WHERE tag_id = $2
    ON CONFLICT DO NOTHING`, [target, id]);
  await db.query('DELETE FROM tags WHERE id = $1', [id]);
  await db.query('UPDATE tags SET name = $1 WHERE id = $2', [name, target]);
  await forgetInSavedSearches(db, userId, 'tag_ids', id, target);
  return get(db, userId, target);
}

/** Deletes a tag from every item and saved search, on the client of the caller's transaction: the tag as it was, or null. */
export async function deleteTag(db: Queryable, userId: string, id: string): Promise<Tag | null> {
  const tag = await get(db, userId, id);
  if (!tag) return null;
  await db.query('DELETE FROM tags WHERE id = $1', [id]);
  await forgetInSavedSearches(db, userId, 'tag_ids', id);
  return tag;
}

/** The tag store on PostgreSQL. */
export function postgresTagStore(pool: Pool): TagStore {
  return {
    list: (userId) => retried(async () => (await pool.query<TagListEntry>(`SELECT ${tagColumns}, ${unreadColumn} FROM tags t
      WHERE t.user_id = $1 ORDER BY ${orderWithoutCase('t.name')}, t.id COLLATE "C"`, [userId])).rows),
    search: (userId, query) => retried(async () => {
      const { rows, total } = await searchByName<Tag>(pool, userId, 'tags t', tagColumns, query);
      return { data: rows, total };
    }),
    get: (userId, id) => retried(() => get(pool, userId, id)),
    rename: (userId, id, name) => inTransaction(pool, (db) => renameTag(db, userId, id, name)),
    delete: (userId, id) => inTransaction(pool, (db) => deleteTag(db, userId, id)),
  };
}
