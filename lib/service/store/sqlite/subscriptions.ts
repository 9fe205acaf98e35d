import { preparedOnce, preparedStatement, type Db } from '../database';
import {
  changeAssignments, healthColumns, missingOf, scoped, storedSubscription, subscriptionsFrom as from, toHealth, toRules,
  type HealthRow, type RulesRow, type SubscriptionRow,
} from '../subscription-rows';
import type { StoredContentRules, StoredSubscription, SubscriptionChanges, SubscriptionStore } from '../subscriptions';
import { subscribingUnits } from './subscribing';
import { needle, textMatch } from './text-match';

/**
 * Columns of a subscription read, from `subscriptions s JOIN feeds f`; `@cap` binds the history
 * cap's days (null: none), which `history_capped` compares the feed's oldest items with.
 */
export const subscriptionColumns = `
  s.id, s.feed_id, COALESCE(s.title, f.title) AS title, s.is_pinned, s.is_active, s.playback_speed, s.folder_id,
  f.source_type, f.status, f.website, f.newsletter_address, f.artist, f.language, f.last_update, f.description, f.url AS canonical_url,
  f.explicit, f.podcast_summary,
  (SELECT COALESCE(SUM(c.n), 0) FROM entry_counts c WHERE c.user_id = s.user_id AND c.subscription_id = s.id AND c.is_read = 0) AS unread_count,
  (@cap IS NOT NULL AND EXISTS (SELECT 1 FROM items h WHERE h.feed_id = s.feed_id
     AND h.published_ms < unixepoch(s.created_at) * 1000 - @cap * 86400000)) AS history_capped`;

const latestItem = '(SELECT COALESCE(MAX(i.published_ms), 0) FROM items i WHERE i.feed_id = s.feed_id)';

const statements = preparedOnce((db: Db) => ({
  byIds: db.prepare(`SELECT ${subscriptionColumns} ${from} WHERE s.user_id = @user AND s.id IN (SELECT value FROM json_each(@ids))`),
  folderName: db.prepare('SELECT name FROM folders WHERE id = ?').pluck(),
  episodeCount: db.prepare("SELECT COUNT(*) FROM items WHERE feed_id = ? AND item_type = 'episode'").pluck(),
  sourceTypes: db.prepare(`SELECT DISTINCT f.source_type ${from} WHERE s.user_id = ?`).pluck(),
  count: db.prepare('SELECT COUNT(*) FROM subscriptions WHERE user_id = ?').pluck(),
  folderOfUser: db.prepare('SELECT 1 FROM folders WHERE id = ? AND user_id = ?').pluck(),
  revive: db.prepare(`UPDATE feeds SET status = 'failing', next_fetch_at = ? WHERE id = ? AND status = 'dead'`),
  dropKept: db.prepare(`DELETE FROM item_tags WHERE user_id = @user AND item_id IN
    (SELECT id FROM items WHERE feed_id IN (SELECT value FROM json_each(@feeds)))`),
  dropEntries: db.prepare(`DELETE FROM entries WHERE user_id = @user AND item_id IN
    (SELECT id FROM items WHERE feed_id IN (SELECT value FROM json_each(@feeds)))`),
  // Up Next holds items by id: left behind, their places would come back with a new subscription to the feed.
  dropUpNext: db.prepare(`DELETE FROM up_next WHERE user_id = @user AND item_id IN
    (SELECT id FROM items WHERE feed_id IN (SELECT value FROM json_each(@feeds)))`),
  removeEntries: db.prepare(`DELETE FROM entries WHERE user_id = @user AND subscription_id IN (SELECT value FROM json_each(@ids))
    AND is_saved = 0 AND notes IS NULL
    AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.user_id = entries.user_id AND t.item_id = entries.item_id)`),
  remove: db.prepare('DELETE FROM subscriptions WHERE user_id = @user AND id IN (SELECT value FROM json_each(@ids))'),
  health: db.prepare(`SELECT ${healthColumns} ${from} WHERE s.user_id = ? AND s.id = ?`),
  failing: db.prepare(`SELECT ${healthColumns} ${from} WHERE s.user_id = ? AND f.status != 'healthy' ORDER BY f.last_fetched_at DESC, s.id`),
  contentTarget: db.prepare(`SELECT s.feed_id, f.source_type ${from} WHERE s.user_id = ? AND s.id = ?`),
  rules: db.prepare('SELECT full_content, content_selector, remove_selector FROM subscription_content_rules WHERE subscription_id = ?'),
  saveRules: db.prepare(`INSERT INTO subscription_content_rules (subscription_id, full_content, content_selector, remove_selector, updated_at)
    VALUES (@id, @full_content, @content_selector, @remove_selector, @at)
    ON CONFLICT (subscription_id) DO UPDATE SET full_content = excluded.full_content, content_selector = excluded.content_selector,
      remove_selector = excluded.remove_selector, updated_at = excluded.updated_at`),
  latestWithPage: db.prepare(`SELECT i.id, i.title, i.url FROM entries e JOIN items i ON i.id = e.item_id
    WHERE e.user_id = ? AND e.subscription_id = ? AND i.url IS NOT NULL ORDER BY e.published_ms DESC LIMIT 1`),
  articleRules: db.prepare(`SELECT r.content_selector, r.remove_selector FROM entries e
    JOIN subscription_content_rules r ON r.subscription_id = e.subscription_id WHERE e.user_id = ? AND e.item_id = ?`),
  newsletter: db.prepare(`SELECT f.id AS feed_id, MAX(s.is_active) AS active FROM feeds f JOIN subscriptions s ON s.feed_id = f.id
    WHERE f.source_type = 'newsletter' AND f.newsletter_address = ? COLLATE NOCASE GROUP BY f.id`),
}));

/** The subscription store on SQLite. */
export function sqliteSubscriptionStore(db: Db): SubscriptionStore {
  const byIds = (userId: string, ids: string[], cap: number | null): StoredSubscription[] =>
    (statements(db).byIds.all({ user: userId, ids: JSON.stringify([...new Set(ids)]), cap }) as SubscriptionRow[]).map(storedSubscription);

  const change = db.transaction((userId: string, ids: string[], changes: SubscriptionChanges, options: { revive: boolean; cap: number | null }) => {
    const rows = byIds(userId, ids, options.cap);
    const missing = missingOf(ids, rows);
    if (missing) return { missing };
    if (changes.folder_id && !statements(db).folderOfUser.get(changes.folder_id, userId)) return 'folder_not_found' as const;
    if (changes.playback_speed !== undefined && rows.some((row) => row.source_type !== 'podcast')) return 'not_podcast' as const;
    const assignments = changeAssignments(changes);
    if (assignments) {
      preparedStatement(db, `UPDATE subscriptions SET ${assignments.set}
        WHERE user_id = @user AND id IN (SELECT value FROM json_each(@ids))`).run({ ...assignments.values, user: userId, ids: JSON.stringify(rows.map((row) => row.id)) });
    }
    if (options.revive) for (const row of rows) statements(db).revive.run(new Date().toISOString(), row.feed_id);
    return byIds(userId, ids, options.cap);
  });

  const remove = db.transaction((userId: string, ids: string[], options: { dropItems: boolean }) => {
    const rows = byIds(userId, ids, null);
    const missing = missingOf(ids, rows);
    if (missing) return { missing };
    if (options.dropItems) {
      const feeds = JSON.stringify(rows.map((row) => row.feed_id));
      statements(db).dropKept.run({ user: userId, feeds });
      statements(db).dropEntries.run({ user: userId, feeds });
      statements(db).dropUpNext.run({ user: userId, feeds });
    }
    const list = JSON.stringify(rows.map((row) => row.id));
    statements(db).removeEntries.run({ user: userId, ids: list });
    statements(db).remove.run({ user: userId, ids: list });
    const titles = new Map(rows.map((row) => [row.id, row.title]));
    return { titles: [...new Set(ids)].map((id) => titles.get(id)!) };
  });

  const saveRules = db.transaction((subscriptionId: string, rules: StoredContentRules, at: Date) => {
    const before = statements(db).rules.get(subscriptionId) as RulesRow | undefined;
    statements(db).saveRules.run({ id: subscriptionId, ...rules, full_content: rules.full_content ? 1 : 0, at: at.toISOString() });
    return before ? toRules(before) : null;
  });

  return {
    listByName: async (userId, scope, page, cap) => {
      const { where, params } = scoped(userId, scope, cap);
      const total = preparedStatement(db, `SELECT COUNT(*) ${from} WHERE ${where.join(' AND ')}`).pluck(true).get(params) as number;
      const rows = preparedStatement(db, `SELECT ${subscriptionColumns} ${from} WHERE ${where.join(' AND ')}
        ORDER BY lower(COALESCE(s.title, f.title)), s.id LIMIT @limit OFFSET @offset`).pluck(false)
        .all({ ...params, limit: page.limit, offset: page.offset }) as SubscriptionRow[];
      return { rows: rows.map(storedSubscription), total };
    },
    listRecent: async (userId, scope, page, cap) => {
      const { where, params } = scoped(userId, scope, cap);
      const total = preparedStatement(db, `SELECT COUNT(*) ${from} WHERE ${where.join(' AND ')}`).pluck(true).get(params) as number;
      if (page.after) { where.push(`(${latestItem}, s.id) < (@cursorKey, @cursorId)`); params.cursorKey = page.after.latest; params.cursorId = page.after.id; }
      const rows = preparedStatement(db, `SELECT ${subscriptionColumns}, ${latestItem} AS latest ${from} WHERE ${where.join(' AND ')}
        ORDER BY latest DESC, s.id DESC LIMIT @limit`).pluck(false).all({ ...params, limit: page.limit }) as (SubscriptionRow & { latest: number })[];
      return { rows: rows.map((row) => ({ ...storedSubscription(row), latest: row.latest })), total };
    },
    byIds: async (userId, ids, cap) => byIds(userId, ids, cap),
    detail: async (userId, id, cap) => {
      const [row] = byIds(userId, [id], cap);
      if (!row) return null;
      const folderName = row.folder_id ? (statements(db).folderName.get(row.folder_id) as string | undefined) ?? null : null;
      const episodes = row.source_type === 'podcast' ? statements(db).episodeCount.get(row.feed_id) as number : null;
      return { ...row, folder_name: folderName, episode_count: episodes };
    },
    sourceTypes: async (userId) => statements(db).sourceTypes.all(userId) as StoredSubscription['source_type'][],
    count: async (userId) => statements(db).count.get(userId) as number,
    change: async (userId, ids, changes, options) => change(userId, ids, changes, options),
    remove: async (userId, ids, options) => remove(userId, ids, options),
    ...subscribingUnits(db),
    health: async (userId, subscriptionId) => {
      const row = statements(db).health.get(userId, subscriptionId) as HealthRow | undefined;
      return row ? toHealth(row) : null;
    },
    failing: async (userId) => (statements(db).failing.all(userId) as HealthRow[]).map(toHealth),
    contentTarget: async (userId, subscriptionId) =>
      (statements(db).contentTarget.get(userId, subscriptionId) as { feed_id: string; source_type: StoredSubscription['source_type'] } | undefined) ?? null,
    contentRules: async (subscriptionId) => {
      const row = statements(db).rules.get(subscriptionId) as RulesRow | undefined;
      return row ? toRules(row) : null;
    },
    saveContentRules: async (subscriptionId, rules, at) => saveRules(subscriptionId, rules, at),
    latestItemWithPage: async (userId, subscriptionId) =>
      (statements(db).latestWithPage.get(userId, subscriptionId) as { id: string; title: string; url: string } | undefined) ?? null,
    articleRules: async (userId, itemId) =>
      (statements(db).articleRules.get(userId, itemId) as { content_selector: string | null; remove_selector: string | null } | undefined) ?? null,
    search: async (userId, query, cap) => {
      const title = 'COALESCE(s.title, f.title)';
      const match = textMatch(db, [title, 'f.website', 'f.url', 'f.newsletter_address'], title);
      const where = `s.user_id = @user AND ${match.where} ${query.source_type ? 'AND f.source_type = @type' : ''}`;
      const params = { user: userId, needle: needle(query.q), type: query.source_type ?? null };
      const total = preparedStatement(db, `SELECT COUNT(*) ${from} WHERE ${where}`).pluck(true).get(params) as number;
      const rows = preparedStatement(db, `SELECT ${subscriptionColumns} ${from} WHERE ${where}
        ORDER BY ${match.rank}, ${title} COLLATE NOCASE, s.id LIMIT @limit OFFSET @offset`).pluck(false)
        .all({ ...params, cap, limit: query.limit, offset: query.offset }) as SubscriptionRow[];
      return { rows: rows.map(storedSubscription), total };
    },
    newsletter: async (address) => {
      const row = statements(db).newsletter.get(address) as { feed_id: string; active: number } | undefined;
      return row ? { feed_id: row.feed_id, paused: row.active === 0 } : null;
    },
  };
}
