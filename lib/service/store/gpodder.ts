import type { PlaybackState } from './playback';

/** A device a podcast app named, as gpodder lists it. */
export type GpodderDevice = { id: string; caption: string; type: string };

/** An episode action as gpodder carries it. */
export type EpisodeAction = {
  podcast: string; episode: string; device?: string; action: string; timestamp?: string;
  started?: number; position?: number; total?: number; guid?: string;
};

/** A kept action as gpodder carries it: the fields it was given, none of those it was not. */
export function toEpisodeAction(row: Record<string, string | number | null>): EpisodeAction {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as EpisodeAction;
}

/** A play as Tidings keeps it: an episode's position, set in the player or by a podcast app. */
export type PlayRow = { podcast: string | null; episode: string | null; position: number; total: number | null; played_ms: number; client_ms: number | null };

/** How an uploaded play moves the position of the episode it names (null keeps the position). */
export type PlaybackStep = (current: PlaybackState) => PlaybackState | null;

/**
 * What the gpodder API keeps and reads beyond the domain's functions: devices, episode actions
 * Tidings has no state for, podcast subscriptions added or removed since a time, and plays.
 */
export type GpodderStore = {
  /** The user's devices, by id. */
  devices(userId: string): Promise<GpodderDevice[]>;
  /** Creates or updates a device; a field not given keeps its value (a new device: no caption, type `other`). */
  saveDevice(userId: string, id: string, fields: { caption?: string; type?: string }, nowMs: number): Promise<void>;
  /** Feed URLs of the user's podcast subscriptions made since a time, oldest first. */
  podcastUrls(userId: string, sinceMs: number): Promise<string[]>;
  /** Feed URLs the user stopped following since a time and does not follow now. */
  removedUrls(userId: string, sinceMs: number): Promise<string[]>;
  /** The address of a subscription's feed, or null. */
  feedUrlOf(subscriptionId: string): Promise<string | null>;
  /** The user's subscription to the feed at this URL, or null. */
  subscriptionByUrl(userId: string, url: string): Promise<string | null>;
  /** Plays of the user's episodes recorded since a time (server clock), oldest first. */
  playsSince(userId: string, sinceMs: number): Promise<PlayRow[]>;
  /** The actions kept since a time (server clock), in the order they came. */
  actionsSince(userId: string, sinceMs: number): Promise<EpisodeAction[]>;
  /**
   * In one unit of work, for each action in order: a play (`play` answers its step) of one of the
   * user's episodes (found by enclosure URL or guid, in the podcast named first) moves its position;
   * any other action, and a play of an episode the user does not have, is kept as it came (received at `nowMs`).
   * An error a step throws changes nothing.
   */
  applyActions(userId: string, actions: EpisodeAction[], play: (action: EpisodeAction) => PlaybackStep | null, nowMs: number): Promise<void>;
};
