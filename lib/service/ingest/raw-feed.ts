/** An enclosure or media file as written in the feed, before we pick the item's audio. */
export type RawEnclosure = {
  url: string;
  type: string | null;
  medium: string | null;
  length: number | null;
  duration: string | null;
};

/**
 * One item as the format mappers read it: strings straight from the document (entities decoded,
 * HTML still HTML), before dates, URLs, sanitizing and podcast fields are normalized.
 */
export type RawItem = {
  base: string;
  guid: string | null;
  /** isPermaLink="true" written out, left to its default, or "false". */
  guidIsPermaLink: 'explicit' | 'default' | false;
  link: string | null;
  title: string;
  published: string | null;
  updated: string | null;
  author: string | null;
  /** Short description (RSS description, Atom summary, JSON summary); HTML or text. */
  summary: string | null;
  /** Full content (content:encoded, Atom content, JSON content_html); HTML. */
  content: string | null;
  /** Base for URLs inside content when it differs from the item's (Atom content xml:base). */
  contentBase: string | null;
  /** Text-only content (Atom type="text", JSON content_text): escaped before use as HTML. */
  contentText: string | null;
  itunesSummary: string | null;
  subtitle: string | null;
  enclosures: RawEnclosure[];
  thumbnail: string | null;
  image: string | null;
  duration: string | null;
  episode: string | null;
  episodeType: string | null;
  explicit: string | null;
  metadata: Record<string, unknown>;
};

/** A feed document as the mappers read it, before normalization. */
export type RawFeed = {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  /** The URL the document was fetched from. */
  documentUrl: string;
  /** The feed's base for relative URLs: its xml:base, else the document URL. */
  base: string;
  title: string;
  website: string | null;
  description: string | null;
  language: string | null;
  /** Any itunes:* or podcast:* element at feed level. */
  podcastMarkup: boolean;
  artist: string | null;
  podcastSummary: string | null;
  explicit: string | null;
  artwork: string | null;
  ttlMinutes: number | null;
  /** Where the publisher says the feed has moved (itunes:new-feed-url, <redirect><newLocation>). */
  newFeedUrl: string | null;
  items: RawItem[];
};

/** An empty raw item with the given base URL, for mappers to fill in. */
export function emptyRawItem(base: string): RawItem {
  return {
    base, guid: null, guidIsPermaLink: false, link: null, title: '', published: null, updated: null,
    author: null, summary: null, content: null, contentBase: null, contentText: null, itunesSummary: null,
    subtitle: null, enclosures: [], thumbnail: null, image: null, duration: null, episode: null,
    episodeType: null, explicit: null, metadata: {},
  };
}
