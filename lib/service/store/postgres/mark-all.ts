import type { ItemFilter } from '../items';
import { applyItemFilter, EntryConditions } from './entry-conditions';
import { countsCover } from './item-list';
import type { Queryable } from './unit-of-work';

/*
 * Mark all read (or unread) on PostgreSQL. Changing 100,000 entries is most of the time; counting
 * them is the rest. The counts move once per group, worked out beforehand from entry_counts as
 * SQLite's setReadInBulk does, so the UPDATE neither returns its rows nor fires the per-row
 * trigger (skipped for the user named in `tidings.entry_counts_moved_for`, migration 013).
 */

type Group = { subscription_id: string; item_type: string; is_saved: number; n: number };

const groupKey = (group: Group) => `${group.subscription_id}\n${group.item_type}\n${group.is_saved}`;
const movedCount = (groups: Group[]) => groups.reduce((sum, group) => sum + group.n, 0);

async function groupEntries(db: Queryable, where: EntryConditions): Promise<Group[]> {
  return (await db.query<Group>(`SELECT COALESCE(e.subscription_id, '') AS subscription_id, e.item_type, e.is_saved, COUNT(*)::int AS n
    FROM entries e WHERE ${where.sql()} GROUP BY 1, 2, 3`, where.values)).rows;
}

/**
 * How many entries the change moves, per counter group (`where` holds the state they move from,
 * not the date): the counters answer what they cover, less the entries published after `until_ms`
 * (usually few); a filter on tags, dates or playback groups every matching entry.
 */
async function groupsToMove(db: Queryable, filter: ItemFilter, where: EntryConditions): Promise<Group[]> {
  const dated = (conditions: EntryConditions, clause: (placeholder: string) => string, ms: number | undefined) =>
    (ms === undefined ? conditions : conditions.add(clause(conditions.bind(ms))));
  if (!countsCover({ ...filter, until_ms: undefined })) {
    return groupEntries(db, dated(where.clone(), (at) => `e.published_ms <= ${at}`, filter.until_ms));
  }
  // The counters carry the columns the conditions name, under the same alias.
  const counted = (await db.query<Group>(`SELECT e.subscription_id, e.item_type, e.is_saved, e.n FROM entry_counts e
    WHERE ${where.sql()} AND e.n > 0`, where.values)).rows;
  if (filter.until_ms === undefined) return counted;
  const later = new Map((await groupEntries(db, dated(where.clone(), (at) => `e.published_ms > ${at}`, filter.until_ms)))
    .map((group) => [groupKey(group), group.n]));
  return counted.map((group) => ({ ...group, n: group.n - (later.get(groupKey(group)) ?? 0) })).filter((group) => group.n > 0);
}

/**
 * Marks every entry of the user the filter covers read (to = 1) or unread (0), inside the caller's
 * transaction; how many changed. Check the filter's ids first (missingTarget).
 */
export async function setReadInBulk(db: Queryable, userId: string, filter: ItemFilter, to: 0 | 1): Promise<number> {
  const from = 1 - to;
  // Held to the end: a change to the user's counters waits, so none slips in between counting and changing.
  await db.query('SELECT 1 FROM entry_counts WHERE user_id = $1 FOR UPDATE', [userId]);
  const where = applyItemFilter({ ...filter, until_ms: undefined }, new EntryConditions(userId)).add(`e.is_read = ${from}`);
  const moved = await groupsToMove(db, filter, where);
  const changing = where.clone();
  if (filter.until_ms !== undefined) changing.add(`e.published_ms <= ${changing.bind(filter.until_ms)}`);
  await db.query("SELECT set_config('tidings.entry_counts_moved_for', $1, true)", [userId]);
  const changes = (await db.query(`UPDATE entries AS e SET is_read = ${to} WHERE ${changing.sql()}`, changing.values)).rowCount ?? 0;
  await db.query("SELECT set_config('tidings.entry_counts_moved_for', '', true)");
  await db.query(`INSERT INTO entry_counts AS c (user_id, subscription_id, item_type, is_read, is_saved, n)
    SELECT $1, g.subscription_id, g.item_type, state.is_read, g.is_saved, g.n * state.sign
    FROM unnest($2::text[], $3::text[], $4::int[], $5::int[]) AS g (subscription_id, item_type, is_saved, n),
      (VALUES (${from}, -1), (${to}, 1)) AS state (is_read, sign)
    ON CONFLICT (user_id, subscription_id, item_type, is_read, is_saved) DO UPDATE SET n = c.n + excluded.n`,
  [userId, moved.map((g) => g.subscription_id), moved.map((g) => g.item_type), moved.map((g) => g.is_saved), moved.map((g) => g.n)]);
  // The counters said how many would move; if the rows disagree (an entry of a new group came meanwhile), count again.
  if (changes !== movedCount(moved)) await recount(db, userId);
  return changes;
}

/** Rebuilds a user's counters from their entries. */
async function recount(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM entry_counts WHERE user_id = $1', [userId]);
  await db.query(`INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
    SELECT user_id, COALESCE(subscription_id, ''), item_type, is_read, is_saved, COUNT(*) FROM entries WHERE user_id = $1
    GROUP BY 1, 2, 3, 4, 5`, [userId]);
}
