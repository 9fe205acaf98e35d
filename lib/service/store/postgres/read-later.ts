import type { Pool } from 'pg';
import type { ReadLaterItem, ReadLaterStore, StoredReadLaterLink } from '../read-later';
import { retried } from './unit-of-work';

const linkColumns = 'service, account, sealed_credentials, linked_at';

/** The read-later store on PostgreSQL. */
export function postgresReadLaterStore(pool: Pool): ReadLaterStore {
  return {
    links: (userId) => retried(async () => (await pool.query<StoredReadLaterLink>(
      `SELECT ${linkColumns} FROM read_later_links WHERE user_id = $1 ORDER BY service COLLATE "C"`, [userId])).rows),
    link: (userId, service) => retried(async () => (await pool.query<StoredReadLaterLink>(
      `SELECT ${linkColumns} FROM read_later_links WHERE user_id = $1 AND service = $2`, [userId, service])).rows[0] ?? null),
    save: (userId, link) => retried(async () => {
      await pool.query(`INSERT INTO read_later_links (user_id, service, account, sealed_credentials, linked_at) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (user_id, service) DO UPDATE SET account = excluded.account, sealed_credentials = excluded.sealed_credentials,
          linked_at = excluded.linked_at`, [userId, link.service, link.account, link.sealed_credentials, link.linked_at]);
    }),
    unlink: (userId, service) => retried(async () =>
      ((await pool.query('DELETE FROM read_later_links WHERE user_id = $1 AND service = $2', [userId, service])).rowCount ?? 0) > 0),
    item: (userId, itemId) => retried(async () => (await pool.query<ReadLaterItem>(`SELECT i.title, i.url, i.summary, i.author, i.item_type
      FROM entries e JOIN items i ON i.id = e.item_id WHERE e.user_id = $1 AND e.item_id = $2`, [userId, itemId])).rows[0] ?? null),
  };
}
