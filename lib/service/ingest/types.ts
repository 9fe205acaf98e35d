/** One item of a feed, normalized for storage: plain-text summary, sanitized HTML content. */
export type ParsedItem = {
  guid: string | null;
  url: string | null;
  title: string;
  published_at: string | null;
  author: string | null;
  summary: string;
  content: string;
  item_type: 'article' | 'episode';
  media_url: string | null;
  audio_url: string | null;
  duration_seconds: number | null;
  episode_number: number | null;
  episode_type: string | null;
  explicit: boolean | null;
  artwork_url: string | null;
  description: string | null;
  platform_metadata: Record<string, unknown>;
  /** The item as its feed wrote it, hashed (normalize.ts itemFingerprint); absent for items not read from a feed. */
  source_hash?: string;
};

/** A whole feed document, normalized; items keep document order with duplicate guids removed. */
export type ParsedFeed = {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string;
  website: string | null;
  description: string | null;
  language: string | null;
  is_podcast: boolean;
  artist: string | null;
  podcast_summary: string | null;
  explicit: boolean | null;
  artwork_url: string | null;
  ttl_minutes: number | null;
  /** Where the publisher says the feed moved (itunes:new-feed-url, RSS <redirect>); null when it did not. */
  new_feed_url: string | null;
  items: ParsedItem[];
};
