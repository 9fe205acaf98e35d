import type { BulkSubscriptionBody, SubscriptionListEntry, UpdateSubscriptionBody } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { historyCapOf } from '../feeds/subscribe-user';
import type { Store } from '../../store/store';
import type { StoredSubscription, SubscriptionChanges, SubscriptionRefusal } from '../../store/subscriptions';
import { inOrderOf, noSubscription, toSubscription } from './subscription-view';
import { badRequest, invalidFields } from '../errors';

function noFolder(folderId: string | null | undefined) {
  return badRequest(`No folder with id ${folderId} exists.`);
}

/** Answers 400 when a folder id is not one of the user's folders (null means no folder). */
export async function requireFolder(store: Store, user: User, folderId: string | null | undefined): Promise<void> {
  if (!folderId) return;
  if (!(await store.folders.get(user.id, folderId))) throw noFolder(folderId);
}

/** The subscriptions changed, in the order of the ids asked; a refusal as the domain's error. */
function changed(ids: string[], outcome: StoredSubscription[] | SubscriptionRefusal, folderId: string | null | undefined): SubscriptionListEntry[] {
  if (outcome === 'folder_not_found') throw noFolder(folderId);
  if (outcome === 'not_podcast') throw badRequest('playback_speed applies to podcasts only.');
  if ('missing' in outcome) throw noSubscription(outcome.missing);
  return inOrderOf(ids, outcome).map(toSubscription);
}

const bulkChange: Record<BulkSubscriptionBody['action'], (folderId: string | null) => SubscriptionChanges> = {
  pause: () => ({ is_active: false }),
  resume: () => ({ is_active: true }),
  pin: () => ({ is_pinned: true }),
  unpin: () => ({ is_pinned: false }),
  move: (folderId) => ({ folder_id: folderId }),
};

/** PATCH /v1/subscriptions: one action on several subscriptions, all or nothing. */
export async function bulkUpdateSubscriptions(store: Store, user: User, body: BulkSubscriptionBody): Promise<SubscriptionListEntry[]> {
  // A folder with another action would be dropped without a word: the caller meant something else.
  if (body.action !== 'move' && body.folder_id !== undefined) throw invalidFields(['folder_id goes with the move action only.']);
  if (body.action === 'move' && body.folder_id === undefined) {
    // An unknown subscription is said first, as it always was.
    inOrderOf(body.subscription_ids, await store.subscriptions.byIds(user.id, body.subscription_ids, null));
    throw invalidFields(['folder_id is required with the move action (null moves out of any folder).']);
  }
  // A dead feed is tried again as soon as someone resumes a subscription to it.
  const outcome = await store.subscriptions.change(user.id, body.subscription_ids, bulkChange[body.action](body.folder_id ?? null),
    { revive: body.action === 'resume', cap: historyCapOf(user.plan) });
  return changed(body.subscription_ids, outcome, body.folder_id);
}

/** PATCH /v1/subscriptions/{id}: title, folder, pin, active and playback speed. */
export async function updateSubscription(store: Store, user: User, id: string, body: UpdateSubscriptionBody): Promise<SubscriptionListEntry> {
  const [subscription] = await updateSubscriptions(store, user, [id], body);
  return subscription;
}

/** The same change of title, folder, pin, active or playback speed on several subscriptions, all or nothing. */
export async function updateSubscriptions(store: Store, user: User, ids: string[], body: UpdateSubscriptionBody): Promise<SubscriptionListEntry[]> {
  const changes: SubscriptionChanges = {
    title: body.title, folder_id: body.folder_id, is_pinned: body.is_pinned, is_active: body.is_active, playback_speed: body.playback_speed,
  };
  // A dead feed is tried again as soon as someone changes a subscription to it.
  return changed(ids, await store.subscriptions.change(user.id, ids, changes, { revive: true, cap: historyCapOf(user.plan) }), body.folder_id);
}

function unsubscribed(outcome: { titles: string[] } | { missing: string }): string {
  if ('missing' in outcome) throw noSubscription(outcome.missing);
  const { titles } = outcome;
  return titles.length === 1 ? `Unsubscribed from ${titles[0]}.` : `Unsubscribed from ${titles.length} subscriptions.`;
}

/**
 * DELETE: unsubscribes. Items the person kept (saved, noted or tagged) stay theirs, detached
 * from the subscription; the rest of their entries go.
 */
export async function unsubscribe(store: Store, user: User, ids: string[]): Promise<string> {
  return unsubscribed(await store.subscriptions.remove(user.id, ids, { dropItems: false }));
}

/**
 * Unsubscribes as Google Reader clients expect of FreshRSS and Miniflux servers: every entry of
 * the person for those feeds goes with the subscription, saved and labelled ones included (their
 * labels on those items too), unlike /v1's DELETE, which keeps what they kept.
 */
export async function unsubscribeDroppingItems(store: Store, user: User, ids: string[]): Promise<string> {
  return unsubscribed(await store.subscriptions.remove(user.id, ids, { dropItems: true }));
}

/** GET /v1/subscriptions/check: whether the user has feeds (or newsletters) and podcasts. */
export async function checkSubscriptions(store: Store, user: User): Promise<{ feed: boolean; podcast: boolean }> {
  const kinds = new Set(await store.subscriptions.sourceTypes(user.id));
  return { feed: kinds.has('feed') || kinds.has('newsletter'), podcast: kinds.has('podcast') };
}
