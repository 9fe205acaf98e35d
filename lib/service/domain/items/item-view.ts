import type { ItemDetail, ItemListEntry, SimilarItem, Tag } from '@/lib/contract/items';
import type { Db } from '../../store/database';

/** Columns every item read selects: the item, its feed, the user's subscription and entry. */
export const itemColumns = `
  i.id, i.title, i.item_type, i.media_url, i.published_at, i.url AS canonical_url, i.summary, i.audio_url,
  i.duration_seconds, i.episode_number, i.episode_type, i.artwork_url, i.explicit, i.description,
  f.id AS feed_id, f.title AS feed_title, f.source_type, f.website,
  s.id AS subscription_id, s.title AS subscription_title,
  e.is_read, e.is_saved, e.playback_position, e.last_played_ms`;

/** The joins that go with `itemColumns`, after `entries e JOIN items i`. */
export const itemJoins = `
  JOIN feeds f ON f.id = i.feed_id
  LEFT JOIN subscriptions s ON s.id = e.subscription_id`;

export type ItemRow = {
  id: string; title: string; item_type: 'article' | 'episode'; media_url: string | null; published_at: string | null;
  canonical_url: string | null; summary: string | null; audio_url: string | null; duration_seconds: number | null;
  episode_number: number | null; episode_type: string | null; artwork_url: string | null; explicit: number | null;
  description: string | null; feed_id: string; feed_title: string; source_type: 'feed' | 'newsletter' | 'podcast';
  website: string | null; subscription_id: string | null; subscription_title: string | null;
  is_read: number | null; is_saved: number | null; playback_position: number | null; last_played_ms: number | null;
  is_global?: number;
};

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

export type DetailRow = ItemRow & {
  author: string | null; content: string | null; full_content: string | null; ai_summary: string | null;
  reading_time: number | null; platform_metadata: string; notes: string | null; prefers_full_content: number | null;
};

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

/** The tags a user put on an item, with how many items each tag has. */
export function tagsOfItem(db: Db, userId: string, itemId: string): Tag[] {
  return db.prepare(`SELECT t.id, t.name, (SELECT COUNT(*) FROM item_tags c WHERE c.tag_id = t.id) AS item_count
    FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.user_id = ? AND it.item_id = ? ORDER BY t.name`)
    .all(userId, itemId) as Tag[];
}
