import { baseOf, childText, hasPodcastMarkup, readItemExtensions, ttlMinutes, xhtmlAsHtml } from './map-extensions';
import { emptyRawItem, type RawFeed, type RawItem } from './raw-feed';
import { escapeHtml } from './sanitize';
import { child, textOf, type XmlDocument, type XmlElement } from './xml-tree';

/** The page an Atom element links to: rel="alternate" (or no rel), preferring an HTML type. */
function alternateHref(element: XmlElement): string | null {
  let fallback: string | null = null;
  for (const c of element.children) {
    if (c.name !== 'link' || !c.attrs.href) continue;
    const rel = (c.attrs.rel ?? 'alternate').trim().toLowerCase();
    if (rel !== 'alternate') continue;
    const type = c.attrs.type?.toLowerCase() ?? '';
    if (!type || type.includes('html')) return c.attrs.href;
    fallback ??= c.attrs.href;
  }
  return fallback;
}

function authorOf(doc: XmlDocument, element: XmlElement): string | null {
  const author = child(element, 'author', 'contributor');
  if (!author) return null;
  return childText(doc, author, 'name', 'email') ?? (textOf(doc, author) || null);
}

/** Atom text constructs: type="html" and "xhtml" are HTML; "text" (the default) is escaped. */
function textConstruct(doc: XmlDocument, element: XmlElement | undefined): { html: string | null; text: string | null } {
  if (!element) return { html: null, text: null };
  const value = textOf(doc, element);
  if (!value) return { html: null, text: null };
  const type = (element.attrs.type ?? 'text').toLowerCase();
  if (type.includes('xhtml')) return { html: xhtmlAsHtml(value, element), text: null };
  if (type === 'html' || type === 'text/html') return { html: value, text: null };
  // Some feeds put markup in a type="text" element anyway; trust what it looks like.
  if (/<\/?(?:p|div|br|a|img|em|strong|ul|ol|li|h[1-6]|blockquote)\b/i.test(value)) return { html: value, text: null };
  return { html: null, text: value };
}

function readEntry(doc: XmlDocument, entry: XmlElement, feedBase: string, feedAuthor: string | null): RawItem {
  const base = entry.attrs['xml:base'] ? baseOf(entry, feedBase) : feedBase;
  const item = emptyRawItem(base);
  item.guid = childText(doc, entry, 'id');
  item.title = childText(doc, entry, 'title') ?? '';
  item.link = alternateHref(entry);
  item.published = childText(doc, entry, 'published', 'issued', 'created', 'dc:date');
  item.updated = childText(doc, entry, 'updated', 'modified');
  item.author = authorOf(doc, entry) ?? childText(doc, entry, 'dc:creator') ?? feedAuthor;
  const summary = textConstruct(doc, child(entry, 'summary'));
  item.summary = summary.html ?? (summary.text ? escapeHtml(summary.text) : null);
  const contentElement = child(entry, 'content');
  const content = textConstruct(doc, contentElement);
  item.content = content.html ?? childText(doc, entry, 'content:encoded');
  item.contentText = content.text;
  if (contentElement?.attrs['xml:base']) item.contentBase = baseOf(contentElement, base);
  if (!item.link && contentElement?.attrs.src) item.link = contentElement.attrs.src;
  for (const c of entry.children) {
    if (c.name === 'link' && c.attrs.rel?.trim().toLowerCase() === 'enclosure' && c.attrs.href) {
      const length = Number(c.attrs.length);
      item.enclosures.push({
        url: c.attrs.href, type: c.attrs.type?.trim() || null, medium: null,
        length: Number.isFinite(length) && length > 0 ? length : null, duration: null,
      });
    }
  }
  readItemExtensions(doc, entry, item);
  return item;
}

/** Reads an Atom 1.0 (or 0.3) document. */
export function mapAtom(doc: XmlDocument, documentUrl: string): RawFeed {
  const feed = doc.root;
  const base = baseOf(feed, documentUrl);
  const feedAuthor = authorOf(doc, feed);
  const entries = feed.children.filter((c) => c.name === 'entry' && (doc.complete || c.closed));
  const itunesImage = child(feed, 'itunes:image');
  const subtitle = textConstruct(doc, child(feed, 'subtitle', 'tagline'));
  return {
    format: 'atom',
    documentUrl,
    base,
    title: childText(doc, feed, 'title') ?? '',
    website: alternateHref(feed),
    description: subtitle.html ?? subtitle.text,
    language: feed.attrs['xml:lang'] ?? childText(doc, feed, 'dc:language'),
    podcastMarkup: hasPodcastMarkup(feed),
    artist: childText(doc, feed, 'itunes:author'),
    podcastSummary: childText(doc, feed, 'itunes:summary'),
    explicit: childText(doc, feed, 'itunes:explicit'),
    artwork: itunesImage?.attrs.href?.trim() || childText(doc, feed, 'logo', 'icon'),
    ttlMinutes: ttlMinutes(doc, feed),
    newFeedUrl: childText(doc, feed, 'itunes:new-feed-url'),
    items: entries.map((entry) => readEntry(doc, entry, base, feedAuthor)),
  };
}
