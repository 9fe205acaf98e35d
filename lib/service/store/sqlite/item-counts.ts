import { preparedStatement, type Db } from '../database';
import type { ItemFilter } from '../items';
import { applyItemFilter, EntryConditions } from './entry-conditions';

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
  return preparedStatement(db, `SELECT COALESCE(SUM(e.n), 0) FROM entry_counts e WHERE ${where.sql()}`).pluck().get(where.params) as number;
}

type Group = { subscription_id: string; item_type: string; is_saved: number; n: number };

const groupKey = (group: Group) => `${group.subscription_id}\n${group.item_type}\n${group.is_saved}`;

function groupEntries(db: Db, where: EntryConditions): Group[] {
  return db.prepare(`SELECT COALESCE(e.subscription_id, '') AS subscription_id, e.item_type, e.is_saved, COUNT(*) AS n
    FROM entries e WHERE ${where.sql()} GROUP BY 1, 2, 3`).all(where.params) as Group[];
}

/**
 * How many entries the bulk change moves, per counter group (`where` already holds the state
 * they move from). Grouping 100k entries takes ~100 ms, so the counters answer what they
 * cover; with `before` (what the app sends) the entries published after it, usually few, are
 * grouped and taken off; with tags every matching entry is grouped.
 */
function groupsToMove(db: Db, userId: string, filter: ItemFilter, where: EntryConditions): Group[] {
  if (!countsCover({ ...filter, until_ms: undefined })) {
    return groupEntries(db, applyItemFilter({ until_ms: filter.until_ms }, where.clone()));
  }
  const counted = db.prepare(`SELECT e.subscription_id, e.item_type, e.is_saved, e.n FROM entry_counts e WHERE ${where.sql()} AND e.n > 0`)
    .all(where.params) as Group[];
  if (filter.until_ms === undefined) return counted;
  const later = new Map(groupEntries(db, where.clone().add('e.published_ms > @afterMs', { afterMs: filter.until_ms }))
    .map((group) => [groupKey(group), group.n]));
  return counted.map((group) => ({ ...group, n: group.n - (later.get(groupKey(group)) ?? 0) })).filter((group) => group.n > 0);
}

/**
 * Marks every entry the filter covers read (to = 1) or unread (0), for mark-all: the per-row
 * count trigger is set aside for the statement and the counts move once per group instead.
 * Returns how many entries changed. Check the filter's ids with missingTarget first.
 */
export function setReadInBulk(db: Db, userId: string, filter: ItemFilter, to: 0 | 1): number {
  return db.transaction(() => {
    // Without the date: the counters may answer for it, and the date is added where it is needed.
    const where = applyItemFilter({ ...filter, until_ms: undefined }, new EntryConditions(userId))
      .add('e.is_read = @from', { from: 1 - to });
    const moved = groupsToMove(db, userId, filter, where);
    const changing = where.clone();
    if (filter.until_ms !== undefined) {
      // Walking the date index updates rows in date order, each a separate seek (~40% slower per
      // row): when a good share of the user's entries move, walking them in key order is cheaper.
      const many = movedCount(moved) * 8 > (db.prepare('SELECT COALESCE(SUM(n), 0) FROM entry_counts WHERE user_id = ?').pluck().get(userId) as number);
      changing.add(`${many ? '+' : ''}e.published_ms <= @untilMs`, { untilMs: filter.until_ms });
    }
    const changes = withoutCountTrigger(db, () =>
      db.prepare(`UPDATE entries AS e SET is_read = @to WHERE ${changing.sql()}`).run({ ...changing.params, to }).changes);
    const take = db.prepare(`UPDATE entry_counts SET n = n - @n
      WHERE user_id = @user AND subscription_id = @subscription_id AND item_type = @item_type AND is_read = @from AND is_saved = @is_saved`);
    const give = db.prepare(`INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
      VALUES (@user, @subscription_id, @item_type, @to, @is_saved, @n) ON CONFLICT DO UPDATE SET n = n + excluded.n`);
    for (const group of moved) {
      take.run({ ...group, user: userId, from: 1 - to });
      give.run({ ...group, user: userId, to });
    }
    // The counters said how many would move; if the rows disagree, the counters had drifted: count again.
    if (changes !== movedCount(moved)) recount(db, userId);
    return changes;
  })();
}

/**
 * Runs `change` with the per-row update trigger of entry_counts dropped, then puts it back as it
 * was, inside the caller's transaction. Even paused (entry_counts_paused), the trigger ran its
 * WHEN clause for each of 100,000 rows, about 0.4 s of mark-all's time. Other connections never
 * see it missing: the drop and the re-creation commit (or roll back) with the change.
 */
function withoutCountTrigger<T>(db: Db, change: () => T): T {
  const trigger = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'entry_counts_update'").pluck().get() as string;
  db.exec('DROP TRIGGER entry_counts_update');
  const result = change();
  db.exec(trigger);
  return result;
}

const movedCount = (groups: Group[]) => groups.reduce((sum, group) => sum + group.n, 0);

/** Rebuilds a user's counters from their entries. */
function recount(db: Db, userId: string): void {
  db.prepare('DELETE FROM entry_counts WHERE user_id = ?').run(userId);
  db.prepare(`INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
    SELECT user_id, COALESCE(subscription_id, ''), item_type, is_read, is_saved, COUNT(*) FROM entries WHERE user_id = ?
    GROUP BY 2, 3, 4, 5`).run(userId);
}
