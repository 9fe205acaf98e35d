/*
 * A feed's new items on PostgreSQL are inserted a few statements at a time (not one per item),
 * chunked under PostgreSQL's limit of 65,535 bound parameters: a feed larger than one chunk is
 * stored whole, in the feed's order, with an entry for its subscriber.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newItemSteps } from '@/lib/service/domain/rules/ingest-rules';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { postgresStoreAreas } from '@/lib/service/store/postgres/store-areas';
import { freshDatabase, skipPostgres, withPostgres } from '../../../../postgres';
import { article } from '../../harness';

withPostgres();

let pool: pg.Pool | null = null;
afterEach(async () => {
  await pool?.end();
  pool = null;
});

describe.skipIf(skipPostgres)('storing a feed\'s items on PostgreSQL', () => {
  it('stores a feed of more items than one insert can bind, all of them in the feed\'s order, each with an entry', async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 2 });
    await migratePostgres(pool);
    const store = postgresStoreAreas(pool);
    const now = new Date();
    await pool.query(`INSERT INTO users (id, email, created_at) VALUES ('u', 'u@example.com', $1)`, [now.toISOString()]);
    const subscribed = await store.subscriptions.subscribeToNewFeed('u', { url: 'https://example.com/feed', source_type: 'feed', title: 'Big' }, null,
      { folderId: null, feedLimit: null, historyCap: null, now });
    if (subscribed === 'feed_limit') throw new Error('no plan limits this user');
    const items = Array.from({ length: 6000 }, () => article());

    const stored = await store.feeds.storeItems(subscribed.feed_id, items, now, newItemSteps);

    expect(stored.added).toHaveLength(6000);
    const { rows } = await pool.query<{ guid: string }>('SELECT guid FROM items WHERE feed_id = $1 ORDER BY rowid', [subscribed.feed_id]);
    expect(rows.map((row) => row.guid)).toEqual(items.map((item) => item.guid));
    const entries = await pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM entries WHERE user_id = 'u'");
    expect(Number(entries.rows[0]!.n)).toBe(6000);
    // Stored again, the same items are all known: nothing added, nothing doubled.
    expect((await store.feeds.storeItems(subscribed.feed_id, items, now, newItemSteps)).added).toEqual([]);
  });
});
