import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { RuleRecord } from '@/lib/contract/rules';
import type { RuleEntry, RuleScope, RuleSpec, RuleStep, RuleStore, RuleSubscriber } from '../rules';
import { creationTime, ruleColumns, ruleValues, toRule, type RuleRow } from '../sqlite/rules';
import { inTransaction, retried, type Queryable } from './unit-of-work';

/** How many entries a run reads at a time from its cursor: a user's whole history is never held at once. */
const ENTRY_BATCH = 1000;

async function get(db: Queryable, userId: string, id: string): Promise<RuleRecord | null> {
  const { rows: [row] } = await db.query<RuleRow>(`SELECT ${ruleColumns} FROM rules r WHERE r.id = $1 AND r.user_id = $2`, [id, userId]);
  return row ? toRule(row) : null;
}

function bound(rule: RuleSpec): unknown[] {
  const values = ruleValues(rule);
  return [values.subscription_id, values.fields, values.match, values.words, values.pattern, values.action, values.tag, values.is_active];
}

type EntryRow = Omit<RuleEntry, 'is_read' | 'is_saved'> & { is_read: number; is_saved: number };

/** The user's entries in scope that `matches` accepts, newest first, read through a cursor inside the caller's transaction. */
async function matchingIn(db: Queryable, userId: string, scope: RuleScope, matches: (entry: RuleEntry) => boolean): Promise<RuleEntry[]> {
  const content = scope.withContent ? 'i.content, i.summary' : 'NULL AS content, NULL AS summary';
  await db.query(`DECLARE rule_entries NO SCROLL CURSOR FOR SELECT i.id, i.title, ${content}, i.author, i.url, i.published_at,
      COALESCE(s.title, f.title) AS feed_title, e.is_read, e.is_saved,
      ARRAY(SELECT t.name::text FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = e.user_id AND it.item_id = e.item_id) AS tags
    FROM entries e JOIN items i ON i.id = e.item_id JOIN feeds f ON f.id = i.feed_id LEFT JOIN subscriptions s ON s.id = e.subscription_id
    WHERE e.user_id = $1 ${scope.subscriptionId ? 'AND e.subscription_id = $2' : ''}
    ORDER BY e.published_ms DESC, e.item_id COLLATE "C"`, scope.subscriptionId ? [userId, scope.subscriptionId] : [userId]);
  const found: RuleEntry[] = [];
  for (;;) {
    const { rows } = await db.query<EntryRow>(`FETCH ${ENTRY_BATCH} FROM rule_entries`);
    for (const row of rows) {
      const entry: RuleEntry = { ...row, is_read: row.is_read === 1, is_saved: row.is_saved === 1 };
      if (matches(entry)) found.push(entry);
    }
    if (rows.length < ENTRY_BATCH) break;
  }
  await db.query('CLOSE rule_entries');
  return found;
}

/**
 * Does steps for one user inside the caller's transaction, each only where it changes something;
 * saving stops once `savedRoom` more items are saved (null: no limit). Consecutive steps of one
 * kind (a run's every step) go as one statement: in order, so saving keeps the newest first.
 * Answers how many changed.
 */
async function doSteps(db: Queryable, userId: string, steps: RuleStep[], savedRoom: number | null): Promise<number> {
  let room = savedRoom;
  let changed = 0;
  for (let at = 0; at < steps.length;) {
    const first = steps[at]!;
    let end = at + 1;
    while (end < steps.length && steps[end]!.action === first.action && steps[end]!.tag === first.tag && steps[end]!.ruleId === first.ruleId) end++;
    const ids = steps.slice(at, end).map((step) => step.itemId);
    at = end;
    const now = new Date().toISOString();
    switch (first.action) {
      case 'mark_read':
        changed += (await db.query('UPDATE entries SET is_read = 1 WHERE user_id = $1 AND item_id = ANY($2::text[]) AND is_read = 0',
          [userId, ids])).rowCount ?? 0;
        break;
      case 'save': {
        if (room === 0) break;
        const saved = (await db.query(`UPDATE entries SET is_saved = 1, saved_at = $3 WHERE user_id = $1 AND item_id IN (
            SELECT w.item_id FROM unnest($2::text[]) WITH ORDINALITY AS w(item_id, n)
              JOIN entries e ON e.user_id = $1 AND e.item_id = w.item_id AND e.is_saved = 0
            ORDER BY w.n LIMIT $4)`, [userId, ids, now, room])).rowCount ?? 0;
        if (room !== null) room -= saved;
        changed += saved;
        break;
      }
      case 'tag': {
        const { rows: held } = await db.query('SELECT 1 FROM entries WHERE user_id = $1 AND item_id = ANY($2::text[]) LIMIT 1', [userId, ids]);
        if (!held.length) break;
        // The name compares without case (the nocase collation), so an existing tag of any case is the one.
        await db.query('INSERT INTO tags (id, user_id, name, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, name) DO NOTHING',
          [randomUUID(), userId, first.tag, now]);
        const { rows: [tag] } = await db.query<{ id: string }>('SELECT id FROM tags WHERE user_id = $1 AND name = $2', [userId, first.tag]);
        changed += (await db.query(`INSERT INTO item_tags (tag_id, item_id, user_id)
          SELECT $3, item_id, user_id FROM entries WHERE user_id = $1 AND item_id = ANY($2::text[]) ON CONFLICT DO NOTHING`,
        [userId, ids, tag!.id])).rowCount ?? 0;
        break;
      }
      case 'hide':
        changed += (await db.query(`WITH kept AS (
            INSERT INTO hidden_items (user_id, item_id, subscription_id, rule_id, item_type, published_ms, item_rowid, is_read, hidden_at)
            SELECT user_id, item_id, subscription_id, $3, item_type, published_ms, item_rowid, is_read, $4 FROM entries
              WHERE user_id = $1 AND item_id = ANY($2::text[]) AND is_saved = 0
            ON CONFLICT DO NOTHING RETURNING item_id)
          DELETE FROM entries WHERE user_id = $1 AND item_id IN (SELECT item_id FROM kept)`, [userId, ids, first.ruleId, now])).rowCount ?? 0;
        break;
    }
  }
  return changed;
}

async function savedCount(db: Queryable, userId: string): Promise<number> {
  const { rows: [row] } = await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM entries WHERE user_id = $1 AND is_saved = 1', [userId]);
  return row!.n;
}

/** The store's actOnNewItems inside the caller's transaction: for ingest, which stores a feed's items and acts on them in one unit of work. */
export async function actOnNewItemsIn(db: Queryable, feedId: string, itemIds: string[], decide: (subscriber: RuleSubscriber) => RuleStep[]): Promise<void> {
  const { rows } = await db.query<RuleRow & { user_id: string; plan: string }>(`SELECT s.user_id, u.plan, ${ruleColumns}
    FROM subscriptions s JOIN rules r ON r.user_id = s.user_id AND r.is_active = 1 AND (r.subscription_id IS NULL OR r.subscription_id = s.id)
      JOIN users u ON u.id = s.user_id
    WHERE s.feed_id = $1 AND s.is_active = 1
    ORDER BY s.user_id COLLATE "C", r.created_at COLLATE "C", r.id COLLATE "C"`, [feedId]);
  const byUser = new Map<string, { plan: string; rules: RuleRecord[] }>();
  for (const row of rows) {
    const subscriber = byUser.get(row.user_id) ?? { plan: row.plan, rules: [] };
    subscriber.rules.push(toRule(row));
    byUser.set(row.user_id, subscriber);
  }
  for (const [userId, { plan, rules }] of byUser) {
    const { rows: held } = await db.query<{ item_id: string; is_read: number; is_saved: number }>(
      'SELECT item_id, is_read, is_saved FROM entries WHERE user_id = $1 AND item_id = ANY($2::text[])', [userId, itemIds]);
    if (!held.length) continue;
    const entries: RuleSubscriber['entries'] = held.map((row) => ({ itemId: row.item_id, is_read: row.is_read === 1, is_saved: row.is_saved === 1 }));
    const saved = rules.some((rule) => rule.action === 'save') ? await savedCount(db, userId) : 0;
    await doSteps(db, userId, decide({ userId, plan, rules, savedCount: saved, entries }), null);
  }
}

/** The rule store on PostgreSQL. */
export function postgresRuleStore(pool: Pool): RuleStore {
  return {
    list: (userId) => retried(async () => (await pool.query<RuleRow>(`SELECT ${ruleColumns} FROM rules r WHERE r.user_id = $1
      ORDER BY r.created_at COLLATE "C", r.id COLLATE "C"`, [userId])).rows.map(toRule)),
    get: (userId, id) => retried(() => get(pool, userId, id)),
    ownsSubscription: (userId, subscriptionId) => retried(async () =>
      (await pool.query('SELECT 1 FROM subscriptions WHERE id = $1 AND user_id = $2', [subscriptionId, userId])).rows.length > 0),
    create: (userId, rule) => inTransaction(pool, async (db) => {
      // One maker of the user's rules at a time, so each is made after the newest.
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: [newest] } = await db.query<{ last: string | null }>('SELECT MAX(created_at COLLATE "C") AS last FROM rules WHERE user_id = $1', [userId]);
      const id = randomUUID();
      const now = creationTime(newest?.last ?? null);
      await db.query(`INSERT INTO rules (id, user_id, subscription_id, fields, match, words, pattern, action, tag, is_active, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`, [id, userId, ...bound(rule), now]);
      return (await get(db, userId, id))!;
    }),
    update: (userId, id, rule) => inTransaction(pool, async (db) => {
      const { rowCount } = await db.query(`UPDATE rules SET subscription_id = $3, fields = $4, match = $5, words = $6, pattern = $7,
        action = $8, tag = $9, is_active = $10, updated_at = $11 WHERE id = $1 AND user_id = $2`, [id, userId, ...bound(rule), new Date().toISOString()]);
      return rowCount ? get(db, userId, id) : null;
    }),
    delete: (userId, id) => retried(async () => ((await pool.query('DELETE FROM rules WHERE id = $1 AND user_id = $2', [id, userId])).rowCount ?? 0) > 0),
    matching: (userId, scope, matches) => inTransaction(pool, (db) => matchingIn(db, userId, scope, matches)),
    apply: (userId, scope, matches, step, savedLimit) => inTransaction(pool, async (db) => {
      const found = await matchingIn(db, userId, scope, matches);
      const room = savedLimit === null ? null : Math.max(0, savedLimit - await savedCount(db, userId));
      const changed = await doSteps(db, userId, found.map((entry) => ({ ...step, itemId: entry.id })), room);
      return { matched: found.length, changed };
    }),
    actOnNewItems: (feedId, itemIds, decide) => inTransaction(pool, (db) => actOnNewItemsIn(db, feedId, itemIds, decide)),
    showHidden: (userId, ruleId) => inTransaction(pool, async (db) => {
      await db.query(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid, is_read)
        SELECT user_id, item_id, subscription_id, item_type, published_ms, item_rowid, is_read FROM hidden_items WHERE user_id = $1 AND rule_id = $2
        ON CONFLICT DO NOTHING`, [userId, ruleId]);
      return (await db.query('DELETE FROM hidden_items WHERE user_id = $1 AND rule_id = $2', [userId, ruleId])).rowCount ?? 0;
    }),
  };
}
