import { preparedOnce, type Db } from '../database';
import { toEpisodeAction, type EpisodeAction, type GpodderDevice, type GpodderStore, type PlayRow } from '../gpodder';
import { recordPlaybackNow } from './playback';

const statements = preparedOnce((db: Db) => ({
  devices: db.prepare('SELECT device_id AS id, caption, type FROM gpodder_devices WHERE user_id = ? ORDER BY device_id'),
  saveDevice: db.prepare(`INSERT INTO gpodder_devices (user_id, device_id, caption, type, updated_ms) VALUES (@user, @id, COALESCE(@caption, ''), COALESCE(@type, 'other'), @now)
    ON CONFLICT DO UPDATE SET caption = COALESCE(@caption, caption), type = COALESCE(@type, type), updated_ms = @now`),
  podcastUrls: db.prepare(`SELECT f.url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND f.source_type = 'podcast' AND f.url IS NOT NULL AND s.created_at >= ? ORDER BY s.created_at`).pluck(),
  removedUrls: db.prepare(`SELECT DISTINCT r.url FROM subscription_removals r WHERE r.user_id = ? AND r.removed_ms >= ?
    AND NOT EXISTS (SELECT 1 FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = r.user_id AND f.url = r.url)`).pluck(),
  feedUrlOf: db.prepare('SELECT f.url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.id = ?').pluck(),
  subscriptionByUrl: db.prepare('SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ? AND f.url = ?').pluck(),
  episodeInPodcast: db.prepare(`SELECT e.item_id FROM feeds f JOIN items i ON i.feed_id = f.id JOIN entries e ON e.item_id = i.id AND e.user_id = @user
    WHERE f.url = @podcast AND i.item_type = 'episode' AND (i.audio_url = @episode OR i.media_url = @episode OR (@guid IS NOT NULL AND i.guid = @guid)) LIMIT 1`).pluck(),
  episode: db.prepare(`SELECT e.item_id FROM entries e JOIN items i ON i.rowid = e.item_rowid
    WHERE e.user_id = @user AND e.item_type = 'episode' AND (i.audio_url = @episode OR i.media_url = @episode) LIMIT 1`).pluck(),
  playsSince: db.prepare(`SELECT f.url AS podcast, COALESCE(i.audio_url, i.media_url) AS episode, e.playback_position AS position,
      i.duration_seconds AS total, e.last_played_ms AS played_ms, e.playback_client_ms AS client_ms
    FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id
    WHERE e.user_id = ? AND e.last_played_ms >= ? AND e.playback_position IS NOT NULL ORDER BY e.last_played_ms`),
  keepAction: db.prepare(`INSERT INTO gpodder_episode_actions (user_id, podcast, episode, device, action, timestamp, started, position, total, received_ms)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  actionsSince: db.prepare(`SELECT podcast, episode, device, action, timestamp, started, position, total FROM gpodder_episode_actions
    WHERE user_id = ? AND received_ms >= ? ORDER BY received_ms, rowid`),
}));

/** The gpodder store on SQLite. */
export function sqliteGpodderStore(db: Db): GpodderStore {
  const s = statements(db);
  const findEpisode = (userId: string, action: EpisodeAction): string | undefined =>
    (s.episodeInPodcast.get({ user: userId, podcast: action.podcast, episode: action.episode, guid: action.guid ?? null })
      ?? s.episode.get({ user: userId, episode: action.episode })) as string | undefined;
  const applyActions = db.transaction((userId: string, actions: EpisodeAction[], play: Parameters<GpodderStore['applyActions']>[2], nowMs: number) => {
    for (const action of actions) {
      const step = play(action);
      const itemId = step ? findEpisode(userId, action) : undefined;
      if (step && itemId) recordPlaybackNow(db, userId, itemId, step);
      else {
        s.keepAction.run(userId, action.podcast, action.episode, action.device ?? null, action.action,
          action.timestamp ?? null, action.started ?? null, action.position ?? null, action.total ?? null, nowMs);
      }
    }
  });
  return {
    devices: async (userId) => s.devices.all(userId) as GpodderDevice[],
    saveDevice: async (userId, id, fields, nowMs) => {
      s.saveDevice.run({ user: userId, id, caption: fields.caption ?? null, type: fields.type ?? null, now: nowMs });
    },
    podcastUrls: async (userId, sinceMs) => s.podcastUrls.all(userId, new Date(sinceMs).toISOString()) as string[],
    removedUrls: async (userId, sinceMs) => s.removedUrls.all(userId, sinceMs) as string[],
    feedUrlOf: async (subscriptionId) => (s.feedUrlOf.get(subscriptionId) as string | null | undefined) ?? null,
    subscriptionByUrl: async (userId, url) => (s.subscriptionByUrl.get(userId, url) as string | undefined) ?? null,
    playsSince: async (userId, sinceMs) => s.playsSince.all(userId, sinceMs) as PlayRow[],
    actionsSince: async (userId, sinceMs) => (s.actionsSince.all(userId, sinceMs) as Record<string, string | number | null>[]).map(toEpisodeAction),
    applyActions: async (userId, actions, play, nowMs) => applyActions(userId, actions, play, nowMs),
  };
}
