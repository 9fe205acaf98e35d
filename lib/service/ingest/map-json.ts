import { emptyRawItem, type RawFeed, type RawItem } from './raw-feed';

type Json = Record<string, unknown>;

function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

function obj(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function authorName(owner: Json): string | null {
  const names = list(owner.authors ?? owner.author)
    .map((author) => (typeof author === 'string' ? author : str(obj(author)?.name)))
    .filter((name): name is string => !!name);
  return names.length ? names.join(', ') : null;
}

/**
 * Recovers the complete parts of a JSON feed cut off mid-download: the top-level fields before
 * "items" and every item object that closed before the cut.
 */
export function salvageTruncatedJson(text: string): Json | null {
  const itemsKey = /"items"\s*:\s*\[/.exec(text);
  if (!itemsKey) return null;
  let head: Json;
  try {
    head = JSON.parse(`${text.slice(0, itemsKey.index).replace(/,\s*$/, '')}}`) as Json;
  } catch {
    return null;
  }
  const items: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = itemsKey.index + itemsKey[0].length; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i++;
      else if (code === 34) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 123) {
      if (depth === 0) start = i;
      depth++;
    } else if (code === 125) {
      depth--;
      if (depth === 0 && start !== -1) {
        try {
          items.push(JSON.parse(text.slice(start, i + 1)));
        } catch {
          // An item that does not parse on its own is skipped.
        }
      }
    } else if (code === 93 && depth === 0) break;
  }
  return { ...head, items };
}

/** Hand-written feeds often leave a comma before `}` or `]`; only tried once strict parsing failed. */
function withoutTrailingCommas(text: string): Json | null {
  try {
    return obj(JSON.parse(text.replace(/,(\s*[}\]])/g, '$1')));
  } catch {
    return null;
  }
}

function jsonFeedItem(value: unknown, base: string, feedAuthor: string | null): RawItem | null {
  const entry = obj(value);
  if (!entry) return null;
  const item = emptyRawItem(base);
  item.guid = str(entry.id);
  item.guidIsPermaLink = false;
  item.link = str(entry.url) ?? str(entry.external_url);
  item.title = str(entry.title) ?? '';
  item.published = str(entry.date_published);
  item.updated = str(entry.date_modified);
  item.author = authorName(entry) ?? feedAuthor;
  item.summary = str(entry.summary);
  item.content = str(entry.content_html);
  item.contentText = item.content ? null : str(entry.content_text);
  item.thumbnail = str(entry.image) ?? str(entry.banner_image);
  for (const attachment of list(entry.attachments)) {
    const file = obj(attachment);
    const url = file && str(file.url);
    if (!file || !url) continue;
    const size = Number(file.size_in_bytes);
    item.enclosures.push({
      url, type: str(file.mime_type), medium: null,
      length: Number.isFinite(size) && size > 0 ? size : null, duration: str(file.duration_in_seconds),
    });
  }
  const external = str(entry.external_url);
  if (external) item.metadata.external_url = external;
  return item;
}

function mapJsonFeed(feed: Json, documentUrl: string): RawFeed {
  const base = documentUrl || str(feed.feed_url) || '';
  return {
    format: 'json',
    documentUrl,
    base,
    title: str(feed.title) ?? '',
    website: str(feed.home_page_url),
    description: str(feed.description),
    language: str(feed.language),
    podcastMarkup: false,
    artist: null,
    podcastSummary: null,
    explicit: null,
    artwork: str(feed.icon) ?? str(feed.favicon),
    ttlMinutes: null,
    newFeedUrl: null,
    items: list(feed.items).map((entry) => jsonFeedItem(entry, base, authorName(feed))).filter((item): item is RawItem => !!item),
  };
}

/** Dave Winer's RSS-in-JSON: the RSS 2.0 element tree written as JSON. */
function mapRssInJson(channel: Json, documentUrl: string): RawFeed {
  const items = list(channel.item).map((value) => {
    const entry = obj(value) ?? {};
    const item = emptyRawItem(documentUrl);
    const guid = entry.guid;
    item.guid = str(guid) ?? str(obj(guid)?.value) ?? str(obj(guid)?.['#value']);
    item.guidIsPermaLink = obj(guid)?.isPermaLink === 'false' ? false : 'default';
    item.link = str(entry.link);
    item.title = str(entry.title) ?? '';
    item.published = str(entry.pubDate);
    item.author = str(entry.author) ?? str(entry['dc:creator']);
    item.summary = str(entry.description);
    item.content = str(entry['content:encoded']);
    for (const enclosure of list(entry.enclosure)) {
      const file = obj(enclosure);
      const url = file && str(file.url);
      if (file && url) {
        item.enclosures.push({ url, type: str(file.type), medium: null, length: Number(file.length) || null, duration: null });
      }
    }
    return item;
  });
  return {
    format: 'rss', documentUrl, base: documentUrl, title: str(channel.title) ?? '', website: str(channel.link),
    description: str(channel.description), language: str(channel.language), podcastMarkup: false,
    artist: null, podcastSummary: null, explicit: null, artwork: null, ttlMinutes: Number(channel.ttl) || null,
    newFeedUrl: null, items,
  };
}

/** Reads a JSON Feed 1.0/1.1 (or RSS-in-JSON) document; null when the JSON is not a feed. */
export function mapJson(text: string, documentUrl: string): RawFeed | null {
  let data: Json | null;
  try {
    data = obj(JSON.parse(text));
  } catch {
    data = withoutTrailingCommas(text) ?? salvageTruncatedJson(text);
  }
  if (!data) return null;
  const channel = obj(obj(data.rss)?.channel);
  if (channel) return mapRssInJson(channel, documentUrl);
  const version = str(data.version) ?? '';
  if (version.includes('jsonfeed.org') || (Array.isArray(data.items) && (str(data.title) || str(data.feed_url) || str(data.home_page_url)))) {
    return mapJsonFeed(data, documentUrl);
  }
  return null;
}
