import { expect } from 'vitest';
import type { SqliteService } from '@/lib/service/service';

/** A user's non-zero counter rows and what counting their entries gives, in one order (SQLite's service.db). */
export function countsAndEntries(db: SqliteService['db'], userId: string) {
  const order = (rows: unknown[][]) => rows.map((row) => row.join('|')).sort();
  return {
    counters: order(db.prepare('SELECT subscription_id, item_type, is_read, is_saved, n FROM entry_counts WHERE user_id = ? AND n != 0').raw().all(userId) as unknown[][]),
    entries: order(db.prepare(`SELECT COALESCE(subscription_id, ''), item_type, is_read, is_saved, COUNT(*) FROM entries WHERE user_id = ?
      GROUP BY 1, 2, 3, 4`).raw().all(userId) as unknown[][]),
  };
}

/** Expects a user's counters to equal a recount of their entries. */
export function expectCountsExact(db: SqliteService['db'], userId: string) {
  const { counters, entries } = countsAndEntries(db, userId);
  expect(counters).toEqual(entries);
}
