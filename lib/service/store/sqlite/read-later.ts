import { preparedOnce, type Db } from '../database';
import type { ReadLaterItem, ReadLaterStore, StoredReadLaterLink } from '../read-later';

const statements = preparedOnce((db: Db) => ({
  links: db.prepare('SELECT service, account, sealed_credentials, linked_at FROM read_later_links WHERE user_id = ? ORDER BY service'),
  link: db.prepare('SELECT service, account, sealed_credentials, linked_at FROM read_later_links WHERE user_id = ? AND service = ?'),
  save: db.prepare(`INSERT INTO read_later_links (user_id, service, account, sealed_credentials, linked_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id, service) DO UPDATE SET account = excluded.account, sealed_credentials = excluded.sealed_credentials,
      linked_at = excluded.linked_at`),
  unlink: db.prepare('DELETE FROM read_later_links WHERE user_id = ? AND service = ?'),
  item: db.prepare(`SELECT i.title, i.url, i.summary, i.author, i.item_type FROM entries e JOIN items i ON i.id = e.item_id
    WHERE e.user_id = ? AND e.item_id = ?`),
}));

/** The read-later store on SQLite. */
export function sqliteReadLaterStore(db: Db): ReadLaterStore {
  const s = statements(db);
  return {
    links: async (userId) => s.links.all(userId) as StoredReadLaterLink[],
    link: async (userId, service) => (s.link.get(userId, service) as StoredReadLaterLink | undefined) ?? null,
    save: async (userId, link) => { s.save.run(userId, link.service, link.account, link.sealed_credentials, link.linked_at); },
    unlink: async (userId, service) => s.unlink.run(userId, service).changes > 0,
    item: async (userId, itemId) => (s.item.get(userId, itemId) as ReadLaterItem | undefined) ?? null,
  };
}
