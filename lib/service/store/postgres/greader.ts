import type { Pool } from 'pg';
import type { ContentRow, GreaderStore, GreaderStream, ItemRef, RefQuery, SubscriptionRow, UnreadCount } from '../greader';
import { EntryConditions } from './entry-conditions';
import { bulkUpdate, setTags, tagsOf } from './items';
import { orderWithoutCase } from './name-order';
import { inTransaction, retried } from './unit-of-work';

/** A condition on `entries e` for a stream, its values bound on `where`. */
function streamClause(stream: GreaderStream, where: EntryConditions): string {
  switch (stream.kind) {
    case 'reading-list': return 'TRUE';
    case 'read': return 'e.is_read = 1';
    case 'kept-unread': return 'e.is_read = 0';
    case 'starred': return 'e.is_saved = 1';
    case 'feed': {
      const url = where.bind(stream.url);
      return `e.subscription_id IN (SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
        WHERE s.user_id = $1 AND (f.url = ${url} OR 'tidings:' || f.id = ${url}))`;
    }
    case 'label': {
      // The name columns compare without case (the `nocase` collation), as SQLite's NOCASE.
      const name = where.bind(stream.name);
      return `(e.subscription_id IN (SELECT s.id FROM subscriptions s JOIN folders fo ON fo.id = s.folder_id WHERE s.user_id = $1 AND fo.name = ${name})
        OR e.item_id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.user_id = $1 AND t.name = ${name}))`;
    }
  }
}

function refConditions(userId: string, query: RefQuery): EntryConditions {
  const where = new EntryConditions(userId);
  where.add(streamClause(query.stream, where));
  if (query.exclude) {
    // Leaving out read or starred items as a plain equality, so the partial entries_unread index serves.
    const states: Partial<Record<GreaderStream['kind'], string>> = { read: 'e.is_read = 0', 'kept-unread': 'e.is_read = 1', starred: 'e.is_saved = 0' };
    where.add(states[query.exclude.kind] ?? `NOT ${streamClause(query.exclude, where)}`);
  }
  if (query.include) where.add(streamClause(query.include, where));
  if (query.oldestMs !== undefined) where.add(`e.published_ms > ${where.bind(query.oldestMs)}`);
  if (query.newestMs !== undefined) where.add(`e.published_ms < ${where.bind(query.newestMs)}`);
  if (query.after) {
    // Item ids in byte order (the "C" collation), as SQLite orders them, whatever the database's locale.
    where.add(`(e.published_ms, e.item_id COLLATE "C") ${query.oldestFirst ? '>' : '<'} (${where.bind(query.after.ms)}, ${where.bind(query.after.itemId)})`);
  }
  return where;
}

// pg reads BIGINT (rowids, milliseconds) as strings: the records hold numbers.
const contentsSql = `SELECT e.item_rowid::float8 AS id, e.item_id, i.title, i.url, i.author, COALESCE(i.content, i.summary, '') AS html,
    e.published_ms::float8 AS published_ms, i.created_at, e.is_read, e.is_saved, f.url AS feed_url, 'tidings:' || f.id AS feed_key,
    COALESCE(s.title, f.title) AS feed_title, f.website, fo.name AS folder,
    (SELECT string_agg(t.name, E'\\n') FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = e.user_id AND it.item_id = e.item_id) AS tags
  FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id
    LEFT JOIN subscriptions s ON s.id = e.subscription_id LEFT JOIN folders fo ON fo.id = s.folder_id
  WHERE e.user_id = $1 AND e.item_rowid = ANY($2::bigint[])`;

/** Thrown inside edit-tag's transaction to undo it when a save passes the limit. */
class SavedLimit extends Error {}

/** The Google Reader store on PostgreSQL: item numbers are the items' `rowid` identity column. */
export function postgresGreaderStore(pool: Pool): GreaderStore {
  const rows = <Row>(sql: string, values: unknown[]) => retried(async () => (await pool.query(sql, values)).rows as Row[]);
  const names = async (sql: string, userId: string) => (await rows<{ name: string }>(sql, [userId])).map((row) => row.name);
  return {
    itemRefs: (userId, query) => retried(async () => {
      const where = refConditions(userId, query);
      const direction = query.oldestFirst ? 'ASC' : 'DESC';
      // The item id comes with each row, so the continuation needs no second read (its entry may be gone by then).
      const { rows } = await pool.query<[...ItemRef, string]>({
        text: `SELECT e.item_rowid::float8, e.published_ms::float8, e.item_id FROM entries e WHERE ${where.sql()}
          ORDER BY e.published_ms ${direction}, e.item_id COLLATE "C" ${direction} LIMIT ${where.bind(query.count + 1)}`,
        values: where.values,
        rowMode: 'array',
      });
      const refs = rows.slice(0, query.count).map(([id, ms]): ItemRef => [id, ms]);
      if (rows.length <= query.count) return { refs };
      const [, ms, itemId] = rows[query.count - 1]!;
      return { refs, next: { ms, itemId } };
    }),
    itemContents: async (userId, ids) => {
      if (!ids.length) return [];
      const found = await rows<ContentRow>(contentsSql, [userId, ids]);
      const byId = new Map(found.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    subscriptions: (userId) => rows<SubscriptionRow>(`SELECT s.id, COALESCE(s.title, f.title) AS title, f.url AS feed_url, 'tidings:' || f.id AS feed_key,
        f.website, fo.name AS folder
      FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
      WHERE s.user_id = $1 ORDER BY ${orderWithoutCase('COALESCE(s.title, f.title)')}, s.id COLLATE "C"`, [userId]),
    unreadBySubscription: (userId) => rows<UnreadCount>(`SELECT subscription_id, COUNT(*)::int AS count, MAX(published_ms)::float8 AS newest_ms FROM entries
      WHERE user_id = $1 AND is_read = 0 AND subscription_id IS NOT NULL GROUP BY subscription_id`, [userId]),
    labelNames: async (userId) => ({
      folders: await names(`SELECT name FROM folders WHERE user_id = $1 ORDER BY ${orderWithoutCase('name')}`, userId),
      tags: await names(`SELECT name FROM tags WHERE user_id = $1 ORDER BY ${orderWithoutCase('name')}`, userId),
    }),
    labelIds: async (userId, name) => {
      const [ids] = await rows<{ folder: string | null; tag: string | null }>(`SELECT
        (SELECT id FROM folders WHERE user_id = $1 AND name = $2) AS folder, (SELECT id FROM tags WHERE user_id = $1 AND name = $2) AS tag`, [userId, name]);
      return { folder: ids?.folder ?? undefined, tag: ids?.tag ?? undefined };
    },
    editItems: async (userId, ids, edit, savedLimit) => {
      if (!ids.length) return 0;
      try {
        return await inTransaction(pool, async (db) => {
          const { rows: found } = await db.query<{ item_id: string }>('SELECT item_id FROM entries WHERE user_id = $1 AND item_rowid = ANY($2::bigint[])',
            [userId, ids]);
          const itemIds = found.map((row) => row.item_id);
          if (!itemIds.length) return 0;
          for (const action of edit.actions) {
            if (await bulkUpdate(db, userId, itemIds, action, savedLimit) === 'saved_limit') throw new SavedLimit();
          }
          if (edit.retag) {
            for (const itemId of itemIds) await setTags(db, userId, itemId, edit.retag((await tagsOf(db, userId, itemId)).map((tag) => tag.name)));
          }
          return itemIds.length;
        });
      } catch (error) {
        if (error instanceof SavedLimit) return 'saved_limit';
        throw error;
      }
    },
  };
}
