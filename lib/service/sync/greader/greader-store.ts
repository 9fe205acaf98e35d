/**
 * The SQL the Google Reader API needs beyond the domain functions: streams as conditions on the
 * user's entries, item refs paged by (published, id) so a continuation stays put while items
 * arrive, item contents with their labels, and unread counts. Item numbers are the items' rowids,
 * as Fever's (see sync/fever/fever-store.ts).
 */
import { EntryConditions } from '../../store/sqlite/entry-conditions';
import { preparedOnce, type Db } from '../../store/database';
import type { Stream } from './greader-ids';

/** Where a page of refs starts: after this item, in the listing's order. */
export type Position = { ms: number; itemId: string };

/** What to list: a stream, states to leave out or keep to, a time window (ms, bounds excluded, as Miniflux), an order and a page. */
export type RefQuery = {
  stream: Stream; exclude?: Stream; include?: Stream; oldestMs?: number; newestMs?: number;
  oldestFirst: boolean; count: number; after?: Position;
};

/** An item's number and time (ms), as listed: a pair rather than an object, as a first sync lists 10,000 at once. */
export type ItemRef = [id: number, publishedMs: number];

/** A condition on `entries e` for a stream, with its parameters (prefixed with `name`). */
function streamClause(stream: Stream, name: string): [string, Record<string, unknown>] {
  switch (stream.kind) {
    case 'reading-list': return ['1', {}];
    case 'read': return ['e.is_read = 1', {}];
    case 'kept-unread': return ['e.is_read = 0', {}];
    case 'starred': return ['e.is_saved = 1', {}];
    case 'feed': return [`e.subscription_id IN (SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
      WHERE s.user_id = @user AND (f.url = @${name} OR 'tidings:' || f.id = @${name}))`, { [name]: stream.url }];
    case 'label': return [`(e.subscription_id IN (SELECT s.id FROM subscriptions s JOIN folders fo ON fo.id = s.folder_id
        WHERE s.user_id = @user AND fo.name = @${name})
      OR e.item_id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.user_id = @user AND t.name = @${name}))`,
    { [name]: stream.name }];
  }
}

/** One page of the user's item refs for a query, and where the next page starts when more follow. */
export function itemRefs(db: Db, userId: string, query: RefQuery): { refs: ItemRef[]; next?: Position } {
  const where = new EntryConditions(userId).add(...streamClause(query.stream, 'stream'));
  if (query.exclude) {
    // Leaving out read or starred items as a plain equality lets SQLite walk entries_unread (covering, see 010-sync-order).
    const states: Partial<Record<Stream['kind'], string>> = { read: 'e.is_read = 0', 'kept-unread': 'e.is_read = 1', starred: 'e.is_saved = 0' };
    const [clause, params] = streamClause(query.exclude, 'excluded');
    where.add(states[query.exclude.kind] ?? `NOT ${clause}`, params);
  }
  if (query.include) where.add(...streamClause(query.include, 'included'));
  if (query.oldestMs !== undefined) where.add('e.published_ms > @oldestMs', { oldestMs: query.oldestMs });
  if (query.newestMs !== undefined) where.add('e.published_ms < @newestMs', { newestMs: query.newestMs });
  const direction = query.oldestFirst ? 'ASC' : 'DESC';
  if (query.after) where.add(`(e.published_ms, e.item_id) ${query.oldestFirst ? '>' : '<'} (@afterMs, @afterId)`, { afterMs: query.after.ms, afterId: query.after.itemId });
  // Numbers only, as arrays: each row's item id (a string) is needed for the last one only, looked up below.
  const rows = db.prepare(`SELECT e.item_rowid, e.published_ms FROM entries e WHERE ${where.sql()}
    ORDER BY e.published_ms ${direction}, e.item_id ${direction} LIMIT @limit`).raw().all({ ...where.params, limit: query.count + 1 }) as ItemRef[];
  if (rows.length <= query.count) return { refs: rows };
  rows.length = query.count;
  const [id, ms] = rows[rows.length - 1];
  const itemId = db.prepare('SELECT item_id FROM entries WHERE user_id = ? AND item_rowid = ?').pluck().get(userId, id) as string;
  return { refs: rows, next: { ms, itemId } };
}

/** An item as Google Reader shows it, with the user's state and labels. */
export type ContentRow = {
  id: number; item_id: string; title: string; url: string | null; author: string | null; html: string; published_ms: number;
  created_at: string; is_read: number; is_saved: number; feed_url: string | null; feed_key: string; feed_title: string;
  website: string | null; folder: string | null; tags: string | null;
};

const statementsOf = preparedOnce((db: Db) => ({
  // Named index: without statistics SQLite walks all of the user's entries (by the primary key) to
  // find the few asked for, 45 ms of CPU for 1,000 of 100,000 items where entries_search takes 16.
  contents: db.prepare(`SELECT e.item_rowid AS id, e.item_id, i.title, i.url, i.author, COALESCE(i.content, i.summary, '') AS html,
      e.published_ms, i.created_at, e.is_read, e.is_saved, f.url AS feed_url, 'tidings:' || f.id AS feed_key,
      COALESCE(s.title, f.title) AS feed_title, f.website, fo.name AS folder,
      (SELECT group_concat(t.name, char(10)) FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = e.user_id AND it.item_id = e.item_id) AS tags
    FROM entries e INDEXED BY entries_search JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id
      LEFT JOIN subscriptions s ON s.id = e.subscription_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE e.user_id = ? AND e.item_rowid IN (SELECT value FROM json_each(?))`),
}));

/** The user's items with these numbers, in the order given (unknown numbers are left out). */
export function itemContents(db: Db, userId: string, ids: number[]): ContentRow[] {
  if (!ids.length) return [];
  const rows = statementsOf(db).contents.all(userId, JSON.stringify(ids)) as ContentRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Our ids of the user's items with these numbers (unknown numbers are left out). */
export function itemIdsOf(db: Db, userId: string, ids: number[]): string[] {
  if (!ids.length) return [];
  return db.prepare(`SELECT item_id FROM entries WHERE user_id = ? AND item_rowid IN (${ids.map(() => '?').join(', ')})`).pluck()
    .all(userId, ...ids) as string[];
}

/** The user's subscriptions with their feed's address and folder, by title. */
export type SubscriptionRow = { id: string; title: string; feed_url: string | null; feed_key: string; website: string | null; folder: string | null };

/** Every subscription of the user. */
export function subscriptionRows(db: Db, userId: string): SubscriptionRow[] {
  return db.prepare(`SELECT s.id, COALESCE(s.title, f.title) AS title, f.url AS feed_url, 'tidings:' || f.id AS feed_key, f.website, fo.name AS folder
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? ORDER BY COALESCE(s.title, f.title) COLLATE NOCASE`).all(userId) as SubscriptionRow[];
}

/** Unread entries per subscription, with the newest one's time. */
export function unreadBySubscription(db: Db, userId: string): { subscription_id: string; count: number; newest_ms: number }[] {
  return db.prepare(`SELECT subscription_id, COUNT(*) AS count, MAX(published_ms) AS newest_ms FROM entries
    WHERE user_id = ? AND is_read = 0 AND subscription_id IS NOT NULL GROUP BY subscription_id`).all(userId) as
    { subscription_id: string; count: number; newest_ms: number }[];
}

/** The user's folder and tag names. */
export function labelNames(db: Db, userId: string): { folders: string[]; tags: string[] } {
  return {
    folders: db.prepare('SELECT name FROM folders WHERE user_id = ? ORDER BY name COLLATE NOCASE').pluck().all(userId) as string[],
    tags: db.prepare('SELECT name FROM tags WHERE user_id = ? ORDER BY name COLLATE NOCASE').pluck().all(userId) as string[],
  };
}

/** The user's folder and tag with this name, where they exist. */
export function labelIds(db: Db, userId: string, name: string): { folder?: string; tag?: string } {
  return {
    folder: db.prepare('SELECT id FROM folders WHERE user_id = ? AND name = ?').pluck().get(userId, name) as string | undefined,
    tag: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck().get(userId, name) as string | undefined,
  };
}
