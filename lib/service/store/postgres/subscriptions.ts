import type { Pool } from 'pg';
import {
  changeAssignments, healthColumns, missingOf, scoped, storedSubscription, subscriptionsFrom as from, toHealth, toRules,
  type HealthRow, type RulesRow, type SubscriptionRow,
} from '../subscription-rows';
import type { StoredSubscription, SubscriptionStore } from '../subscriptions';
import { foldText } from '../sqlite/text-match';
import { folded, orderWithoutCase } from './name-order';
import { named, postgresSubscribing } from './subscribing';
import { inTransaction, retried, type Queryable } from './unit-of-work';

// A subscription's columns as SQLite's store reads them: counts and flags as integers, the creation
// time's seconds truncated as SQLite's unixepoch() does.
const subscriptionColumns = `
  s.id, s.feed_id, COALESCE(s.title, f.title) AS title, s.is_pinned, s.is_active, s.playback_speed, s.folder_id,
  f.source_type, f.status, f.website, f.newsletter_address, f.artist, f.language, f.last_update, f.description, f.url AS canonical_url,
  f.explicit, f.podcast_summary,
  (SELECT COUNT(*)::int FROM entries e WHERE e.user_id = s.user_id AND e.subscription_id = s.id AND e.is_read = 0) AS unread_count,
  (@cap::int IS NOT NULL AND EXISTS (SELECT 1 FROM items h WHERE h.feed_id = s.feed_id
     AND h.published_ms < floor(extract(epoch FROM s.created_at::timestamptz)) * 1000 - @cap::int * 86400000::bigint))::int AS history_capped`;

const latestItem = '(SELECT COALESCE(MAX(i.published_ms), 0)::float8 FROM items i WHERE i.feed_id = s.feed_id)';

async function byIds(db: Queryable, userId: string, ids: string[], cap: number | null): Promise<StoredSubscription[]> {
  return (await named<SubscriptionRow>(db, `SELECT ${subscriptionColumns} ${from} WHERE s.user_id = @user AND s.id = ANY(@ids::text[])`,
    { user: userId, ids: [...new Set(ids)], cap })).map(storedSubscription);
}

/** The subscription store on PostgreSQL. */
export function postgresSubscriptionStore(pool: Pool): SubscriptionStore {
  const total = async (where: string[], params: Record<string, unknown>) =>
    (await named<{ n: number }>(pool, `SELECT COUNT(*)::int AS n ${from} WHERE ${where.join(' AND ')}`, params))[0]!.n;
  return {
    listByName: (userId, scope, page, cap) => retried(async () => {
      const { where, params } = scoped(userId, scope, cap);
      const rows = await named<SubscriptionRow>(pool, `SELECT ${subscriptionColumns} ${from} WHERE ${where.join(' AND ')}
        ORDER BY ${orderWithoutCase('COALESCE(s.title, f.title)')}, s.id COLLATE "C" LIMIT @limit OFFSET @offset`, { ...params, limit: page.limit, offset: page.offset });
      return { rows: rows.map(storedSubscription), total: await total(where, params) };
    }),
    listRecent: (userId, scope, page, cap) => retried(async () => {
      const { where, params } = scoped(userId, scope, cap);
      const count = await total(where, params);
      if (page.after) {
        where.push(`(${latestItem}, s.id COLLATE "C") < (@cursorKey::float8, @cursorId::text COLLATE "C")`);
        params.cursorKey = page.after.latest; params.cursorId = page.after.id;
      }
      const rows = await named<SubscriptionRow & { latest: number }>(pool, `SELECT ${subscriptionColumns}, ${latestItem} AS latest ${from}
        WHERE ${where.join(' AND ')} ORDER BY latest DESC, s.id COLLATE "C" DESC LIMIT @limit`, { ...params, limit: page.limit });
      return { rows: rows.map((row) => ({ ...storedSubscription(row), latest: row.latest })), total: count };
    }),
    byIds: (userId, ids, cap) => retried(() => byIds(pool, userId, ids, cap)),
    detail: (userId, id, cap) => retried(async () => {
      const [row] = await byIds(pool, userId, [id], cap);
      if (!row) return null;
      const [folder] = row.folder_id ? await named<{ name: string }>(pool, 'SELECT name FROM folders WHERE id = @id', { id: row.folder_id }) : [];
      const [episodes] = row.source_type === 'podcast'
        ? await named<{ n: number }>(pool, "SELECT COUNT(*)::int AS n FROM items WHERE feed_id = @feed AND item_type = 'episode'", { feed: row.feed_id })
        : [];
      return { ...row, folder_name: folder?.name ?? null, episode_count: episodes?.n ?? null };
    }),
    sourceTypes: (userId) => retried(async () => (await named<{ source_type: StoredSubscription['source_type'] }>(pool,
      `SELECT DISTINCT f.source_type ${from} WHERE s.user_id = @user`, { user: userId })).map((row) => row.source_type)),
    count: (userId) => retried(async () => (await named<{ n: number }>(pool, 'SELECT COUNT(*)::int AS n FROM subscriptions WHERE user_id = @user',
      { user: userId }))[0]!.n),
    change: (userId, ids, changes, options) => inTransaction(pool, async (db) => {
      const rows = await byIds(db, userId, ids, options.cap);
      const missing = missingOf(ids, rows);
      if (missing) return { missing };
      if (changes.folder_id && !(await named(db, 'SELECT 1 FROM folders WHERE id = @id AND user_id = @user', { id: changes.folder_id, user: userId })).length) {
        return 'folder_not_found' as const;
      }
      if (changes.playback_speed !== undefined && rows.some((row) => row.source_type !== 'podcast')) return 'not_podcast' as const;
      const assignments = changeAssignments(changes);
      if (assignments) {
        await named(db, `UPDATE subscriptions SET ${assignments.set} WHERE user_id = @user AND id = ANY(@ids::text[])`,
          { ...assignments.values, user: userId, ids: rows.map((row) => row.id) });
      }
      if (options.revive) {
        await named(db, `UPDATE feeds SET status = 'failing', next_fetch_at = @at WHERE id = ANY(@feeds::text[]) AND status = 'dead'`,
          { at: new Date().toISOString(), feeds: rows.map((row) => row.feed_id) });
      }
      return byIds(db, userId, ids, options.cap);
    }),
    remove: (userId, ids, options) => inTransaction(pool, async (db) => {
      const rows = await byIds(db, userId, ids, null);
      const missing = missingOf(ids, rows);
      if (missing) return { missing };
      if (options.dropItems) {
        const params = { user: userId, feeds: rows.map((row) => row.feed_id) };
        await named(db, 'DELETE FROM item_tags WHERE user_id = @user AND item_id IN (SELECT id FROM items WHERE feed_id = ANY(@feeds::text[]))', params);
        await named(db, 'DELETE FROM entries WHERE user_id = @user AND item_id IN (SELECT id FROM items WHERE feed_id = ANY(@feeds::text[]))', params);
        // Up Next holds items by id: left behind, their places would come back with a new subscription to the feed.
        await named(db, 'DELETE FROM up_next WHERE user_id = @user AND item_id IN (SELECT id FROM items WHERE feed_id = ANY(@feeds::text[]))', params);
      }
      const params = { user: userId, ids: rows.map((row) => row.id) };
      await named(db, `DELETE FROM entries WHERE user_id = @user AND subscription_id = ANY(@ids::text[])
        AND is_saved = 0 AND notes IS NULL
        AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.user_id = entries.user_id AND t.item_id = entries.item_id)`, params);
      await named(db, 'DELETE FROM subscriptions WHERE user_id = @user AND id = ANY(@ids::text[])', params);
      const titles = new Map(rows.map((row) => [row.id, row.title]));
      return { titles: [...new Set(ids)].map((id) => titles.get(id)!) };
    }),
    ...postgresSubscribing(pool),
    health: (userId, subscriptionId) => retried(async () => {
      const [row] = await named<HealthRow>(pool, `SELECT ${healthColumns} ${from} WHERE s.user_id = @user AND s.id = @id`, { user: userId, id: subscriptionId });
      return row ? toHealth(row) : null;
    }),
    failing: (userId) => retried(async () => (await named<HealthRow>(pool, `SELECT ${healthColumns} ${from}
      WHERE s.user_id = @user AND f.status != 'healthy' ORDER BY f.last_fetched_at COLLATE "C" DESC NULLS LAST, s.id COLLATE "C"`, { user: userId })).map(toHealth)),
    contentTarget: (userId, subscriptionId) => retried(async () => (await named<{ feed_id: string; source_type: StoredSubscription['source_type'] }>(pool,
      `SELECT s.feed_id, f.source_type ${from} WHERE s.user_id = @user AND s.id = @id`, { user: userId, id: subscriptionId }))[0] ?? null),
    contentRules: (subscriptionId) => retried(async () => {
      const [row] = await named<RulesRow>(pool, 'SELECT full_content, content_selector, remove_selector FROM subscription_content_rules WHERE subscription_id = @id',
        { id: subscriptionId });
      return row ? toRules(row) : null;
    }),
    saveContentRules: (subscriptionId, rules, at) => inTransaction(pool, async (db) => {
      const [before] = await named<RulesRow>(db, `SELECT full_content, content_selector, remove_selector FROM subscription_content_rules
        WHERE subscription_id = @id FOR UPDATE`, { id: subscriptionId });
      await named(db, `INSERT INTO subscription_content_rules (subscription_id, full_content, content_selector, remove_selector, updated_at)
        VALUES (@id, @full, @content, @remove, @at)
        ON CONFLICT (subscription_id) DO UPDATE SET full_content = excluded.full_content, content_selector = excluded.content_selector,
          remove_selector = excluded.remove_selector, updated_at = excluded.updated_at`,
      { id: subscriptionId, full: rules.full_content ? 1 : 0, content: rules.content_selector, remove: rules.remove_selector, at: at.toISOString() });
      return before ? toRules(before) : null;
    }),
    latestItemWithPage: (userId, subscriptionId) => retried(async () => (await named<{ id: string; title: string; url: string }>(pool,
      `SELECT i.id, i.title, i.url FROM entries e JOIN items i ON i.id = e.item_id
      WHERE e.user_id = @user AND e.subscription_id = @id AND i.url IS NOT NULL ORDER BY e.published_ms DESC LIMIT 1`, { user: userId, id: subscriptionId }))[0] ?? null),
    articleRules: (userId, itemId) => retried(async () => (await named<{ content_selector: string | null; remove_selector: string | null }>(pool,
      `SELECT r.content_selector, r.remove_selector FROM entries e
      JOIN subscription_content_rules r ON r.subscription_id = e.subscription_id WHERE e.user_id = @user AND e.item_id = @item`,
      { user: userId, item: itemId }))[0] ?? null),
    search: (userId, query, cap) => retried(async () => {
      const title = folded('COALESCE(s.title, f.title)');
      const contains = [title, ...['f.website', 'f.url', 'f.newsletter_address'].map(folded)].map((column) => `strpos(${column}, @needle) > 0`);
      const where = [`s.user_id = @user`, `(${contains.join(' OR ')})`];
      const params: Record<string, unknown> = { user: userId, needle: foldText(query.q).trim(), cap };
      if (query.source_type) { where.push('f.source_type = @type'); params.type = query.source_type; }
      const rows = await named<SubscriptionRow>(pool, `SELECT ${subscriptionColumns} ${from} WHERE ${where.join(' AND ')}
        ORDER BY strpos(${title}, @needle) != 1, ${orderWithoutCase('COALESCE(s.title, f.title)')}, s.id COLLATE "C" LIMIT @limit OFFSET @offset`,
      { ...params, limit: query.limit, offset: query.offset });
      return { rows: rows.map(storedSubscription), total: await total(where, params) };
    }),
    newsletter: (address) => retried(async () => {
      // Under "C", lower() folds ASCII letters only, as SQLite's NOCASE compares.
      const [row] = await named<{ feed_id: string; active: number }>(pool, `SELECT f.id AS feed_id, MAX(s.is_active) AS active
        FROM feeds f JOIN subscriptions s ON s.feed_id = f.id
        WHERE f.source_type = 'newsletter' AND lower(f.newsletter_address COLLATE "C") = lower(@address COLLATE "C") GROUP BY f.id`, { address });
      return row ? { feed_id: row.feed_id, paused: row.active === 0 } : null;
    }),
  };
}
