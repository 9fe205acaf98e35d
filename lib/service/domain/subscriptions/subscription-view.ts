import type { SubscriptionDetail, SubscriptionListEntry } from '@/lib/contract/subscriptions';
import type { User } from '../accounts';
import { freeHistoryDays } from '../feeds/subscribe-user';
import type { Db } from '../../store/database';
import { notFound } from '../errors';

/** Columns of a subscription read, from `subscriptions s JOIN feeds f`. */
export const subscriptionColumns = `
  s.id, s.feed_id, COALESCE(s.title, f.title) AS title, s.is_pinned, s.is_active, s.playback_speed, s.folder_id, s.created_at,
  f.source_type, f.status, f.website, f.newsletter_address, f.artist, f.language, f.last_update, f.description, f.url AS canonical_url,
  f.explicit, f.podcast_summary,
  (SELECT COUNT(*) FROM entries e WHERE e.user_id = s.user_id AND e.subscription_id = s.id AND e.is_read = 0) AS unread_count,
  (@free AND EXISTS (SELECT 1 FROM items h WHERE h.feed_id = s.feed_id
     AND h.published_ms < unixepoch(s.created_at) * 1000 - ${freeHistoryDays} * 86400000)) AS history_capped`;

export type SubscriptionRow = {
  id: string; feed_id: string; title: string; is_pinned: number; is_active: number; playback_speed: number | null;
  folder_id: string | null; created_at: string; source_type: 'feed' | 'newsletter' | 'podcast'; status: 'healthy' | 'failing' | 'dead';
  website: string | null; newsletter_address: string | null; artist: string | null; language: string | null;
  last_update: string | null; description: string | null; canonical_url: string | null; explicit: number | null;
  podcast_summary: string | null; unread_count: number; history_capped: number;
};

/** Maps a row to the list form of SPEC.md. */
export function toSubscription(row: SubscriptionRow): SubscriptionListEntry {
  const isPodcast = row.source_type === 'podcast';
  return {
    id: row.id,
    source_type: row.source_type,
    title: row.title,
    unread_count: row.unread_count,
    status: row.status,
    website: row.website,
    is_pinned: row.is_pinned === 1,
    is_active: row.is_active === 1,
    newsletter_address: row.newsletter_address,
    podcast_id: isPodcast ? row.feed_id : null,
    artist: isPodcast ? row.artist : null,
    playback_speed: isPodcast ? row.playback_speed ?? 1 : null,
    history_capped: row.history_capped === 1,
  };
}

/** Maps a row, with its folder's name, to the detail form (which has no id in SPEC.md). */
export function toSubscriptionDetail(db: Db, row: SubscriptionRow): SubscriptionDetail {
  const { id: _id, ...listForm } = toSubscription(row);
  void _id;
  const folderName = row.folder_id
    ? (db.prepare('SELECT name FROM folders WHERE id = ?').pluck().get(row.folder_id) as string | undefined) ?? null
    : null;
  const episodeCount = row.source_type === 'podcast'
    ? db.prepare("SELECT COUNT(*) FROM items WHERE feed_id = ? AND item_type = 'episode'").pluck().get(row.feed_id) as number
    : null;
  return {
    ...listForm,
    folder_id: row.folder_id,
    folder_name: folderName,
    language: row.language,
    last_update: row.last_update,
    description: row.description,
    canonical_url: row.canonical_url,
    episode_count: episodeCount,
    explicit: row.explicit === null ? null : row.explicit === 1,
    podcast_summary: row.podcast_summary,
  };
}

/** Reads some of a user's subscriptions by id; 404 names the first id the user does not have. */
export function loadSubscriptions(db: Db, user: User, ids: string[]): SubscriptionRow[] {
  const unique = [...new Set(ids)];
  const rows = db.prepare(`SELECT ${subscriptionColumns} FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = @user AND s.id IN (SELECT value FROM json_each(@ids))`)
    .all({ user: user.id, ids: JSON.stringify(unique), free: user.plan === 'free' ? 1 : 0 }) as SubscriptionRow[];
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw notFound(`No subscription with id ${missing} exists.`);
  return unique.map((id) => found.get(id)!);
}
