import type { ListedItem } from '@/lib/client/item-cache';

/** An episode as the player keeps it: what it needs to play, show and report progress. */
export type PlayerEpisode = {
  id: string;
  title: string;
  feedTitle: string;
  /** The subscription whose playback_speed applies (the item's first feed), null for global items. */
  subscriptionId: string | null;
  audioUrl: string;
  artworkUrl: string | null;
  durationSeconds: number | null;
};

/** The item fields the player reads; both the list and the detail form have them. */
export type EpisodeSource = Pick<
  ListedItem,
  'id' | 'title' | 'feeds' | 'item_type' | 'is_global' | 'audio_url' | 'artwork_url' | 'duration_seconds' | 'playback_position' | 'last_played_at'
>;

/** Share of the duration past which an episode counts as heard (the service marks it read there too). */
export const completedShare = 0.95;

/** The player's view of an item, or null when the item has nothing to play. */
export function episodeOf(item: EpisodeSource): PlayerEpisode | null {
  if (item.item_type !== 'episode' || !item.audio_url) return null;
  const feed = item.feeds[0];
  return {
    id: item.id,
    title: item.title || 'Untitled episode',
    feedTitle: feed?.title ?? '',
    subscriptionId: feed && !item.is_global ? feed.id : null,
    audioUrl: item.audio_url,
    artworkUrl: item.artwork_url,
    durationSeconds: item.duration_seconds && item.duration_seconds > 0 ? item.duration_seconds : null,
  };
}

/** Whether a position is so near the end that playing again should start over. */
export function isFinished(position: number, duration: number | null): boolean {
  return duration !== null && duration > 0 && position >= duration * completedShare;
}

/** An item as the player's own record gives it (a downloaded episode, offline): what Play buttons take. */
export function episodeSource(episode: PlayerEpisode): EpisodeSource {
  return {
    id: episode.id,
    title: episode.title,
    feeds: episode.subscriptionId ? [{ id: episode.subscriptionId, title: episode.feedTitle, source_type: 'podcast', website: null }] : [],
    item_type: 'episode',
    is_global: episode.subscriptionId === null,
    audio_url: episode.audioUrl,
    artwork_url: episode.artworkUrl,
    duration_seconds: episode.durationSeconds,
    // Unknown here: where to resume comes from this device's own record of it.
    playback_position: null,
    last_played_at: null,
  };
}
