import { parseDuration } from './podcast-values';
import type { RawEnclosure, RawItem } from './raw-feed';
import { escapeHtml } from './sanitize';
import { child, childrenNamed, textOf, type XmlDocument, type XmlElement } from './xml-tree';

/** Text of the first child with one of the names, or null when absent or empty. */
export function childText(doc: XmlDocument, element: XmlElement, ...names: string[]): string | null {
  for (const c of element.children) {
    if (names.includes(c.name)) {
      const text = textOf(doc, c);
      if (text) return text;
    }
  }
  return null;
}

const XHTML_DECLARATION = /xmlns:([\w.-]+)\s*=\s*["']https?:\/\/www\.w3\.org\/1999\/xhtml\/?["']/gi;

/**
 * XHTML written with a prefix (`<h:p>`) as the HTML it is (`<p>`): HTML knows no `h:p`, so the
 * sanitizer would drop every such tag. The prefixes are those bound to the XHTML namespace around
 * the element or inside the markup itself.
 */
export function xhtmlAsHtml(markup: string, element: XmlElement): string {
  const prefixes = new Set<string>();
  for (let at: XmlElement | null = element; at; at = at.parent) {
    at.bindings?.forEach((namespace, prefix) => { if (namespace === 'xhtml' && prefix) prefixes.add(prefix); });
  }
  for (const declared of markup.matchAll(XHTML_DECLARATION)) prefixes.add(declared[1].toLowerCase());
  if (prefixes.size === 0) return markup;
  return markup.replace(/<(\/?)([\w.-]+):/g, (tag, slash: string, prefix: string) => (prefixes.has(prefix.toLowerCase()) ? `<${slash}` : tag));
}

/** The effective xml:base of an element, resolved through its ancestors onto the document URL. */
export function baseOf(element: XmlElement, documentUrl: string): string {
  const chain: string[] = [];
  for (let el: XmlElement | null = element; el; el = el.parent) {
    const base = el.attrs['xml:base'];
    if (base) chain.unshift(base.trim());
  }
  let base = documentUrl;
  for (const link of chain) {
    try {
      base = new URL(link, base || undefined).href;
    } catch {
      // A malformed xml:base is ignored, as browsers do.
    }
  }
  return base;
}

function attr(element: XmlElement | undefined, name: string): string | null {
  const value = element?.attrs[name]?.trim();
  return value || null;
}

function mediaEnclosure(element: XmlElement): RawEnclosure | null {
  const url = attr(element, 'url');
  if (!url) return null;
  const length = Number(attr(element, 'filesize') ?? NaN);
  return {
    url,
    type: attr(element, 'type'),
    medium: attr(element, 'medium')?.toLowerCase() ?? null,
    length: Number.isFinite(length) ? length : null,
    duration: attr(element, 'duration'),
  };
}

function mediaThumbnail(element: XmlElement): string | null {
  const direct = attr(child(element, 'media:thumbnail'), 'url');
  if (direct) return direct;
  for (const c of element.children) {
    if (c.name === 'media:group' || c.name === 'media:content') {
      const nested = mediaThumbnail(c);
      if (nested) return nested;
    }
  }
  return null;
}

function chapterList(doc: XmlDocument, element: XmlElement): Array<Record<string, unknown>> {
  return childrenNamed(element, 'psc:chapter').map((chapter) => {
    const entry: Record<string, unknown> = {
      start: parseDuration(attr(chapter, 'start')) ?? 0,
      title: attr(chapter, 'title') ?? textOf(doc, chapter),
    };
    if (attr(chapter, 'href')) entry.href = attr(chapter, 'href');
    if (attr(chapter, 'image')) entry.image = attr(chapter, 'image');
    return entry;
  });
}

/** media:description is plain text unless it says type="html"; returned as HTML. */
function mediaDescription(doc: XmlDocument, element: XmlElement | undefined): string | null {
  const text = element ? textOf(doc, element) : '';
  if (!text) return null;
  return element?.attrs.type?.toLowerCase() === 'html' ? text : escapeHtml(text);
}

function youTubeId(link: string | null): string | null {
  if (!link) return null;
  const match = /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|shorts\/|embed\/)|youtu\.be\/)([\w-]{11})/.exec(link);
  return match ? match[1] : null;
}

/**
 * Reads the extension namespaces shared by RSS, RDF and Atom items (iTunes, Media RSS,
 * Podcasting 2.0, Podlove chapters, FeedBurner, YouTube) into the raw item.
 */
export function readItemExtensions(doc: XmlDocument, element: XmlElement, item: RawItem): void {
  const metadata = item.metadata;
  for (const c of element.children) {
    switch (c.name) {
      case 'itunes:duration': item.duration ??= textOf(doc, c) || null; break;
      case 'itunes:episode': case 'podcast:episode': item.episode ??= textOf(doc, c) || null; break;
      case 'itunes:episodetype': item.episodeType ??= textOf(doc, c) || null; break;
      case 'itunes:explicit': item.explicit ??= textOf(doc, c) || null; break;
      case 'itunes:summary': item.itunesSummary ??= textOf(doc, c) || null; break;
      case 'itunes:subtitle': item.subtitle ??= textOf(doc, c) || null; break;
      case 'itunes:image': item.image ??= attr(c, 'href') ?? attr(c, 'url') ?? (textOf(doc, c) || null); break;
      case 'itunes:author': item.author ??= textOf(doc, c) || null; break;
      case 'itunes:season': case 'podcast:season': metadata.season ??= Number(textOf(doc, c)) || undefined; break;
      case 'media:content': { const media = mediaEnclosure(c); if (media) item.enclosures.push(media); break; }
      case 'media:group':
        for (const content of childrenNamed(c, 'media:content')) {
          const media = mediaEnclosure(content);
          if (media) item.enclosures.push(media);
        }
        if (!item.summary) item.summary = mediaDescription(doc, child(c, 'media:description'));
        break;
      case 'media:description': if (!item.summary) item.summary = mediaDescription(doc, c); break;
      case 'podcast:chapters': metadata.chapters_url ??= attr(c, 'url'); break;
      case 'psc:chapters': metadata.chapters = chapterList(doc, c); break;
      case 'podcast:transcript': {
        const url = attr(c, 'url');
        if (url) {
          const transcripts = (metadata.transcripts ??= []) as Array<Record<string, unknown>>;
          transcripts.push({ url, type: attr(c, 'type'), language: attr(c, 'language') });
        }
        break;
      }
      case 'podcast:person': {
        const persons = (metadata.persons ??= []) as Array<Record<string, unknown>>;
        persons.push({
          name: textOf(doc, c),
          role: attr(c, 'role')?.toLowerCase() ?? 'host',
          group: attr(c, 'group')?.toLowerCase() ?? 'cast',
          href: attr(c, 'href'),
          img: attr(c, 'img'),
        });
        break;
      }
      case 'feedburner:origlink': item.link = textOf(doc, c) || item.link; break;
      case 'yt:videoid': metadata.video_id = textOf(doc, c); break;
    }
  }
  item.thumbnail ??= mediaThumbnail(element);
  const videoId = (metadata.video_id as string | undefined) ?? youTubeId(item.link);
  if (videoId) {
    metadata.video_id = videoId;
    metadata.embed_url = `https://www.youtube-nocookie.com/embed/${videoId}`;
  }
  if (!metadata.chapters_url) delete metadata.chapters_url;
  if (metadata.season === undefined) delete metadata.season;
}

/** True when an element carries iTunes, Podcasting 2.0 or Google Play markup. */
export function hasPodcastMarkup(element: XmlElement): boolean {
  return element.children.some((c) => /^(?:itunes|podcast|googleplay):/.test(c.name));
}

/** Minutes between refreshes a feed asks for: <ttl>, else sy:updatePeriod / sy:updateFrequency. */
export function ttlMinutes(doc: XmlDocument, channel: XmlElement): number | null {
  const ttl = Number.parseInt(childText(doc, channel, 'ttl') ?? '', 10);
  if (Number.isFinite(ttl) && ttl > 0) return ttl;
  const period = childText(doc, channel, 'sy:updateperiod')?.toLowerCase();
  const minutes = { hourly: 60, daily: 1440, weekly: 10080, monthly: 43200, yearly: 525600 }[period ?? ''];
  if (!minutes) return null;
  const frequency = Number.parseInt(childText(doc, channel, 'sy:updatefrequency') ?? '1', 10);
  return Math.max(1, Math.round(minutes / (Number.isFinite(frequency) && frequency > 0 ? frequency : 1)));
}
