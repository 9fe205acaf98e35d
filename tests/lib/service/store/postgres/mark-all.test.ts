/*
 * Mark all read on PostgreSQL (migration 013): it moves entry_counts itself, so entries carries no
 * trigger that keeps transition tables (a copy of every changed row, old and new, grouped after a
 * mark-all); the per-row trigger skips only the marking user, and only inside its transaction.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { freshDatabase, skipPostgres, withPostgres } from '../../../../postgres';

withPostgres();

let pool: pg.Pool | null = null;
afterEach(async () => {
  await pool?.end();
  pool = null;
});

describe.skipIf(skipPostgres)('mark all read on PostgreSQL', () => {
  it('updates entries without a trigger keeping transition tables', async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 1 });
    await migratePostgres(pool);
    // Among the UPDATE triggers (type bit 16): the INSERT trigger keeps only the new rows of an insert (migration 015).
    const { rows } = await pool.query(`SELECT tgname FROM pg_trigger WHERE tgrelid = 'entries'::regclass AND (tgtype & 16) <> 0
      AND (tgoldtable IS NOT NULL OR tgnewtable IS NOT NULL)`);
    expect(rows).toEqual([]);
  });

  it('counts the changes of every other user, and of its own user outside its transaction', async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 1 });
    await migratePostgres(pool);
    const now = new Date().toISOString();
    await pool.query(`INSERT INTO users (id, email, created_at) VALUES ('a', 'a@example.com', $1), ('b', 'b@example.com', $1);
      INSERT INTO feeds (id, url, source_type, title, created_at) VALUES ('f', 'https://example.com/feed', 'feed', 'F', $1);
      INSERT INTO items (id, feed_id, published_ms, created_at) VALUES ('i1', 'f', 1, $1), ('i2', 'f', 2, $1);
      INSERT INTO entries (user_id, item_id, item_type, published_ms) VALUES ('a', 'i1', 'article', 1), ('a', 'i2', 'article', 2),
        ('b', 'i1', 'article', 1), ('b', 'i2', 'article', 2)`.replace(/\$1/g, `'${now}'`));
    const unread = async (user: string) => Number((await pool!.query(
      "SELECT COALESCE(SUM(n), 0) AS n FROM entry_counts WHERE user_id = $1 AND is_read = 0", [user])).rows[0].n);

    await pool.query('BEGIN');
    await pool.query("SELECT set_config('tidings.entry_counts_moved_for', 'a', true)");
    await pool.query("UPDATE entries SET is_read = 1 WHERE item_id = 'i1'");
    await pool.query('COMMIT');
    // a's change was left to the marking statement (none here); b's was counted by the trigger.
    expect([await unread('a'), await unread('b')]).toEqual([2, 1]);
    await pool.query("UPDATE entries SET is_read = 1 WHERE user_id = 'a' AND item_id = 'i2'");
    expect(await unread('a')).toBe(1);
  });
});
