import { createHash } from 'node:crypto';
import { feedDateReader } from './dates';
import { parseDuration, parseEpisodeType, parseExplicit, parsePositiveInteger } from './podcast-values';
import type { RawEnclosure, RawFeed, RawItem } from './raw-feed';
import { escapeHtml, sanitizeContent, toPlainText } from './sanitize';
import type { ParsedFeed, ParsedItem } from './types';

const SUMMARY_LENGTH = 300;
const DESCRIPTION_LENGTH = 4000;
/** Titles and names past this are cut: every list page carries them. */
const TITLE_LENGTH = 1000;
const MEDIA_EXTENSIONS = /\.(?:mp3|m4a|m4b|aac|ogg|oga|opus|flac|wav|mp4|m4v|mov|webm|mkv)(?:[?#]|$)/i;
const IMAGE_EXTENSIONS = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i;
const DOCUMENT_EXTENSIONS = /\.(?:pdf|zip|epub|mobi|docx?|txt|html?|torrent)(?:[?#]|$)/i;
const MARKUP = /<[a-z!/]/i;

export type NormalizeOptions = {
  sanitize: boolean;
  /** Items it returns true for (already stored) are left out before the costly sanitizing. */
  knownItem?: (key: { guid: string | null; url: string | null }) => boolean;
};

/** Resolves a possibly relative URL; null when it cannot be made absolute http(s) or file. */
export function resolveUrl(url: string | null | undefined, base: string): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  try {
    const resolved = new URL(trimmed, base || undefined);
    // file: only for documents read from disk (tests and imports); a web feed cannot point there.
    if (resolved.protocol === 'http:' || resolved.protocol === 'https:') return resolved.href;
    return resolved.protocol === 'file:' && base.startsWith('file:') ? resolved.href : null;
  } catch {
    return null;
  }
}

function isMediaEnclosure(enclosure: RawEnclosure): boolean {
  const type = enclosure.type?.toLowerCase() ?? '';
  const medium = enclosure.medium?.toLowerCase() ?? '';
  if (type.startsWith('audio/') || type.startsWith('video/') || medium === 'audio' || medium === 'video') return true;
  if (type.startsWith('image/') || medium === 'image' || IMAGE_EXTENSIONS.test(enclosure.url)) return false;
  if (MEDIA_EXTENSIONS.test(enclosure.url)) return type === '' || /octet-stream|^application\/x-/.test(type);
  if (type === '') return !DOCUMENT_EXTENSIONS.test(enclosure.url);
  return /^application\/(?:ogg|x-mpegurl|vnd\.apple\.mpegurl)/.test(type);
}

function isImageEnclosure(enclosure: RawEnclosure): boolean {
  return (enclosure.type ?? '').toLowerCase().startsWith('image/') || enclosure.medium === 'image'
    || (!enclosure.type && IMAGE_EXTENSIONS.test(enclosure.url));
}

function authorName(author: string | null): string | null {
  if (!author) return null;
  const text = toPlainText(author, TITLE_LENGTH);
  // RSS <author> is "email (Name)"; keep the name.
  const named = /^[^\s@]+@[^\s@]+\s*\((.+)\)$/.exec(text);
  return (named ? named[1] : text) || null;
}

function firstImage(html: string): string | null {
  const match = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(html);
  return match ? match[1].replace(/&amp;/g, '&') : null;
}

function contentHtml(raw: RawItem): string {
  if (raw.content) return raw.content;
  const embed = raw.metadata.embed_url;
  // A video entry (YouTube) carries only a description: show the player above it.
  if (typeof embed === 'string') {
    const text = !raw.summary || MARKUP.test(raw.summary) ? raw.summary ?? '' : raw.summary.replace(/\r?\n/g, '<br>');
    return `<iframe src="${escapeHtml(embed)}" width="560" height="315" allowfullscreen></iframe>${text ? `<p>${text}</p>` : ''}`;
  }
  if (raw.summary) return raw.summary;
  const text = raw.contentText ?? raw.itunesSummary;
  return text ? escapeHtml(text).replace(/\r?\n/g, '<br>') : '';
}

/** The first candidate with any text in it, as a short plain-text summary. */
function summaryOf(candidates: Array<string | null>): string {
  for (const candidate of candidates) {
    const text = candidate ? toPlainText(candidate, SUMMARY_LENGTH) : '';
    if (text) return text;
  }
  return '';
}

/** Episode show notes as plain text, chosen the way podcast apps do: itunes:summary, a plain description, then content. */
function episodeDescription(raw: RawItem): string | null {
  const source = raw.itunesSummary
    ?? (raw.summary && !(MARKUP.test(raw.summary) && raw.content) ? raw.summary : null)
    ?? raw.content ?? raw.contentText ?? raw.summary ?? raw.subtitle;
  const text = source ? toPlainText(source, DESCRIPTION_LENGTH) : '';
  return text || null;
}

/**
 * Relative URLs inside content follow xml:base when the feed gave one; otherwise they are
 * relative to the article's own page (feeds are often served from another host than the site).
 */
function contentBase(raw: RawItem, feed: RawFeed, link: string | null): string {
  if (raw.contentBase) return raw.contentBase;
  if (raw.base !== feed.documentUrl) return raw.base;
  return link ?? resolveUrl(feed.website, feed.base) ?? raw.base;
}

type DateReader = (value: string | null) => string | null;

function normalizeItem(raw: RawItem, feed: RawFeed, isPodcast: boolean, options: NormalizeOptions, readDate: DateReader): ParsedItem {
  const base = raw.base;
  const seen = new Set<string>();
  const enclosures = raw.enclosures
    .map((enclosure) => ({ ...enclosure, url: resolveUrl(enclosure.url, base) ?? '' }))
    .filter((enclosure) => enclosure.url && !seen.has(enclosure.url) && seen.add(enclosure.url));
  const media = enclosures.find(isMediaEnclosure) ?? null;
  const guid = raw.guid?.trim() || null;
  // A guid marked isPermaLink="true" may be relative (to xml:base); an unmarked one counts only when absolute.
  const permalink = !guid ? null
    : raw.guidIsPermaLink === 'explicit' ? resolveUrl(guid, base)
      : raw.guidIsPermaLink === 'default' && /^https?:\/\//i.test(guid) ? guid : null;
  const url = resolveUrl(raw.link, base) ?? permalink;
  const html = contentHtml(raw);
  const content = options.sanitize ? sanitizeContent(html, contentBase(raw, feed, url)) : html;
  const artwork = resolveUrl(raw.image, base);
  const thumbnail = resolveUrl(raw.thumbnail, base);
  const imageEnclosure = enclosures.find(isImageEnclosure)?.url ?? null;
  const itemType = media && isPodcast ? 'episode' : 'article';
  const metadata = { ...raw.metadata };
  if (enclosures.length > 1) metadata.enclosures = enclosures.map(({ url, type, length }) => ({ url, type, length }));
  return {
    guid,
    url,
    title: toPlainText(raw.title, TITLE_LENGTH),
    published_at: readDate(raw.published) ?? readDate(raw.updated),
    author: authorName(raw.author),
    summary: summaryOf([raw.summary, raw.itunesSummary, raw.subtitle, raw.contentText, content]),
    content,
    item_type: itemType,
    media_url: thumbnail ?? imageEnclosure ?? artwork ?? firstImage(content),
    audio_url: media?.url ?? null,
    duration_seconds: parseDuration(raw.duration) ?? parseDuration(media?.duration ?? null),
    episode_number: parsePositiveInteger(raw.episode),
    episode_type: parseEpisodeType(raw.episodeType),
    explicit: parseExplicit(raw.explicit),
    // Most podcasts put their cover only on the channel; players show it for every episode.
    artwork_url: artwork ?? thumbnail ?? (itemType === 'episode' ? resolveUrl(feed.artwork, feed.base) : null),
    description: itemType === 'episode' ? episodeDescription(raw) : null,
    platform_metadata: metadata,
    source_hash: itemFingerprint(raw),
  };
}

/** Removes later items whose guid (or, lacking one, link) repeats an earlier item's. */
function withoutDuplicates(items: ParsedItem[]): ParsedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.guid ? `g:${item.guid}` : item.url ? `u:${item.url}` : null;
    if (!key) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What an item is recognised by when asking whether it is stored already (see NormalizeOptions.knownItem). */
export function itemKey(raw: RawItem): { guid: string | null; url: string | null } {
  return { guid: raw.guid?.trim() || null, url: resolveUrl(raw.link, raw.base) };
}

/**
 * A hash of an item as its feed wrote it (title, link, text, author, images): it changes when the
 * feed edits the item in place, and costs far less than sanitizing the item to compare.
 */
export function itemFingerprint(raw: RawItem): string {
  return createHash('sha1').update(JSON.stringify([
    raw.title, raw.link, raw.summary, raw.content, raw.contentText, raw.itunesSummary, raw.subtitle, raw.author, raw.image, raw.thumbnail,
  ])).digest('base64url');
}

function isKnown(raw: RawItem, options: NormalizeOptions): boolean {
  return options.knownItem ? options.knownItem(itemKey(raw)) : false;
}

/** A feed is a podcast when it says so with podcast markup and carries media, or when most items carry media. */
function detectPodcast(raw: RawFeed): boolean {
  if (raw.items.length === 0) return raw.podcastMarkup;
  const withMedia = raw.items.filter((item) => item.enclosures.some(isMediaEnclosure)).length;
  return (raw.podcastMarkup && withMedia > 0) || withMedia * 2 >= raw.items.length;
}

/** Turns what a format mapper read into the normalized feed the service stores. */
export function normalizeFeed(raw: RawFeed, options: NormalizeOptions): ParsedFeed {
  const isPodcast = detectPodcast(raw);
  const readDate = feedDateReader(() => raw.items.flatMap((item) => [item.published, item.updated]), raw.language);
  const description = raw.description ? toPlainText(raw.description) || null : null;
  return {
    format: raw.format,
    title: toPlainText(raw.title, TITLE_LENGTH),
    website: resolveUrl(raw.website, raw.base),
    description,
    language: raw.language?.trim() || null,
    is_podcast: isPodcast,
    artist: raw.artist ? toPlainText(raw.artist) || null : null,
    podcast_summary: raw.podcastSummary ? toPlainText(raw.podcastSummary) || null : isPodcast ? description : null,
    explicit: parseExplicit(raw.explicit),
    artwork_url: resolveUrl(raw.artwork, raw.base),
    ttl_minutes: raw.ttlMinutes,
    new_feed_url: resolveUrl(raw.newFeedUrl, raw.base),
    items: withoutDuplicates(raw.items.filter((item) => !isKnown(item, options)).map((item) => normalizeItem(item, raw, isPodcast, options, readDate))),
  };
}
