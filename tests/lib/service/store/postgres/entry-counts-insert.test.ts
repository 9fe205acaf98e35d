/*
 * entry_counts follow an INSERT into entries once per statement on PostgreSQL (migration 015): the
 * counts of rows inserted together, across users, subscriptions, types and states, add up as the
 * per-row trigger's did, onto the counts already there.
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

describe.skipIf(skipPostgres)('entry counts on PostgreSQL', () => {
  it('counts the entries one statement inserts, per user, subscription, type and state, onto those counted before', async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 1 });
    await migratePostgres(pool);
    const now = new Date().toISOString();
    await pool.query(`INSERT INTO users (id, email, created_at) VALUES ('a', 'a@example.com', $1), ('b', 'b@example.com', $1);
      INSERT INTO feeds (id, url, source_type, title, created_at) VALUES ('f', 'https://example.com/feed', 'feed', 'F', $1);
      INSERT INTO subscriptions (id, user_id, feed_id, is_pinned, is_active, created_at) VALUES ('sa', 'a', 'f', 0, 1, $1), ('sb', 'b', 'f', 0, 1, $1);
      INSERT INTO items (id, feed_id, published_ms, created_at, item_type)
        SELECT 'i' || n, 'f', n, $1, CASE WHEN n % 3 = 0 THEN 'episode' ELSE 'article' END FROM generate_series(1, 30) AS n`.replaceAll('$1', `'${now}'`));
    await pool.query(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms) VALUES ('a', 'i1', 'sa', 'article', 1)`);

    await pool.query(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, is_read, is_saved)
      SELECT u.id, i.id, 's' || u.id, i.item_type, i.published_ms, (i.published_ms % 2)::int, (i.published_ms % 5 = 0)::int
      FROM items i CROSS JOIN users u WHERE NOT (u.id = 'a' AND i.id = 'i1') ORDER BY random()`);
    await pool.query(`INSERT INTO entries (user_id, item_id, item_type, published_ms) SELECT 'a', 'i' || n, 'article', n FROM generate_series(31, 30) AS n`);

    const counted = await pool.query(`SELECT user_id, subscription_id, item_type, is_read, is_saved, n FROM entry_counts WHERE n > 0 ORDER BY 1, 2, 3, 4, 5`);
    const actual = await pool.query(`SELECT user_id, COALESCE(subscription_id, '') AS subscription_id, item_type, is_read, is_saved, COUNT(*)::int AS n
      FROM entries GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
    expect(counted.rows).toEqual(actual.rows);
    expect(counted.rows.reduce((sum, row) => sum + row.n, 0)).toBe(60);
  });
});
