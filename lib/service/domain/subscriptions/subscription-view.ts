import type { SubscriptionDetail, SubscriptionListEntry } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { historyCapOf } from '../feeds/subscribe-user';
import type { Store } from '../../store/store';
import type { StoredSubscription, SubscriptionDetailRecord } from '../../store/subscriptions';
import { notFound } from '../errors';

/** Maps a stored subscription to the list form of SPEC.md. */
export function toSubscription(row: StoredSubscription): SubscriptionListEntry {
  const isPodcast = row.source_type === 'podcast';
  return {
    id: row.id,
    source_type: row.source_type,
    title: row.title,
    unread_count: row.unread_count,
    status: row.status,
    website: row.website,
    is_pinned: row.is_pinned,
    is_active: row.is_active,
    newsletter_address: row.newsletter_address,
    podcast_id: isPodcast ? row.feed_id : null,
    artist: isPodcast ? row.artist : null,
    playback_speed: isPodcast ? row.playback_speed ?? 1 : null,
    history_capped: row.history_capped,
  };
}

/** Maps a subscription read whole to the detail form (which has no id in SPEC.md). */
export function toSubscriptionDetail(row: SubscriptionDetailRecord): SubscriptionDetail {
  const { id: _id, ...listForm } = toSubscription(row);
  void _id;
  return {
    ...listForm,
    folder_id: row.folder_id,
    folder_name: row.folder_name,
    language: row.language,
    last_update: row.last_update,
    description: row.description,
    canonical_url: row.canonical_url,
    episode_count: row.episode_count,
    explicit: row.explicit,
    podcast_summary: row.podcast_summary,
  };
}

/** The refusal of a subscription id the user does not have. */
export function noSubscription(id: string) {
  return notFound(`No subscription with id ${id} exists.`);
}

/** Orders subscriptions as the ids ask (each once); 404 names the first id the user does not have. */
export function inOrderOf(ids: string[], rows: StoredSubscription[]): StoredSubscription[] {
  const found = new Map(rows.map((row) => [row.id, row]));
  const unique = [...new Set(ids)];
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw noSubscription(missing);
  return unique.map((id) => found.get(id)!);
}

/** Reads some of a user's subscriptions by id, in the order asked; 404 names the first id the user does not have. */
export async function loadSubscriptions(store: Store, user: User, ids: string[]): Promise<StoredSubscription[]> {
  return inOrderOf(ids, await store.subscriptions.byIds(user.id, ids, historyCapOf(user.plan)));
}

/** GET /v1/subscriptions/{id}: one subscription in the detail form; 404 when the user has no such subscription. */
export async function getSubscription(store: Store, user: User, id: string): Promise<SubscriptionDetail> {
  const row = await store.subscriptions.detail(user.id, id, historyCapOf(user.plan));
  if (!row) throw noSubscription(id);
  return toSubscriptionDetail(row);
}
