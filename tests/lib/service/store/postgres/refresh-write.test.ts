/*
 * A refresh's fetched feeds on PostgreSQL are written a batch per transaction, in a few statements
 * for the whole batch and one or two per parsed feed (a feed took about thirteen round trips and a
 * transaction of its own); a feed that cannot be stored still leaves the rest of its batch stored.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewItem } from '@/lib/service/domain/feeds/store-items';
import type { FeedWrite, NewItemSteps } from '@/lib/service/store/feeds';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { postgresStoreAreas } from '@/lib/service/store/postgres/store-areas';
import { freshDatabase, skipPostgres, withPostgres } from '../../../../postgres';
import { article } from '../../harness';

withPostgres();

const minute = 60_000;
const noSteps: NewItemSteps = () => () => [];

let pool: pg.Pool | null = null;
afterEach(async () => {
  await pool?.end();
  pool = null;
});

/** A migrated database with a user following `count` new feeds, and every statement its clients run from then on. */
async function setUp(count: number) {
  pool = new pg.Pool({ connectionString: await freshDatabase(), max: 4 });
  await migratePostgres(pool);
  const store = postgresStoreAreas(pool);
  const now = new Date();
  await pool.query(`INSERT INTO users (id, email, created_at) VALUES ('u', 'u@example.com', $1)`, [now.toISOString()]);
  const feedIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const subscribed = await store.subscriptions.subscribeToNewFeed('u', { url: `https://example.com/${i}.xml`, source_type: 'feed', title: `Feed ${i}` },
      null, { folderId: null, feedLimit: null, historyCap: null, now });
    if (subscribed === 'feed_limit') throw new Error('no plan limits this user');
    feedIds.push(subscribed.feed_id);
  }
  const statements: string[] = [];
  // Watched on every client the pool hands out, already connected or not.
  const watch = (client: pg.PoolClient) => {
    if ((client as { watched?: boolean }).watched) return;
    Object.assign(client, { watched: true });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      statements.push(text.trim().split(/\s+/)[0]!.toUpperCase());
      return query(...args);
    };
  };
  pool.on('acquire', watch);
  return { store, feedIds, statements, pool };
}

function parsed(feedId: string, items: NewItem[], at: Date): FeedWrite {
  return {
    feedId, kind: 'parsed', at, next: () => 30 * minute,
    channel: { title: 'Fetched', website: 'https://example.com', description: 'About', language: 'en', artwork_url: null, is_podcast: false },
    items, texts: [], listed: items.map(({ guid, url }) => ({ guid, url })), validators: { etag: '"v1"', last_modified: null, ttl_minutes: null },
  };
}

describe.skipIf(skipPostgres)('writing a refresh\'s fetched feeds on PostgreSQL', () => {
  it('writes a batch of parsed feeds in one transaction, in two statements a feed and a few for the batch', async () => {
    const { store, feedIds, statements, pool: db } = await setUp(10);
    const at = new Date();

    const written = await store.feeds.write(feedIds.map((feedId) => parsed(feedId, Array.from({ length: 5 }, () => article()), at)), noSteps);

    expect(written.map((result) => 'stored' in result && result.stored.added.length)).toEqual(feedIds.map(() => 5));
    expect(statements.filter((statement) => statement === 'BEGIN')).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(2 * feedIds.length + 6);
    const { rows } = await db.query<{ n: string }>("SELECT COUNT(*) AS n FROM entries WHERE user_id = 'u'");
    expect(Number(rows[0]!.n)).toBe(50);
    const feeds = await db.query(`SELECT title, description, status, etag, last_fetched_at, next_fetch_at, last_update FROM feeds WHERE id = ANY($1::text[])`, [feedIds]);
    expect(feeds.rows).toEqual(feedIds.map(() => ({
      title: 'Fetched', description: 'About', status: 'healthy', etag: '"v1"', last_fetched_at: at.toISOString(),
      next_fetch_at: new Date(at.getTime() + 30 * minute).toISOString(), last_update: at.toISOString(),
    })));
  });

  it('writes a round of feeds answered "not modified" in a handful of statements, whatever their number', async () => {
    const { store, feedIds, statements, pool: db } = await setUp(12);
    const at = new Date();
    // The next interval is the domain's, from the dates of the feed's latest stored items (none here).
    const heard: number[][] = [];

    await store.feeds.write(feedIds.map((feedId): FeedWrite => ({ feedId, kind: 'not_modified', at, next: (published) => {
      heard.push(published);
      return 45 * minute;
    } })), noSteps);

    expect(statements.length).toBeLessThanOrEqual(5);
    expect(heard).toEqual(feedIds.map(() => []));
    const { rows } = await db.query('SELECT DISTINCT status, last_fetched_at, next_fetch_at FROM feeds');
    expect(rows).toEqual([{ status: 'healthy', last_fetched_at: at.toISOString(), next_fetch_at: new Date(at.getTime() + 45 * minute).toISOString() }]);
  });

  it('leaves the other feeds of a batch stored when one of them cannot be, and nothing of that one', async () => {
    const { store, feedIds: [first, broken, last], pool: db } = await setUp(3);
    const at = new Date();

    const written = await store.feeds.write([
      parsed(first!, [article()], at),
      parsed(broken!, [article(), { ...article(), title: null as unknown as string }], at),
      { feedId: last!, kind: 'failed', at, status: 'failing', failures: 1, message: 'Not found.', nextFetchAt: new Date(at.getTime() + minute) },
    ], noSteps);

    expect(written[0]).toMatchObject({ feedId: first, stored: { added: [expect.any(String)] } });
    expect(written[1]).toMatchObject({ feedId: broken, error: expect.any(String) });
    expect(written[2]).toMatchObject({ feedId: last, stored: { added: [] } });
    const items = await db.query<{ feed_id: string }>('SELECT feed_id FROM items');
    expect(items.rows).toEqual([{ feed_id: first }]);
    const feeds = await db.query('SELECT id, status, etag FROM feeds ORDER BY id = $1 DESC, id = $2 DESC', [first, broken]);
    expect(feeds.rows).toEqual([{ id: first, status: 'healthy', etag: '"v1"' }, { id: broken, status: 'healthy', etag: null }, { id: last, status: 'failing', etag: null }]);
  });
});
