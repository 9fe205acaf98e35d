import { randomUUID } from 'node:crypto';
import type { RuleRecord } from '@/lib/contract/rules';
import { preparedOnce, preparedStatement, type Db } from '../database';
import type { RuleEntry, RuleScope, RuleSpec, RuleStep, RuleStore, RuleSubscriber } from '../rules';

export type RuleRow = {
  id: string; subscription_id: string | null; fields: string; match: RuleRecord['match']; words: string | null;
  pattern: string | null; action: RuleRecord['action']; tag: string | null; is_active: number; created_at: string; updated_at: string;
};

/** A rule's columns, from `rules r`. */
export const ruleColumns = 'r.id, r.subscription_id, r.fields, r.match, r.words, r.pattern, r.action, r.tag, r.is_active, r.created_at, r.updated_at';

/** Maps a row to the rule record. */
export function toRule(row: RuleRow): RuleRecord {
  return {
    id: row.id, subscription_id: row.subscription_id, fields: JSON.parse(row.fields), match: row.match,
    words: row.words === null ? null : JSON.parse(row.words), pattern: row.pattern, action: row.action, tag: row.tag,
    is_active: row.is_active === 1, created_at: row.created_at, updated_at: row.updated_at,
  };
}

/** A rule's stored columns, named as the statements bind them. */
export function ruleValues(rule: RuleSpec) {
  return {
    subscription_id: rule.subscription_id, fields: JSON.stringify(rule.fields), match: rule.match,
    words: rule.words === null ? null : JSON.stringify(rule.words), pattern: rule.pattern, action: rule.action, tag: rule.tag,
    is_active: rule.is_active ? 1 : 0,
  };
}

/** The time a new rule is made: now, or a millisecond after the user's newest (`last`) when that is later. */
export function creationTime(last: string | null): string {
  return new Date(Math.max(Date.now(), last ? Date.parse(last) + 1 : 0)).toISOString();
}

const statements = preparedOnce((db: Db) => ({
  list: db.prepare(`SELECT ${ruleColumns} FROM rules r WHERE r.user_id = ? ORDER BY r.created_at, r.id`),
  get: db.prepare(`SELECT ${ruleColumns} FROM rules r WHERE r.id = ? AND r.user_id = ?`),
  ownsSubscription: db.prepare('SELECT 1 FROM subscriptions WHERE id = ? AND user_id = ?').pluck(),
  newest: db.prepare('SELECT MAX(created_at) FROM rules WHERE user_id = ?').pluck(),
  insert: db.prepare(`INSERT INTO rules (id, user_id, subscription_id, fields, match, words, pattern, action, tag, is_active, created_at, updated_at)
    VALUES (@id, @user, @subscription_id, @fields, @match, @words, @pattern, @action, @tag, @is_active, @now, @now)`),
  update: db.prepare(`UPDATE rules SET subscription_id = @subscription_id, fields = @fields, match = @match, words = @words, pattern = @pattern,
    action = @action, tag = @tag, is_active = @is_active, updated_at = @now WHERE id = @id AND user_id = @user`),
  delete: db.prepare('DELETE FROM rules WHERE id = ? AND user_id = ?'),
  // The active rules of the feed's active subscribers that reach this feed, each user's oldest first.
  rulesOfFeed: db.prepare(`SELECT s.user_id, u.plan, ${ruleColumns}
    FROM subscriptions s JOIN rules r ON r.user_id = s.user_id AND r.is_active = 1 AND (r.subscription_id IS NULL OR r.subscription_id = s.id)
      JOIN users u ON u.id = s.user_id
    WHERE s.feed_id = ? AND s.is_active = 1
    ORDER BY s.user_id, r.created_at, r.id`),
  entriesOf: db.prepare('SELECT item_id, is_read, is_saved FROM entries WHERE user_id = ? AND item_id IN (SELECT value FROM json_each(?))'),
  savedCount: db.prepare('SELECT COUNT(*) FROM entries WHERE user_id = ? AND is_saved = 1').pluck(),
  markRead: db.prepare('UPDATE entries SET is_read = 1 WHERE user_id = ? AND item_id = ? AND is_read = 0'),
  save: db.prepare('UPDATE entries SET is_saved = 1, saved_at = ? WHERE user_id = ? AND item_id = ? AND is_saved = 0'),
  findTag: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck(),
  createTag: db.prepare('INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, ?, ?)'),
  hasEntry: db.prepare('SELECT 1 FROM entries WHERE user_id = ? AND item_id = ?').pluck(),
  tag: db.prepare('INSERT OR IGNORE INTO item_tags (tag_id, item_id, user_id) VALUES (?, ?, ?)'),
  keepHidden: db.prepare(`INSERT OR IGNORE INTO hidden_items (user_id, item_id, subscription_id, rule_id, item_type, published_ms, item_rowid, is_read, hidden_at)
    SELECT user_id, item_id, subscription_id, ?, item_type, published_ms, item_rowid, is_read, ? FROM entries WHERE user_id = ? AND item_id = ? AND is_saved = 0`),
  dropEntry: db.prepare('DELETE FROM entries WHERE user_id = ? AND item_id = ?'),
  showHidden: db.prepare(`INSERT OR IGNORE INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid, is_read)
    SELECT user_id, item_id, subscription_id, item_type, published_ms, item_rowid, is_read FROM hidden_items WHERE user_id = ? AND rule_id = ?`),
  forgetHidden: db.prepare('DELETE FROM hidden_items WHERE user_id = ? AND rule_id = ?'),
}));

/**
 * Does steps for one user within one unit of work, each only where it changes something; saving
 * stops once `savedRoom` more items are saved (null: no limit). A tag a step names is made when the
 * user has none of that name (without case), looked up once per unit.
 */
function stepper(db: Db, userId: string, savedRoom: number | null) {
  const s = statements(db);
  const tagIds = new Map<string, string>();
  const tagId = (name: string): string => {
    let id = tagIds.get(name.toLowerCase()) ?? (s.findTag.get(userId, name) as string | undefined);
    if (!id) {
      id = randomUUID();
      s.createTag.run(id, userId, name, new Date().toISOString());
    }
    tagIds.set(name.toLowerCase(), id);
    return id;
  };
  let room = savedRoom;
  return (step: RuleStep): boolean => {
    switch (step.action) {
      case 'mark_read':
        return s.markRead.run(userId, step.itemId).changes > 0;
      case 'save':
        if (room === 0) return false;
        if (s.save.run(new Date().toISOString(), userId, step.itemId).changes === 0) return false;
        if (room !== null) room--;
        return true;
      case 'tag':
        if (!s.hasEntry.get(userId, step.itemId)) return false;
        return s.tag.run(tagId(step.tag!), step.itemId, userId).changes > 0;
      case 'hide':
        if (s.keepHidden.run(step.ruleId, new Date().toISOString(), userId, step.itemId).changes === 0) return false;
        s.dropEntry.run(userId, step.itemId);
        return true;
    }
  };
}

type EntryRow = Omit<RuleEntry, 'is_read' | 'is_saved' | 'tags'> & { is_read: number; is_saved: number; tags: string | null };

/** The user's entries in scope that `matches` accepts, newest first (read whole before anything is written). */
function matchingNow(db: Db, userId: string, scope: RuleScope, matches: (entry: RuleEntry) => boolean): RuleEntry[] {
  const content = scope.withContent ? 'i.content, i.summary' : 'NULL AS content, NULL AS summary';
  const statement = preparedStatement(db, `SELECT i.id, i.title, ${content}, i.author, i.url, i.published_at,
      COALESCE(s.title, f.title) AS feed_title, e.is_read, e.is_saved,
      (SELECT json_group_array(t.name) FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = e.user_id AND it.item_id = e.item_id) AS tags
    FROM entries e JOIN items i ON i.id = e.item_id JOIN feeds f ON f.id = i.feed_id LEFT JOIN subscriptions s ON s.id = e.subscription_id
    WHERE e.user_id = @user ${scope.subscriptionId ? 'AND e.subscription_id = @subscription' : ''}
    ORDER BY e.published_ms DESC, e.item_id`);
  const found: RuleEntry[] = [];
  for (const row of statement.raw(false).iterate({ user: userId, subscription: scope.subscriptionId }) as Iterable<EntryRow>) {
    const entry: RuleEntry = { ...row, is_read: row.is_read === 1, is_saved: row.is_saved === 1, tags: row.tags ? JSON.parse(row.tags) as string[] : [] };
    if (matches(entry)) found.push(entry);
  }
  return found;
}

/**
 * The store's actOnNewItems, synchronous: for ingest, which stores a feed's items inside its own
 * transaction (feeds/store-items.ts, not converted yet). Nested, it joins that transaction.
 */
export function actOnNewItemsNow(db: Db, feedId: string, itemIds: string[], decide: (subscriber: RuleSubscriber) => RuleStep[]): void {
  const s = statements(db);
  const rows = s.rulesOfFeed.all(feedId) as (RuleRow & { user_id: string; plan: string })[];
  if (!rows.length) return;
  const byUser = new Map<string, { plan: string; rules: RuleRecord[] }>();
  for (const row of rows) {
    const subscriber = byUser.get(row.user_id) ?? { plan: row.plan, rules: [] };
    subscriber.rules.push(toRule(row));
    byUser.set(row.user_id, subscriber);
  }
  const ids = JSON.stringify(itemIds);
  db.transaction(() => {
    for (const [userId, { plan, rules }] of byUser) {
      const entries = (s.entriesOf.all(userId, ids) as { item_id: string; is_read: number; is_saved: number }[])
        .map((row) => ({ itemId: row.item_id, is_read: row.is_read === 1, is_saved: row.is_saved === 1 }));
      if (!entries.length) continue;
      const savedCount = rules.some((rule) => rule.action === 'save') ? s.savedCount.get(userId) as number : 0;
      const steps = decide({ userId, plan, rules, savedCount, entries });
      const step = stepper(db, userId, null);
      for (const each of steps) step(each);
    }
  })();
}

/** The rule store on SQLite. */
export function sqliteRuleStore(db: Db): RuleStore {
  const s = statements(db);
  const get = (userId: string, id: string): RuleRecord | null => {
    const row = s.get.get(id, userId) as RuleRow | undefined;
    return row ? toRule(row) : null;
  };
  const create = db.transaction((userId: string, rule: RuleSpec): RuleRecord => {
    const id = randomUUID();
    const now = creationTime(s.newest.get(userId) as string | null);
    s.insert.run({ id, user: userId, now, ...ruleValues(rule) });
    return get(userId, id)!;
  });
  const update = db.transaction((userId: string, id: string, rule: RuleSpec): RuleRecord | null => {
    if (!s.update.run({ id, user: userId, now: new Date().toISOString(), ...ruleValues(rule) }).changes) return null;
    return get(userId, id);
  });
  const apply = db.transaction((userId: string, scope: RuleScope, matches: (entry: RuleEntry) => boolean,
    step: Omit<RuleStep, 'itemId'>, savedLimit: number | null) => {
    const found = matchingNow(db, userId, scope, matches);
    const room = savedLimit === null ? null : Math.max(0, savedLimit - (s.savedCount.get(userId) as number));
    const act = stepper(db, userId, room);
    let changed = 0;
    for (const entry of found) if (act({ ...step, itemId: entry.id })) changed++;
    return { matched: found.length, changed };
  });
  const showHidden = db.transaction((userId: string, ruleId: string): number => {
    s.showHidden.run(userId, ruleId);
    return s.forgetHidden.run(userId, ruleId).changes;
  });
  return {
    list: async (userId) => (s.list.all(userId) as RuleRow[]).map(toRule),
    get: async (userId, id) => get(userId, id),
    ownsSubscription: async (userId, subscriptionId) => s.ownsSubscription.get(subscriptionId, userId) !== undefined,
    create: async (userId, rule) => create(userId, rule),
    update: async (userId, id, rule) => update(userId, id, rule),
    delete: async (userId, id) => s.delete.run(id, userId).changes > 0,
    matching: async (userId, scope, matches) => matchingNow(db, userId, scope, matches),
    apply: async (userId, scope, matches, step, savedLimit) => apply(userId, scope, matches, step, savedLimit),
    actOnNewItems: async (feedId, itemIds, decide) => actOnNewItemsNow(db, feedId, itemIds, decide),
    showHidden: async (userId, ruleId) => showHidden(userId, ruleId),
  };
}
