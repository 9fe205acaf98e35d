/*
 * SQLite's entries keep one partial index of unread entries (migration 020): marking 100,000
 * entries read deleted each from two, most of mark-all's time. What read the second one counts
 * from entry_counts, so its answers stay the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@/lib/service/store/database';

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

describe('the unread index of entries on SQLite', () => {
  it('is one partial index, so marking an entry read deletes one index entry, not two', () => {
    db = openDatabase(':memory:');
    const unread = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'entries' AND sql LIKE '%WHERE is_read = 0%'")
      .pluck().all();
    expect(unread).toEqual(['entries_unread']);
  });
});
