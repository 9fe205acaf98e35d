/**
 * A store on a temporary database, with the seeding the store tests need that no store method
 * gives (users, feeds, subscriptions). The store tests take `open` as a parameter, so the same
 * tests can run on another engine's store once it exists (a `describe.each` over fixtures).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/lib/service/store/database';
import { sqliteStore } from '@/lib/service/store/sqlite/sqlite-store';
import type { Store } from '@/lib/service/store/store';

export type StoreFixture = {
  store: Store;
  /** A new user's id. */
  user(): string;
  /** A new feed with one item, subscribed by the user in the folder: the feed's, subscription's and item's ids. */
  subscription(userId: string, folderId?: string | null, feed?: { title?: string; url?: string | null; source_type?: string }):
    { feedId: string; subscriptionId: string; itemId: string };
  /** A feed's address and fetch times. */
  feed(feedId: string): { url: string | null; last_fetched_at: string | null; next_fetch_at: string | null };
  /** The folder a subscription is in, or null. */
  folderOf(subscriptionId: string): string | null;
  /** A saved search with this query, stored as is. */
  savedSearch(userId: string, query: Record<string, unknown>): string;
  /** A saved search's stored query. */
  savedSearchQuery(id: string): Record<string, unknown>;
  /** A tag of the user carried by these items. */
  tag(userId: string, name: string, itemIds: string[]): string;
  /** The names of the tags an item carries, A to Z. */
  tagsOf(itemId: string): string[];
  close(): void;
};

/** The SQLite store on a temporary file. */
export function openSqliteFixture(): StoreFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-store-'));
  const db = openDatabase(path.join(dir, 'service.db'));
  const now = () => new Date().toISOString();
  return {
    store: sqliteStore(db),
    user() {
      const id = randomUUID();
      db.prepare('INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)').run(id, `${id}@example.org`, now());
      return id;
    },
    subscription(userId, folderId = null, feed = {}) {
      const feedId = randomUUID();
      const subscriptionId = randomUUID();
      const itemId = randomUUID();
      db.prepare('INSERT INTO feeds (id, url, source_type, title, created_at, last_fetched_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(feedId, feed.url === undefined ? `https://example.org/${feedId}.xml` : feed.url, feed.source_type ?? 'feed', feed.title ?? 'Feed', now(), now());
      db.prepare('INSERT INTO subscriptions (id, user_id, feed_id, folder_id, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(subscriptionId, userId, feedId, folderId, now());
      db.prepare("INSERT INTO items (id, feed_id, guid, title, published_ms, created_at) VALUES (?, ?, ?, 'Item', ?, ?)")
        .run(itemId, feedId, itemId, Date.now(), now());
      return { feedId, subscriptionId, itemId };
    },
    feed(feedId) {
      return db.prepare('SELECT url, last_fetched_at, next_fetch_at FROM feeds WHERE id = ?').get(feedId) as
        { url: string | null; last_fetched_at: string | null; next_fetch_at: string | null };
    },
    folderOf(subscriptionId) {
      return db.prepare('SELECT folder_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string | null;
    },
    savedSearch(userId, query) {
      const id = randomUUID();
      db.prepare('INSERT INTO saved_searches (id, user_id, name, query_data, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(id, userId, `Search ${id}`, JSON.stringify(query), now(), now());
      return id;
    },
    savedSearchQuery(id) {
      return JSON.parse(db.prepare('SELECT query_data FROM saved_searches WHERE id = ?').pluck().get(id) as string);
    },
    tag(userId, name, itemIds) {
      const id = randomUUID();
      db.prepare('INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, ?, ?)').run(id, userId, name, now());
      for (const itemId of itemIds) db.prepare('INSERT INTO item_tags (tag_id, item_id, user_id) VALUES (?, ?, ?)').run(id, itemId, userId);
      return id;
    },
    tagsOf(itemId) {
      return db.prepare('SELECT t.name FROM item_tags c JOIN tags t ON t.id = c.tag_id WHERE c.item_id = ? ORDER BY t.name')
        .pluck().all(itemId) as string[];
    },
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The engines the store tests run on (PostgreSQL joins later). */
export const storeFixtures: [string, () => StoreFixture][] = [['sqlite', openSqliteFixture]];
