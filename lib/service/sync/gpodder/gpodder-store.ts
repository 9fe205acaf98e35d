/**
 * The SQL of the gpodder API beyond the domain functions: devices, stored episode actions,
 * podcast subscriptions added or removed since a time, plays since a time, and finding an
 * episode by its enclosure URL (or guid) among the user's entries.
 */
import type { Db } from '../../store/database';

export type Device = { id: string; caption: string; type: string; subscriptions: number };

/** The user's devices, with how many podcasts the account follows (one list for every device). */
export function listDevices(db: Db, userId: string): Device[] {
  const subscriptions = podcastUrls(db, userId).length;
  return (db.prepare('SELECT device_id AS id, caption, type FROM gpodder_devices WHERE user_id = ? ORDER BY device_id').all(userId) as Omit<Device, 'subscriptions'>[])
    .map((device) => ({ ...device, subscriptions }));
}

/** Creates or updates a device. */
export function saveDevice(db: Db, userId: string, id: string, fields: { caption?: string; type?: string }, now = Date.now()): void {
  db.prepare(`INSERT INTO gpodder_devices (user_id, device_id, caption, type, updated_ms) VALUES (@user, @id, COALESCE(@caption, ''), COALESCE(@type, 'other'), @now)
    ON CONFLICT DO UPDATE SET caption = COALESCE(@caption, caption), type = COALESCE(@type, type), updated_ms = @now`)
    .run({ user: userId, id, caption: fields.caption ?? null, type: fields.type ?? null, now });
}

/** Feed URLs of the user's podcast subscriptions. */
export function podcastUrls(db: Db, userId: string, sinceMs = 0): string[] {
  return db.prepare(`SELECT f.url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND f.source_type = 'podcast' AND f.url IS NOT NULL AND s.created_at >= ? ORDER BY s.created_at`)
    .pluck().all(userId, new Date(sinceMs).toISOString()) as string[];
}

/** Feed URLs the user stopped following since a time and does not follow now. */
export function removedUrls(db: Db, userId: string, sinceMs: number): string[] {
  return db.prepare(`SELECT DISTINCT r.url FROM subscription_removals r WHERE r.user_id = ? AND r.removed_ms >= ?
    AND NOT EXISTS (SELECT 1 FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = r.user_id AND f.url = r.url)`)
    .pluck().all(userId, sinceMs) as string[];
}

/** The address of a subscription's feed. */
export function feedUrlOf(db: Db, subscriptionId: string): string | null {
  return (db.prepare('SELECT f.url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.id = ?').pluck().get(subscriptionId) as string | null | undefined) ?? null;
}

/** The user's subscription to the feed at this URL, if any. */
export function subscriptionByUrl(db: Db, userId: string, url: string): string | undefined {
  return db.prepare('SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ? AND f.url = ?').pluck().get(userId, url) as string | undefined;
}

/** The user's episode with this enclosure URL (or guid), preferring the podcast named; undefined when there is none. */
export function findEpisode(db: Db, userId: string, podcast: string, episode: string, guid?: string): string | undefined {
  const inPodcast = db.prepare(`SELECT e.item_id FROM feeds f JOIN items i ON i.feed_id = f.id JOIN entries e ON e.item_id = i.id AND e.user_id = @user
    WHERE f.url = @podcast AND i.item_type = 'episode' AND (i.audio_url = @episode OR i.media_url = @episode OR (@guid IS NOT NULL AND i.guid = @guid)) LIMIT 1`)
    .pluck().get({ user: userId, podcast, episode, guid: guid ?? null }) as string | undefined;
  if (inPodcast) return inPodcast;
  return db.prepare(`SELECT e.item_id FROM entries e JOIN items i ON i.rowid = e.item_rowid
    WHERE e.user_id = @user AND e.item_type = 'episode' AND (i.audio_url = @episode OR i.media_url = @episode) LIMIT 1`)
    .pluck().get({ user: userId, episode }) as string | undefined;
}

/** A play as Tidings keeps it: an episode's position, set in the player or by a podcast app. */
export type PlayRow = { podcast: string | null; episode: string | null; position: number; total: number | null; played_ms: number; client_ms: number | null };

/** Plays of the user's episodes recorded since a time (server clock). */
export function playsSince(db: Db, userId: string, sinceMs: number): PlayRow[] {
  return db.prepare(`SELECT f.url AS podcast, COALESCE(i.audio_url, i.media_url) AS episode, e.playback_position AS position,
      i.duration_seconds AS total, e.last_played_ms AS played_ms, e.playback_client_ms AS client_ms
    FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id
    WHERE e.user_id = ? AND e.last_played_ms >= ? AND e.playback_position IS NOT NULL ORDER BY e.last_played_ms`).all(userId, sinceMs) as PlayRow[];
}

/** An episode action as gpodder carries it. */
export type EpisodeAction = {
  podcast: string; episode: string; device?: string; action: string; timestamp?: string;
  started?: number; position?: number; total?: number; guid?: string;
};

/** Keeps an action Tidings has no state for, to hand back to the user's other devices. */
export function storeAction(db: Db, userId: string, action: EpisodeAction, now = Date.now()): void {
  db.prepare(`INSERT INTO gpodder_episode_actions (user_id, podcast, episode, device, action, timestamp, started, position, total, received_ms)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(userId, action.podcast, action.episode, action.device ?? null, action.action,
    action.timestamp ?? null, action.started ?? null, action.position ?? null, action.total ?? null, now);
}

/** Actions kept since a time. */
export function storedActionsSince(db: Db, userId: string, sinceMs: number): EpisodeAction[] {
  const rows = db.prepare(`SELECT podcast, episode, device, action, timestamp, started, position, total FROM gpodder_episode_actions
    WHERE user_id = ? AND received_ms >= ? ORDER BY received_ms`).all(userId, sinceMs) as Record<string, string | number | null>[];
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as EpisodeAction);
}
