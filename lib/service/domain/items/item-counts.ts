import type { Db } from '../../store/database';
import type { EntryConditions, ItemFilter } from './item-filter';

/**
 * Whether entry_counts (migration 6) can answer how many entries match: it knows each entry's
 * subscription, item type, read and saved state, but not its date, tags or playback.
 */
export function countsCover(filter: ItemFilter): boolean {
  return !filter.tag_ids?.length && filter.from_ms === undefined && filter.until_ms === undefined && filter.in_progress === undefined;
}

/**
 * How many entries match conditions built by applyItemFilter from a filter countsCover accepts:
 * a sum over the user's few counter rows, which carry the columns those conditions name under
 * the same alias `e`.
 */
export function countMatching(db: Db, where: EntryConditions): number {
  return db.prepare(`SELECT COALESCE(SUM(e.n), 0) FROM entry_counts e WHERE ${where.sql()}`).pluck().get(where.params) as number;
}

type Moved = { subscription_id: string; item_type: string; is_saved: number; n: number };

/**
 * Marks every matching entry not yet in that state read (to = 1) or unread (0), with the
 * per-row trigger paused for the user and the counts moved once per group instead; returns how
 * many entries changed.
 */
export function setReadInBulk(db: Db, userId: string, filtered: EntryConditions, to: 0 | 1): number {
  const where = filtered.clone().add('e.is_read = @from', { from: 1 - to });
  return db.transaction(() => {
    const moved = db.prepare(`SELECT COALESCE(e.subscription_id, '') AS subscription_id, e.item_type, e.is_saved, COUNT(*) AS n
      FROM entries e WHERE ${where.sql()} GROUP BY 1, 2, 3`).all(where.params) as Moved[];
    if (!moved.length) return 0;
    db.prepare('INSERT INTO entry_counts_paused (user_id) VALUES (?)').run(userId);
    const changes = db.prepare(`UPDATE entries AS e SET is_read = @to WHERE ${where.sql()}`).run({ ...where.params, to }).changes;
    const take = db.prepare(`UPDATE entry_counts SET n = n - @n
      WHERE user_id = @user AND subscription_id = @subscription_id AND item_type = @item_type AND is_read = @from AND is_saved = @is_saved`);
    const give = db.prepare(`INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
      VALUES (@user, @subscription_id, @item_type, @to, @is_saved, @n) ON CONFLICT DO UPDATE SET n = n + excluded.n`);
    for (const group of moved) {
      take.run({ ...group, user: userId, from: 1 - to });
      give.run({ ...group, user: userId, to });
    }
    db.prepare('DELETE FROM entry_counts_paused WHERE user_id = ?').run(userId);
    return changes;
  })();
}
