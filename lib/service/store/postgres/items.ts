import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { BulkItemAction, Tag } from '@/lib/contract/items';
import type { DetailRow, EntryChange, ItemDetailParts, ItemFilter, ItemRow, ItemStore, MissingTarget } from '../items';
import { detailColumns, hiddenDetail, itemColumns, itemJoins } from '../item-columns';
import { bigNumber } from './big-numbers';
import { listItemPage, missingTarget } from './item-list';
import { setReadInBulk } from './mark-all';
import { searchItemRows } from './item-search';
import { orderWithoutCase } from './name-order';
import { inTransaction, retried, type Queryable } from './unit-of-work';

/** SQL written with `?` placeholders (shared with SQLite's store) in PostgreSQL's numbered form. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const detailSql = numbered(`SELECT ${detailColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
  WHERE e.user_id = ? AND e.item_id = ?`);
const hiddenDetailSql = numbered(hiddenDetail);

type RawDetail = Omit<DetailRow, 'last_played_ms'> & { last_played_ms: string | number | null };

async function detailRow(db: Queryable, userId: string, itemId: string, lock = false): Promise<DetailRow | null> {
  // The entry's row stays locked until a change is kept: a concurrent update waits and then reads it.
  const own = (await db.query<RawDetail>(lock ? `${detailSql} FOR UPDATE OF e` : detailSql, [userId, itemId])).rows[0];
  // A hidden item is found by search, so it opens too (and takes tags; its entry's state waits until it is shown again).
  const row = own ?? (await db.query<RawDetail>(hiddenDetailSql, [userId, itemId])).rows[0];
  return row ? { ...row, last_played_ms: bigNumber(row.last_played_ms) } : null;
}

/** The tags the user put on an item, A to Z, with how many items each has. */
export async function tagsOf(db: Queryable, userId: string, itemId: string): Promise<Tag[]> {
  return (await db.query<Tag>(`SELECT t.id, t.name, (SELECT COUNT(*)::int FROM item_tags c WHERE c.tag_id = t.id) AS item_count
    FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = $1 AND it.item_id = $2 ORDER BY ${orderWithoutCase('t.name')}`,
  [userId, itemId])).rows;
}

async function detail(db: Queryable, userId: string, itemId: string): Promise<ItemDetailParts | null> {
  const row = await detailRow(db, userId, itemId);
  if (!row) return null;
  const names = await db.query<{ name: string }>(`SELECT name FROM tags WHERE user_id = $1 ORDER BY ${orderWithoutCase('name')}`, [userId]);
  return { row, tags: await tagsOf(db, userId, itemId), tag_names: names.rows.map((tag) => tag.name) };
}

/** Replaces the user's tags on an item (run inside a transaction), making tags that do not exist. */
export async function setTags(db: Queryable, userId: string, itemId: string, names: string[]): Promise<void> {
  const tagIds = new Set<string>();
  for (const name of names) {
    // The name column compares without case (the `nocase` collation); a tag another writer made meanwhile is found.
    await db.query('INSERT INTO tags (id, user_id, name, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, name) DO NOTHING',
      [randomUUID(), userId, name, new Date().toISOString()]);
    tagIds.add((await db.query<{ id: string }>('SELECT id FROM tags WHERE user_id = $1 AND name = $2', [userId, name])).rows[0]!.id);
  }
  await db.query('DELETE FROM item_tags WHERE user_id = $1 AND item_id = $2', [userId, itemId]);
  if (tagIds.size) {
    await db.query('INSERT INTO item_tags (tag_id, item_id, user_id) SELECT unnest($1::text[]), $2, $3', [[...tagIds], itemId, userId]);
  }
}

async function roomToSave(db: Queryable, userId: string, adding: number, savedLimit: number | null): Promise<boolean> {
  if (savedLimit === null || adding === 0) return true;
  const { rows: [saved] } = await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM entries WHERE user_id = $1 AND is_saved = 1', [userId]);
  return saved!.n + adding <= savedLimit;
}

const bulkChange: Record<BulkItemAction, string> = {
  mark_read: 'is_read = 1',
  mark_unread: 'is_read = 0',
  save: 'is_saved = 1, saved_at = $3',
  unsave: 'is_saved = 0, saved_at = NULL',
};

/** One action on the user's entries among `itemIds` (run inside a transaction): how many changed, or 'saved_limit' (nothing changed). */
export async function bulkUpdate(db: Queryable, userId: string, itemIds: string[], action: BulkItemAction, savedLimit: number | null):
  Promise<number | 'saved_limit'> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return 0;
  if (action === 'save') {
    const { rows: [adding] } = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM entries
      WHERE user_id = $1 AND is_saved = 0 AND item_id = ANY($2::text[])`, [userId, ids]);
    if (!(await roomToSave(db, userId, adding!.n, savedLimit))) return 'saved_limit';
  }
  const values = action === 'save' ? [userId, ids, new Date().toISOString()] : [userId, ids];
  return (await db.query(`UPDATE entries SET ${bulkChange[action]} WHERE user_id = $1 AND item_id = ANY($2::text[])`, values)).rowCount ?? 0;
}

/** Marks the entries read or unread (see setReadInBulk). */
async function markAll(db: Queryable, userId: string, filter: ItemFilter, read: boolean): Promise<number | MissingTarget> {
  return (await missingTarget(db, userId, filter)) ?? setReadInBulk(db, userId, filter, read ? 1 : 0);
}

/** The item store on PostgreSQL. */
export function postgresItemStore(pool: Pool): ItemStore {
  return {
    list: (userId, query) => retried(() => listItemPage(pool, userId, query)),
    detail: (userId, itemId) => retried(() => detail(pool, userId, itemId)),
    update: (userId, itemId, decide, savedLimit) => inTransaction(pool, async (db) => {
      const current = await detailRow(db, userId, itemId, true);
      if (!current) return null;
      const change: EntryChange = decide(current);
      const saving = change.is_saved !== undefined && (change.is_saved ? 1 : 0) !== current.is_saved;
      if (saving && change.is_saved && !(await roomToSave(db, userId, 1, savedLimit))) return 'saved_limit' as const;
      const sets: string[] = [];
      const values: unknown[] = [userId, itemId];
      const bind = (value: unknown) => `$${values.push(value)}`;
      if (change.is_read !== undefined) sets.push(`is_read = ${change.is_read ? 1 : 0}`);
      if (saving) sets.push(change.is_saved ? `is_saved = 1, saved_at = ${bind(new Date().toISOString())}` : 'is_saved = 0, saved_at = NULL');
      if (change.notes !== undefined) sets.push(`notes = ${bind(change.notes)}`);
      if (change.prefers_full_content !== undefined) sets.push(`prefers_full_content = ${change.prefers_full_content ? 1 : 0}`);
      if (sets.length) await db.query(`UPDATE entries SET ${sets.join(', ')} WHERE user_id = $1 AND item_id = $2`, values);
      if (change.tags !== undefined) await setTags(db, userId, itemId, change.tags);
      return detail(db, userId, itemId);
    }),
    bulkUpdate: (userId, itemIds, action, savedLimit) => inTransaction(pool, (db) => bulkUpdate(db, userId, itemIds, action, savedLimit)),
    markAll: (userId, filter, read) => inTransaction(pool, (db) => markAll(db, userId, filter, read)),
    tagsOf: (userId, itemId) => retried(() => tagsOf(pool, userId, itemId)),
    setTags: (userId, itemId, names) => inTransaction(pool, (db) => setTags(db, userId, itemId, names)),
    search: (userId, text, limit) => retried(() => searchItemRows(pool, userId, text, limit)),
    withEntries: (userId, itemIds) => retried(async () => (await pool.query<{ item_id: string }>(
      'SELECT item_id FROM entries WHERE user_id = $1 AND item_id = ANY($2::text[])', [userId, itemIds])).rows.map((row) => row.item_id)),
    rowsByIds: (userId, itemIds) => retried(async () => (await pool.query<ItemRow & { last_played_ms: string | number | null }>(
      `SELECT ${itemColumns} FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins} WHERE e.user_id = $1 AND e.item_id = ANY($2::text[])`,
      [userId, itemIds])).rows.map((row) => ({ ...row, last_played_ms: bigNumber(row.last_played_ms) }))),
  };
}
