import type { FeedHealthState, StoredContentRules, StoredSubscription, SubscriptionChanges, SubscriptionScope } from './subscriptions';

/*
 * What both engines' subscription stores share: the SQL that reads the same on SQLite and
 * PostgreSQL, and the mapping of their rows (flags as 0/1) to the stored records.
 */

/** The FROM clause of every subscription read. */
export const subscriptionsFrom = 'FROM subscriptions s JOIN feeds f ON f.id = s.feed_id';

/** Columns of a feed's health, read with `subscriptionsFrom`. */
export const healthColumns = 's.id AS subscription_id, s.feed_id, f.status, f.source_type, f.url, f.last_error, f.last_fetched_at, f.next_fetch_at, f.is_demo';

/** A row of an engine's subscription columns: flags as 0/1. */
export type SubscriptionRow = Omit<StoredSubscription, 'is_pinned' | 'is_active' | 'explicit' | 'history_capped'> & {
  is_pinned: number; is_active: number; explicit: number | null; history_capped: number;
};

/** A row of `healthColumns`. */
export type HealthRow = Omit<FeedHealthState, 'is_demo'> & { is_demo: number };

/** A row of subscription_content_rules. */
export type RulesRow = { full_content: number; content_selector: string | null; remove_selector: string | null };

/** Maps a subscription row to the stored subscription. */
export function storedSubscription(row: SubscriptionRow): StoredSubscription {
  return {
    ...row, is_pinned: row.is_pinned === 1, is_active: row.is_active === 1,
    explicit: row.explicit === null ? null : row.explicit === 1, history_capped: row.history_capped === 1,
  };
}

/** Maps a health row to the feed's health state. */
export const toHealth = (row: HealthRow): FeedHealthState => ({ ...row, is_demo: row.is_demo === 1 });

/** Maps a rules row to the stored content rules. */
export const toRules = (row: RulesRow): StoredContentRules => ({ ...row, full_content: row.full_content === 1 });

/** The WHERE terms and named parameters (`@user`, `@cap`, …) of a scope. */
export function scoped(userId: string, scope: SubscriptionScope, cap: number | null) {
  const where = ['s.user_id = @user'];
  const params: Record<string, unknown> = { user: userId, cap };
  if (scope.folder === null) where.push('s.folder_id IS NULL');
  else if (scope.folder !== 'all') { where.push('s.folder_id = @folder'); params.folder = scope.folder; }
  if (scope.source_type) { where.push('f.source_type = @sourceType'); params.sourceType = scope.source_type; }
  return { where, params };
}

const changeSets: Record<keyof SubscriptionChanges, string> = {
  title: 'title = @title', folder_id: 'folder_id = @folder_id', is_pinned: 'is_pinned = @is_pinned',
  is_active: 'is_active = @is_active', playback_speed: 'playback_speed = @playback_speed',
};

/** The SET clause and named values of a change (flags as 0/1), or null when it sets nothing. */
export function changeAssignments(changes: SubscriptionChanges): { set: string; values: Record<string, unknown> } | null {
  const fields = (Object.keys(changeSets) as (keyof SubscriptionChanges)[]).filter((field) => changes[field] !== undefined);
  if (!fields.length) return null;
  return {
    set: fields.map((field) => changeSets[field]).join(', '),
    values: Object.fromEntries(fields.map((field) => [field, typeof changes[field] === 'boolean' ? (changes[field] ? 1 : 0) : changes[field]])),
  };
}

/** The first of `ids` that no row answers, or undefined. */
export function missingOf(ids: string[], rows: StoredSubscription[]): string | undefined {
  const found = new Set(rows.map((row) => row.id));
  return ids.find((id) => !found.has(id));
}
