import { upNextLimit, type UpNextList } from '@/lib/contract/up-next';
import type { User } from '../accounts';
import { itemColumns, itemJoins, toItem, type ItemRow } from '../items/item-view';
import { allRows, preparedStatement, type Db } from '../../store/database';

/*
 * Up Next: the person's unplayed episodes (unread, never started, with audio) of the podcasts
 * they follow, less those they took off it. Episodes they never arranged come first, newest
 * first (new arrivals land on top); the arranged ones follow in the order they gave.
 */

const queueFrom = `FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins}
  LEFT JOIN up_next q ON q.user_id = e.user_id AND q.item_id = e.item_id
  WHERE e.user_id = @user AND e.item_type = 'episode' AND e.is_read = 0 AND COALESCE(e.playback_position, 0) = 0
    AND s.id IS NOT NULL AND i.audio_url IS NOT NULL AND COALESCE(q.removed, 0) = 0`;
const queueOrder = 'ORDER BY q.position IS NOT NULL, q.position, e.published_ms DESC, e.item_id DESC';

/** The ids of the whole queue, in order. */
function queueIds(db: Db, userId: string): string[] {
  return preparedStatement(db, `SELECT e.item_id ${queueFrom} ${queueOrder}`).pluck().all({ user: userId }) as string[];
}

/** GET /v1/up-next: the first `upNextLimit` episodes of the queue, in the order to play them. */
export function listUpNext(db: Db, user: User): UpNextList {
  const rows = allRows<ItemRow>(preparedStatement(db, `SELECT ${itemColumns} ${queueFrom} ${queueOrder} LIMIT @limit`), { user: user.id, limit: upNextLimit });
  return { data: rows.map(toItem) };
}

/**
 * PUT /v1/up-next: the listed episodes of the queue first, in the order given, then the rest
 * in the order they had; ids that are not in the queue are ignored, as bulk actions ignore them.
 */
export function arrangeUpNext(db: Db, user: User, itemIds: string[]): UpNextList {
  db.transaction(() => {
    const current = queueIds(db, user.id);
    const inQueue = new Set(current);
    const listed = itemIds.filter((id) => inQueue.has(id));
    const listedSet = new Set(listed);
    const order = [...listed, ...current.filter((id) => !listedSet.has(id))];
    const place = preparedStatement(db, `INSERT INTO up_next (user_id, item_id, position, removed) VALUES (?, ?, ?, 0)
      ON CONFLICT (user_id, item_id) DO UPDATE SET position = excluded.position, removed = 0`);
    order.forEach((id, position) => place.run(user.id, id, position));
  })();
  return listUpNext(db, user);
}

/** DELETE /v1/up-next: takes the listed episodes off the queue, or every one in it when none are listed. */
export function removeFromUpNext(db: Db, user: User, itemIds: string[] | undefined): UpNextList {
  db.transaction(() => {
    const inQueue = new Set(queueIds(db, user.id));
    const removed = itemIds ? itemIds.filter((id) => inQueue.has(id)) : [...inQueue];
    const remove = preparedStatement(db, `INSERT INTO up_next (user_id, item_id, position, removed) VALUES (?, ?, NULL, 1)
      ON CONFLICT (user_id, item_id) DO UPDATE SET removed = 1`);
    for (const id of removed) remove.run(user.id, id);
  })();
  return listUpNext(db, user);
}
