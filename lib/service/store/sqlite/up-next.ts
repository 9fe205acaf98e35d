import { allRows, preparedOnce, type Db } from '../database';
import { toItem, type ItemRow } from '../../domain/items/item-view';
import { itemColumns, itemJoins } from '../item-columns';
import type { UpNextStore } from '../up-next';

const queueFrom = `FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
  LEFT JOIN up_next q ON q.user_id = e.user_id AND q.item_id = e.item_id
  WHERE e.user_id = @user AND e.item_type = 'episode' AND e.is_read = 0 AND COALESCE(e.playback_position, 0) = 0
    AND s.id IS NOT NULL AND i.audio_url IS NOT NULL AND COALESCE(q.removed, 0) = 0`;
const queueOrder = 'ORDER BY q.position IS NOT NULL, q.position, e.published_ms DESC, e.item_id DESC';

const statements = preparedOnce((db: Db) => ({
  list: db.prepare(`SELECT ${itemColumns} ${queueFrom} ${queueOrder} LIMIT @limit`),
  ids: db.prepare(`SELECT e.item_id ${queueFrom} ${queueOrder}`).pluck(),
  place: db.prepare(`INSERT INTO up_next (user_id, item_id, position, removed) VALUES (?, ?, ?, 0)
    ON CONFLICT (user_id, item_id) DO UPDATE SET position = excluded.position, removed = 0`),
  remove: db.prepare(`INSERT INTO up_next (user_id, item_id, position, removed) VALUES (?, ?, NULL, 1)
    ON CONFLICT (user_id, item_id) DO UPDATE SET removed = 1`),
}));

/** The Up Next store on SQLite. */
export function sqliteUpNextStore(db: Db): UpNextStore {
  const queue = (userId: string) => statements(db).ids.all({ user: userId }) as string[];
  const arrange = db.transaction((userId: string, order: (queue: string[]) => string[]) => {
    order(queue(userId)).forEach((id, position) => statements(db).place.run(userId, id, position));
  });
  const remove = db.transaction((userId: string, choose: (queue: string[]) => string[]) => {
    for (const id of choose(queue(userId))) statements(db).remove.run(userId, id);
  });
  return {
    list: async (userId, limit) => allRows<ItemRow>(statements(db).list, { user: userId, limit }).map(toItem),
    arrange: async (userId, order) => arrange(userId, order),
    remove: async (userId, choose) => remove(userId, choose),
  };
}
