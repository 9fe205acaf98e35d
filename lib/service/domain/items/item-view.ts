import type { ItemDetail, ItemListEntry, SimilarItem, Tag } from '@/lib/contract/items';
import type { DetailRow, ItemRow } from '../../store/items';

export type { DetailRow, ItemRow } from '../../store/items';

function isoFromMs(ms: number | null): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}

function flag(value: number | null): boolean | null {
  return value === null || value === undefined ? null : value === 1;
}

/** Maps a row to the list form of SPEC.md: every field present, null where there is no value. */
export function toItem(row: ItemRow): ItemListEntry {
  return {
    id: row.id,
    title: row.title,
    // The reference names the user's subscription (its id works as a filter); global items name the feed.
    feeds: [{
      id: row.subscription_id ?? row.feed_id,
      title: row.subscription_title ?? row.feed_title,
      source_type: row.source_type,
      website: row.website,
    }],
    item_type: row.item_type,
    media_url: row.media_url,
    published_at: row.published_at,
    canonical_url: row.canonical_url,
    is_read: row.is_read === 1,
    is_saved: row.is_saved === 1,
    is_global: row.is_global === 1,
    summary: row.summary,
    audio_url: row.audio_url,
    duration_seconds: row.duration_seconds,
    episode_number: row.episode_number,
    episode_type: row.episode_type,
    playback_position: row.playback_position,
    last_played_at: isoFromMs(row.last_played_ms),
    artwork_url: row.artwork_url,
    explicit: flag(row.explicit),
    description: row.description,
  };
}

/** Maps a row to the similar-item form. */
export function toSimilarItem(row: ItemRow): SimilarItem {
  const item = toItem(row);
  return {
    id: item.id, title: item.title, item_type: item.item_type, summary: item.summary, published_at: item.published_at,
    is_read: item.is_read, is_saved: item.is_saved, is_global: item.is_global, media_url: item.media_url,
    canonical_url: item.canonical_url, feeds: item.feeds,
  };
}

/** Maps a row, its tags and suggestions to the detail form. */
export function toItemDetail(row: DetailRow, tags: Tag[], suggestedTags: string[]): ItemDetail {
  const prefersFull = row.prefers_full_content === 1;
  return {
    ...toItem(row),
    prefers_full_content: prefersFull,
    ai_summary: row.ai_summary || null,
    author: row.author,
    tags,
    content: prefersFull && row.full_content ? row.full_content : row.content,
    notes: row.notes,
    reading_time: row.reading_time,
    suggested_tags: suggestedTags,
    platform_metadata: JSON.parse(row.platform_metadata || '{}'),
  };
}
