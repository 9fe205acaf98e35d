/** Columns every item read selects (an ItemRow): the item, its feed, the user's subscription and entry. */
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

/** The columns an item's page adds to `itemColumns` (a DetailRow). */
export const detailColumns = `${itemColumns}, i.author, i.content, i.full_content, i.ai_summary, i.reading_time,
  i.platform_metadata, e.notes, e.prefers_full_content`;

/**
 * Hidden items have no entry (so no list or count shows them) but stay the user's: search finds
 * them and they open. Their columns read as an entry's would, unread and unsaved.
 */
export const hiddenColumns = itemColumns.replace(/\be\.(is_read|is_saved|playback_position|last_played_ms)\b/g, 'NULL AS $1');

/** A hidden item's detail row, from `hidden_items h` (one with `user_id` and `item_id` as its two parameters). */
export const hiddenDetail = `SELECT ${hiddenColumns}, i.author, i.content, i.full_content, i.ai_summary, i.reading_time,
    i.platform_metadata, NULL AS notes, 0 AS prefers_full_content
  FROM hidden_items h JOIN items i ON i.id = h.item_id JOIN feeds f ON f.id = i.feed_id LEFT JOIN subscriptions s ON s.id = h.subscription_id
  WHERE h.user_id = ? AND h.item_id = ?`;
