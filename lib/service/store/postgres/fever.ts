import type { Pool } from 'pg';
import type { FeverFavicon, FeverFeed, FeverItem, FeverStore } from '../fever';
import { orderWithoutCase } from './name-order';
import { retried } from './unit-of-work';

// pg reads BIGINT (rowids, milliseconds) as strings: the Fever records hold numbers.
const itemSelect = `SELECT e.item_rowid::float8 AS id, f.rowid::float8 AS feed_id, i.title, i.author, COALESCE(i.content, i.summary, '') AS html,
    i.url, e.is_saved, e.is_read, e.published_ms::float8 AS published_ms
  FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id`;

/** The Fever store on PostgreSQL: Fever ids are the `rowid` identity columns of items, feeds and folders. */
export function postgresFeverStore(pool: Pool): FeverStore {
  const rows = <Row>(sql: string, values: unknown[]) => retried(async () => (await pool.query(sql, values)).rows as Row[]);
  const ids = async (sql: string, values: unknown[]) => (await rows<{ id: number }>(sql, values)).map((row) => row.id);
  return {
    items: (userId, page, limit) => {
      if (page.ids) {
        if (!page.ids.length) return Promise.resolve([]);
        return rows<FeverItem>(`${itemSelect} WHERE e.user_id = $1 AND e.item_rowid = ANY($2::bigint[]) ORDER BY e.item_rowid`, [userId, page.ids]);
      }
      if (page.maxId !== undefined) {
        return rows<FeverItem>(`${itemSelect} WHERE e.user_id = $1 AND e.item_rowid < $2 ORDER BY e.item_rowid DESC LIMIT $3`, [userId, page.maxId, limit]);
      }
      return rows<FeverItem>(`${itemSelect} WHERE e.user_id = $1 AND e.item_rowid > $2 ORDER BY e.item_rowid LIMIT $3`, [userId, page.sinceId ?? 0, limit]);
    },
    totalItems: async (userId) => (await ids('SELECT COALESCE(SUM(n), 0)::float8 AS id FROM entry_counts WHERE user_id = $1', [userId]))[0] ?? 0,
    itemIds: (userId, state) => ids(`SELECT item_rowid::float8 AS id FROM entries WHERE user_id = $1 AND ${state === 'unread' ? 'is_read = 0' : 'is_saved = 1'}
      ORDER BY item_rowid`, [userId]),
    feeds: (userId) => rows<FeverFeed>(`SELECT f.rowid::float8 AS id, COALESCE(s.title, f.title) AS title, f.url, f.website AS site_url, f.last_fetched_at,
        fo.rowid::float8 AS group_id, EXISTS (SELECT 1 FROM feed_icons i WHERE i.feed_id = f.id AND i.data IS NOT NULL)::int AS has_icon
      FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
      WHERE s.user_id = $1 ORDER BY ${orderWithoutCase('COALESCE(s.title, f.title)')}`, [userId]),
    favicons: (userId) => rows<FeverFavicon>(`SELECT f.rowid::float8 AS id, i.content_type, i.data
      FROM subscriptions s JOIN feeds f ON f.id = s.feed_id JOIN feed_icons i ON i.feed_id = f.id
      WHERE s.user_id = $1 AND i.data IS NOT NULL ORDER BY f.rowid`, [userId]),
    groups: (userId) => rows<{ id: number; title: string }>(`SELECT rowid::float8 AS id, name AS title FROM folders WHERE user_id = $1
      ORDER BY ${orderWithoutCase('name')}`, [userId]),
    idOf: async (userId, kind, feverId) => {
      const sql = {
        item: 'SELECT item_id AS id FROM entries WHERE user_id = $1 AND item_rowid = $2',
        feed: 'SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = $1 AND f.rowid = $2',
        group: 'SELECT id FROM folders WHERE user_id = $1 AND rowid = $2',
      }[kind];
      return (await rows<{ id: string }>(sql, [userId, feverId]))[0]?.id ?? null;
    },
  };
}
