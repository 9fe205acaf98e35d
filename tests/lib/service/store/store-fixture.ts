/**
 * A store on a temporary database, with the seeding the store tests need that no store method
 * gives (users, feeds, subscriptions). The same store tests run on each engine's store:
 * `describeOnBothEngines(title, areas, (f) => …)`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { openDatabase } from '@/lib/service/store/database';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { postgresStoreAreas, type PostgresStoreAreas } from '@/lib/service/store/postgres/store-areas';
import { sqliteStore } from '@/lib/service/store/sqlite/sqlite-store';
import type { Store } from '@/lib/service/store/store';
import { freshDatabase, sharedTemplate, skipPostgres, withPostgres } from '../../../postgres';

export type StoreFixture = {
  store: Store;
  /** A new user's id. */
  user(): Promise<string>;
  /** A new feed with one item, subscribed by the user in the folder: the feed's, subscription's and item's ids. */
  subscription(userId: string, folderId?: string | null, feed?: { title?: string; url?: string | null; source_type?: string }):
    Promise<{ feedId: string; subscriptionId: string; itemId: string }>;
  /** A feed's address and fetch times. */
  feed(feedId: string): Promise<{ url: string | null; last_fetched_at: string | null; next_fetch_at: string | null }>;
  /** The folder a subscription is in, or null. */
  folderOf(subscriptionId: string): Promise<string | null>;
  /** A saved search with this query, stored as is. */
  savedSearch(userId: string, query: Record<string, unknown>): Promise<string>;
  /** A saved search's stored query. */
  savedSearchQuery(id: string): Promise<Record<string, unknown>>;
  /** A tag of the user carried by these items. */
  tag(userId: string, name: string, itemIds: string[]): Promise<string>;
  /** The names of the tags an item carries, A to Z. */
  tagsOf(itemId: string): Promise<string[]>;
  /**
   * A new feed the user follows, with these items and the user's entries for them (unread): a podcast
   * with audio when any item is an episode. The subscription's and items' ids, in the order given.
   */
  entries(userId: string, items: { item_type: 'article' | 'episode'; published_ms: number; duration_seconds?: number }[]):
    Promise<{ feedId: string; subscriptionId: string; itemIds: string[] }>;
  /** Runs one statement with `?` placeholders, for seeding no helper gives. */
  run(sql: string, ...values: unknown[]): Promise<Record<string, unknown>[]>;
  /** Gives an item this text, indexed for search as storing a feed's items indexes it. */
  itemText(itemId: string, text: { title: string; summary?: string; content?: string }): Promise<void>;
  /** Hides the user's item, as a rule does: its entry moves to hidden_items. */
  hide(userId: string, itemId: string): Promise<void>;
  close(): Promise<void>;
};

/** Runs one statement with `?` placeholders: the seeding below is written once for both engines. */
type Run = (sql: string, ...values: unknown[]) => Promise<Record<string, unknown>[]>;

/** The seeding helpers on an engine's `run`; `fts`: the engine indexes text in SQLite's items_fts (PostgreSQL's column follows by itself). */
function seeding(run: Run, fts = false): Omit<StoreFixture, 'store' | 'close'> {
  const now = () => new Date().toISOString();
  return {
    async user() {
      const id = randomUUID();
      await run('INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)', id, `${id}@example.org`, now());
      return id;
    },
    async subscription(userId, folderId = null, feed = {}) {
      const feedId = randomUUID();
      const subscriptionId = randomUUID();
      const itemId = randomUUID();
      await run('INSERT INTO feeds (id, url, source_type, title, created_at, last_fetched_at) VALUES (?, ?, ?, ?, ?, ?)',
        feedId, feed.url === undefined ? `https://example.org/${feedId}.xml` : feed.url, feed.source_type ?? 'feed', feed.title ?? 'Feed', now(), now());
      await run('INSERT INTO subscriptions (id, user_id, feed_id, folder_id, created_at) VALUES (?, ?, ?, ?, ?)',
        subscriptionId, userId, feedId, folderId, now());
      await run("INSERT INTO items (id, feed_id, guid, title, published_ms, created_at) VALUES (?, ?, ?, 'Item', ?, ?)",
        itemId, feedId, itemId, Date.now(), now());
      return { feedId, subscriptionId, itemId };
    },
    async feed(feedId) {
      const [row] = await run('SELECT url, last_fetched_at, next_fetch_at FROM feeds WHERE id = ?', feedId);
      return row as { url: string | null; last_fetched_at: string | null; next_fetch_at: string | null };
    },
    async folderOf(subscriptionId) {
      const [row] = await run('SELECT folder_id FROM subscriptions WHERE id = ?', subscriptionId);
      return row!.folder_id as string | null;
    },
    async savedSearch(userId, query) {
      const id = randomUUID();
      await run('INSERT INTO saved_searches (id, user_id, name, query_data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        id, userId, `Search ${id}`, JSON.stringify(query), now(), now());
      return id;
    },
    async savedSearchQuery(id) {
      const [row] = await run('SELECT query_data FROM saved_searches WHERE id = ?', id);
      return JSON.parse(row!.query_data as string);
    },
    async tag(userId, name, itemIds) {
      const id = randomUUID();
      await run('INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, ?, ?)', id, userId, name, now());
      for (const itemId of itemIds) await run('INSERT INTO item_tags (tag_id, item_id, user_id) VALUES (?, ?, ?)', id, itemId, userId);
      return id;
    },
    async tagsOf(itemId) {
      const rows = await run('SELECT t.name FROM item_tags c JOIN tags t ON t.id = c.tag_id WHERE c.item_id = ?', itemId);
      // Sorted here, the same way on both engines.
      return rows.map((row) => row.name as string).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    },
    async entries(userId, items) {
      const podcast = items.some((item) => item.item_type === 'episode');
      const { feedId, subscriptionId } = await this.subscription(userId, null, { source_type: podcast ? 'podcast' : 'feed' });
      const itemIds: string[] = [];
      for (const item of items) {
        const id = randomUUID();
        await run(`INSERT INTO items (id, feed_id, guid, title, item_type, audio_url, duration_seconds, published_at, published_ms, created_at)
          VALUES (?, ?, ?, 'Item', ?, ?, ?, ?, ?, ?)`, id, feedId, id, item.item_type, item.item_type === 'episode' ? `https://example.org/${id}.mp3` : null,
        item.duration_seconds ?? null, new Date(item.published_ms).toISOString(), item.published_ms, now());
        await run(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
          SELECT ?, id, ?, item_type, published_ms, rowid FROM items WHERE id = ?`, userId, subscriptionId, id);
        itemIds.push(id);
      }
      return { feedId, subscriptionId, itemIds };
    },
    run,
    async itemText(itemId, { title, summary = null, content = null }) {
      await run('UPDATE items SET title = ?, summary = ?, content = ? WHERE id = ?', title, summary, content, itemId);
      if (fts) await run('INSERT INTO items_fts (rowid, title, summary, body) SELECT rowid, ?, ?, ? FROM items WHERE id = ?', title, summary, content, itemId);
    },
    async hide(userId, itemId) {
      await run(`INSERT INTO hidden_items (user_id, item_id, subscription_id, item_type, published_ms, item_rowid, is_read, hidden_at)
        SELECT user_id, item_id, subscription_id, item_type, published_ms, item_rowid, is_read, ? FROM entries WHERE user_id = ? AND item_id = ?`,
      now(), userId, itemId);
      await run('DELETE FROM entries WHERE user_id = ? AND item_id = ?', userId, itemId);
    },
  };
}

/** The SQLite store on a temporary file. */
export async function openSqliteFixture(): Promise<StoreFixture> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-store-'));
  const db = openDatabase(path.join(dir, 'service.db'));
  const run: Run = async (sql, ...values) => {
    const statement = db.prepare(sql);
    return statement.reader ? statement.all(...values) as Record<string, unknown>[] : (statement.run(...values), []);
  };
  return {
    store: sqliteStore(db),
    ...seeding(run, true),
    async close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let template: Promise<string> | null = null;
/**
 * The name of the run's database with the migrated schema, to copy with freshDatabase(template):
 * made once per run and copied for each fixture and harness, faster than migrating each time.
 */
export async function migratedTemplate(): Promise<string> {
  template ??= sharedTemplate('tidings_service_template', async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migratePostgres(pool);
    } finally {
      await pool.end();
    }
  });
  return template;
}

/** Stands in for the areas with no PostgreSQL store yet: a test of such an area must not run on PostgreSQL. */
function missingArea(area: string): never {
  throw new Error(`The ${area} store has no PostgreSQL implementation yet.`);
}

/** The PostgreSQL store areas on a new database of this test file's cluster (the file calls withPostgres()). */
export async function openPostgresFixture(): Promise<StoreFixture> {
  const pool = new pg.Pool({ connectionString: await freshDatabase(await migratedTemplate()), max: 4 });
  const run: Run = async (sql, ...values) => {
    let n = 0;
    return (await pool.query(sql.replace(/\?/g, () => `$${++n}`), values)).rows;
  };
  const areas: PostgresStoreAreas = postgresStoreAreas(pool);
  const store = new Proxy(areas, { get: (target, area: string) => (area in target ? target[area as keyof PostgresStoreAreas] : missingArea(area)) });
  return {
    store: store as Store,
    ...seeding(run),
    close: () => pool.end(),
  };
}

/** The store areas each engine implements. */
const postgresAreas = ['folders', 'tags', 'savedSearches', 'accounts', 'playback', 'upNext', 'labels', 'opml', 'rules', 'readLater', 'stories',
  'articles', 'chapters', 'feedIcons', 'fever', 'gpodder', 'subscriptions', 'items', 'greader', 'feeds', 'indexing'] satisfies (keyof PostgresStoreAreas)[];

export type Fixtures = [string, () => Promise<StoreFixture>][];

/**
 * The engines a test of these areas runs on: SQLite always, PostgreSQL once every area has a
 * PostgreSQL store (unless PostgreSQL is skipped here). A file using PostgreSQL calls withPostgres().
 */
export function fixturesFor(...areas: (keyof Store)[]): Fixtures {
  const onPostgres = !skipPostgres && areas.every((area) => (postgresAreas as string[]).includes(area));
  return [['sqlite', openSqliteFixture], ...(onPostgres ? [['postgresql', openPostgresFixture] as Fixtures[number]] : [])];
}

/**
 * A file's store tests on each engine that implements `areas` (see fixturesFor): `title`'s %s names
 * the engine, and `f` is a fixture fresh for each test, closed after it. Once per file: it starts
 * the file's PostgreSQL cluster when PostgreSQL is among the engines.
 */
export function describeOnBothEngines(title: string, areas: (keyof Store)[], body: (f: StoreFixture) => void): void {
  const fixtures = fixturesFor(...areas);
  if (fixtures.length > 1) withPostgres();
  describe.each(fixtures)(title, (_engine, open) => {
    // One object for the whole suite, refilled before each test, so `body` may hold on to it.
    const f = {} as StoreFixture;
    beforeEach(async () => { Object.assign(f, await open()); });
    afterEach(async () => { await f.close(); });
    body(f);
  });
}
