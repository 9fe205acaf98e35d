/**
 * gpodder episode actions: an uploaded `play` moves the episode's position in Tidings with the
 * same last-write-wins rule as POST /v1/items/{id}/playback-progress (its timestamp is the client's
 * timestamp); positions set anywhere come back as `play` actions. Actions Tidings has no state for
 * (download, delete, new, plays of unknown episodes) are kept and handed back as they came.
 */
import type { User } from '../../domain/accounts';
import { nextPlayback } from '../../domain/items/playback';
import type { EpisodeAction } from '../../store/gpodder';
import type { Store } from '../../store/store';

export type { EpisodeAction };

/** An upload the client must fix: answered 400 with the sentence, and nothing is changed. */
export class BadUpload extends Error {}

const actions = new Set(['download', 'delete', 'play', 'new', 'flattr']);

/** gpodder's timestamps are UTC without a zone: `2009-12-12T09:00:00`. */
const gpodderTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

function parseTimestamp(value: unknown, index: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?$/.test(value) || Number.isNaN(Date.parse(`${value.replace(/Z$/, '')}Z`))) {
    throw new BadUpload(`actions[${index}].timestamp must be a UTC time such as 2009-12-12T09:00:00.`);
  }
  return value.replace(/Z$/, '').slice(0, 19);
}

function whole(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 7 * 24 * 3600) throw new BadUpload(`${name} must be a whole number of seconds.`);
  return value;
}

/** Checks an upload: a list of actions, each with a podcast, an episode and a known action. */
export function readActions(body: unknown): EpisodeAction[] {
  if (!Array.isArray(body)) throw new BadUpload('The body must be a JSON list of episode actions.');
  if (body.length > 1000) throw new BadUpload('At most 1000 episode actions a call.');
  return body.map((raw, index) => {
    const one = raw as Record<string, unknown>;
    if (typeof one !== 'object' || one === null) throw new BadUpload(`actions[${index}] must be an object.`);
    for (const field of ['podcast', 'episode'] as const) {
      if (typeof one[field] !== 'string' || !one[field]) throw new BadUpload(`actions[${index}].${field} must be a URL.`);
    }
    const action = typeof one.action === 'string' ? one.action.toLowerCase() : '';
    if (!actions.has(action)) throw new BadUpload(`actions[${index}].action must be one of download, delete, play, new.`);
    const position = whole(one.position, `actions[${index}].position`);
    if (action === 'play' && position === undefined) throw new BadUpload(`actions[${index}].position is required for play.`);
    return {
      podcast: one.podcast as string, episode: one.episode as string, action,
      device: typeof one.device === 'string' ? one.device : undefined,
      guid: typeof one.guid === 'string' ? one.guid : undefined,
      timestamp: parseTimestamp(one.timestamp, index),
      started: whole(one.started, `actions[${index}].started`), position, total: whole(one.total, `actions[${index}].total`),
    };
  });
}

/** Applies checked actions in one unit of work: a play of one of the user's episodes moves its position (as /v1's), the rest are kept. */
export async function applyActions(store: Store, user: User, list: EpisodeAction[], now = Date.now()): Promise<void> {
  await store.gpodder.applyActions(user.id, list, (action) => {
    if (action.action !== 'play') return null;
    const body = { position_seconds: action.position!, client_timestamp: action.timestamp ? `${action.timestamp}Z` : undefined };
    return (current) => nextPlayback(current, body, now);
  }, now);
}

/** Actions since a time (ms, server clock): kept ones (optionally of one device) and every play recorded in Tidings, optionally of one podcast. */
export async function actionsSince(store: Store, user: User, sinceMs: number, podcast?: string, device?: string): Promise<EpisodeAction[]> {
  const plays: EpisodeAction[] = (await store.gpodder.playsSince(user.id, sinceMs)).flatMap((play) => (play.podcast && play.episode ? [{
    podcast: play.podcast, episode: play.episode, action: 'play', timestamp: gpodderTime(play.client_ms ?? play.played_ms),
    started: 0, position: play.position, total: play.total ?? play.position,
  }] : []));
  // A device asks for its own actions; the account's positions are every device's.
  const stored = (await store.gpodder.actionsSince(user.id, sinceMs)).filter((action) => device === undefined || action.device === device);
  const all = [...stored, ...plays];
  return podcast ? all.filter((action) => action.podcast === podcast) : all;
}
