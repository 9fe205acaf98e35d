import type { BulkSubscriptionBody, SubscriptionListEntry, UpdateSubscriptionBody } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { loadSubscriptions, toSubscription } from './subscription-view';
import { badRequest, invalidFields } from '../errors';

/** Answers 400 when a folder id is not one of the user's folders (null means no folder). */
export function requireFolder(db: Db, user: User, folderId: string | null | undefined): void {
  if (!folderId) return;
  const found = db.prepare('SELECT 1 FROM folders WHERE id = ? AND user_id = ?').pluck().get(folderId, user.id);
  if (!found) throw badRequest(`No folder with id ${folderId} exists.`);
}

/** A dead feed is tried again as soon as someone changes or resumes a subscription to it. */
function reviveFeeds(db: Db, feedIds: string[]): void {
  const revive = db.prepare(`UPDATE feeds SET status = 'failing', next_fetch_at = ? WHERE id = ? AND status = 'dead'`);
  for (const id of feedIds) revive.run(new Date().toISOString(), id);
}

const bulkChange = {
  pause: 'is_active = 0',
  resume: 'is_active = 1',
  pin: 'is_pinned = 1',
  unpin: 'is_pinned = 0',
  move: 'folder_id = @folder',
} as const;

/** PATCH /v1/subscriptions: one action on several subscriptions, all or nothing. */
export function bulkUpdateSubscriptions(db: Db, user: User, body: BulkSubscriptionBody): SubscriptionListEntry[] {
  return db.transaction(() => {
    // A folder with another action would be dropped without a word: the caller meant something else.
    if (body.action !== 'move' && body.folder_id !== undefined) throw invalidFields(['folder_id goes with the move action only.']);
    const rows = loadSubscriptions(db, user, body.subscription_ids);
    if (body.action === 'move') {
      if (body.folder_id === undefined) throw invalidFields(['folder_id is required with the move action (null moves out of any folder).']);
      requireFolder(db, user, body.folder_id);
    }
    db.prepare(`UPDATE subscriptions SET ${bulkChange[body.action]} WHERE user_id = @user AND id IN (SELECT value FROM json_each(@ids))`)
      .run({ user: user.id, ids: JSON.stringify(rows.map((row) => row.id)), folder: body.folder_id ?? null });
    if (body.action === 'resume') reviveFeeds(db, rows.map((row) => row.feed_id));
    return loadSubscriptions(db, user, body.subscription_ids).map(toSubscription);
  })();
}

/** PATCH /v1/subscriptions/{id}: title, folder, pin, active and playback speed. */
export function updateSubscription(db: Db, user: User, id: string, body: UpdateSubscriptionBody): SubscriptionListEntry {
  return db.transaction(() => {
    const [row] = loadSubscriptions(db, user, [id]);
    if (body.folder_id !== undefined) requireFolder(db, user, body.folder_id);
    if (body.playback_speed !== undefined && row.source_type !== 'podcast') throw badRequest('playback_speed applies to podcasts only.');
    const sets: string[] = [];
    const params: Record<string, unknown> = { id, user: user.id };
    if (body.title !== undefined) { sets.push('title = @title'); params.title = body.title; }
    if (body.folder_id !== undefined) { sets.push('folder_id = @folder'); params.folder = body.folder_id; }
    if (body.is_pinned !== undefined) { sets.push('is_pinned = @pinned'); params.pinned = body.is_pinned ? 1 : 0; }
    if (body.is_active !== undefined) { sets.push('is_active = @active'); params.active = body.is_active ? 1 : 0; }
    if (body.playback_speed !== undefined) { sets.push('playback_speed = @speed'); params.speed = body.playback_speed; }
    if (sets.length) db.prepare(`UPDATE subscriptions SET ${sets.join(', ')} WHERE id = @id AND user_id = @user`).run(params);
    reviveFeeds(db, [row.feed_id]);
    return toSubscription(loadSubscriptions(db, user, [id])[0]);
  })();
}

/**
 * DELETE: unsubscribes. Items the person kept (saved, noted or tagged) stay theirs, detached
 * from the subscription; the rest of their entries go.
 */
export function unsubscribe(db: Db, user: User, ids: string[]): string {
  return db.transaction(() => {
    const rows = loadSubscriptions(db, user, ids);
    const list = JSON.stringify(rows.map((row) => row.id));
    db.prepare(`DELETE FROM entries WHERE user_id = @user AND subscription_id IN (SELECT value FROM json_each(@ids))
      AND is_saved = 0 AND notes IS NULL
      AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.user_id = entries.user_id AND t.item_id = entries.item_id)`)
      .run({ user: user.id, ids: list });
    db.prepare('DELETE FROM subscriptions WHERE user_id = @user AND id IN (SELECT value FROM json_each(@ids))').run({ user: user.id, ids: list });
    return rows.length === 1 ? `Unsubscribed from ${rows[0].title}.` : `Unsubscribed from ${rows.length} subscriptions.`;
  })();
}

/**
 * Unsubscribes as Google Reader clients expect of FreshRSS and Miniflux servers: every entry of
 * the person for those feeds goes with the subscription, saved and labelled ones included (their
 * labels on those items too), unlike /v1's DELETE, which keeps what they kept.
 */
export function unsubscribeDroppingItems(db: Db, user: User, ids: string[]): string {
  return db.transaction(() => {
    const feeds = JSON.stringify(loadSubscriptions(db, user, ids).map((row) => row.feed_id));
    const ofFeeds = 'SELECT id FROM items WHERE feed_id IN (SELECT value FROM json_each(@feeds))';
    db.prepare(`DELETE FROM item_tags WHERE user_id = @user AND item_id IN (${ofFeeds})`).run({ user: user.id, feeds });
    db.prepare(`DELETE FROM entries WHERE user_id = @user AND item_id IN (${ofFeeds})`).run({ user: user.id, feeds });
    return unsubscribe(db, user, ids);
  })();
}

/** GET /v1/subscriptions/check: whether the user has feeds (or newsletters) and podcasts. */
export function checkSubscriptions(db: Db, user: User): { feed: boolean; podcast: boolean } {
  const kinds = new Set(db.prepare(`SELECT DISTINCT f.source_type FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ?`).pluck().all(user.id) as string[]);
  return { feed: kinds.has('feed') || kinds.has('newsletter'), podcast: kinds.has('podcast') };
}
