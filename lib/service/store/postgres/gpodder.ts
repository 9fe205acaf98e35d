import type { Pool } from 'pg';
import { toEpisodeAction, type EpisodeAction, type GpodderDevice, type GpodderStore, type PlayRow } from '../gpodder';
import { recordPlaybackIn } from './playback';
import { inTransaction, retried, type Queryable } from './unit-of-work';

/** The user's episode with this enclosure URL (or guid), preferring the podcast named; undefined when there is none. */
async function findEpisode(db: Queryable, userId: string, action: EpisodeAction): Promise<string | undefined> {
  const { rows: [inPodcast] } = await db.query<{ item_id: string }>(`SELECT e.item_id FROM feeds f JOIN items i ON i.feed_id = f.id
      JOIN entries e ON e.item_id = i.id AND e.user_id = $1
    WHERE f.url = $2 AND i.item_type = 'episode' AND (i.audio_url = $3 OR i.media_url = $3 OR ($4::text IS NOT NULL AND i.guid = $4)) LIMIT 1`,
  [userId, action.podcast, action.episode, action.guid ?? null]);
  if (inPodcast) return inPodcast.item_id;
  const { rows: [anywhere] } = await db.query<{ item_id: string }>(`SELECT e.item_id FROM entries e JOIN items i ON i.rowid = e.item_rowid
    WHERE e.user_id = $1 AND e.item_type = 'episode' AND (i.audio_url = $2 OR i.media_url = $2) LIMIT 1`, [userId, action.episode]);
  return anywhere?.item_id;
}

/** The gpodder store on PostgreSQL. */
export function postgresGpodderStore(pool: Pool): GpodderStore {
  const rows = <Row>(sql: string, values: unknown[]) => retried(async () => (await pool.query(sql, values)).rows as Row[]);
  const column = async (sql: string, values: unknown[]) => (await rows<{ value: string }>(sql, values)).map((row) => row.value);
  return {
    devices: (userId) => rows<GpodderDevice>('SELECT device_id AS id, caption, type FROM gpodder_devices WHERE user_id = $1 ORDER BY device_id COLLATE "C"', [userId]),
    saveDevice: async (userId, id, fields, nowMs) => {
      await rows(`INSERT INTO gpodder_devices AS d (user_id, device_id, caption, type, updated_ms) VALUES ($1, $2, COALESCE($3, ''), COALESCE($4, 'other'), $5)
        ON CONFLICT (user_id, device_id) DO UPDATE SET caption = COALESCE($3, d.caption), type = COALESCE($4, d.type), updated_ms = $5`,
      [userId, id, fields.caption ?? null, fields.type ?? null, nowMs]);
    },
    podcastUrls: (userId, sinceMs) => column(`SELECT f.url AS value FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
      WHERE s.user_id = $1 AND f.source_type = 'podcast' AND f.url IS NOT NULL AND s.created_at >= $2 ORDER BY s.created_at COLLATE "C"`,
    [userId, new Date(sinceMs).toISOString()]),
    removedUrls: (userId, sinceMs) => column(`SELECT DISTINCT r.url AS value FROM subscription_removals r WHERE r.user_id = $1 AND r.removed_ms >= $2
      AND NOT EXISTS (SELECT 1 FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = r.user_id AND f.url = r.url)`, [userId, sinceMs]),
    feedUrlOf: async (subscriptionId) => (await column('SELECT f.url AS value FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.id = $1',
      [subscriptionId]))[0] ?? null,
    subscriptionByUrl: async (userId, url) => (await column(`SELECT s.id AS value FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
      WHERE s.user_id = $1 AND f.url = $2`, [userId, url]))[0] ?? null,
    playsSince: (userId, sinceMs) => rows<PlayRow>(`SELECT f.url AS podcast, COALESCE(i.audio_url, i.media_url) AS episode, e.playback_position AS position,
        i.duration_seconds AS total, e.last_played_ms::float8 AS played_ms, e.playback_client_ms::float8 AS client_ms
      FROM entries e JOIN items i ON i.rowid = e.item_rowid JOIN feeds f ON f.id = i.feed_id
      WHERE e.user_id = $1 AND e.last_played_ms >= $2 AND e.playback_position IS NOT NULL ORDER BY e.last_played_ms`, [userId, sinceMs]),
    // ctid: the order rows of one upload (one received_ms) were written in, as SQLite's rowid gives it.
    actionsSince: async (userId, sinceMs) => (await rows<Record<string, string | number | null>>(`SELECT podcast, episode, device, action, timestamp,
        started, position, total FROM gpodder_episode_actions WHERE user_id = $1 AND received_ms >= $2 ORDER BY received_ms, ctid`, [userId, sinceMs]))
      .map(toEpisodeAction),
    applyActions: (userId, actions, play, nowMs) => inTransaction(pool, async (db) => {
      for (const action of actions) {
        const step = play(action);
        const itemId = step ? await findEpisode(db, userId, action) : undefined;
        if (step && itemId) await recordPlaybackIn(db, userId, itemId, step);
        else {
          await db.query(`INSERT INTO gpodder_episode_actions (user_id, podcast, episode, device, action, timestamp, started, position, total, received_ms)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [userId, action.podcast, action.episode, action.device ?? null, action.action,
            action.timestamp ?? null, action.started ?? null, action.position ?? null, action.total ?? null, nowMs]);
        }
      }
    }),
  };
}
