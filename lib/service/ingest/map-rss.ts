import { baseOf, childText, hasPodcastMarkup, readItemExtensions, ttlMinutes, xhtmlAsHtml } from './map-extensions';
import { emptyRawItem, type RawFeed, type RawItem } from './raw-feed';
import { child, textOf, type XmlDocument, type XmlElement } from './xml-tree';

function alternateLink(element: XmlElement): string | null {
  for (const c of element.children) {
    if (c.name === 'atom:link' && (c.attrs.rel ?? 'alternate') === 'alternate' && c.attrs.href) return c.attrs.href;
  }
  return null;
}

function linkText(doc: XmlDocument, element: XmlElement): string | null {
  for (const c of element.children) {
    if (c.name !== 'link') continue;
    // RSS <link> holds text; a stray Atom-style <link href=""/> is accepted too.
    const text = textOf(doc, c) || c.attrs.href || null;
    if (text) return text;
  }
  return null;
}

/** Userland's RSS redirect: <redirect><newLocation>url</newLocation></redirect> at the root. */
function redirectTarget(doc: XmlDocument, root: XmlElement): string | null {
  const redirect = child(root, 'redirect') ?? child(child(root, 'channel') ?? root, 'redirect');
  return redirect ? childText(doc, redirect, 'newlocation') : null;
}

function readItem(doc: XmlDocument, element: XmlElement, channelBase: string): RawItem {
  const base = element.attrs['xml:base'] ? baseOf(element, channelBase) : channelBase;
  const item = emptyRawItem(base);
  const guid = child(element, 'guid');
  if (guid) {
    item.guid = childText(doc, element, 'guid');
    const flag = guid.attrs.ispermalink?.trim().toLowerCase();
    item.guidIsPermaLink = flag === undefined ? 'default' : flag === 'false' ? false : 'explicit';
  }
  item.guid ??= element.attrs['rdf:about'] ?? null;
  item.title = childText(doc, element, 'title', 'dc:title') ?? '';
  item.link = linkText(doc, element) ?? alternateLink(element);
  item.published = childText(doc, element, 'pubdate', 'dc:date', 'dcterms:issued', 'dcterms:created', 'atom:published', 'published');
  item.updated = childText(doc, element, 'dcterms:modified', 'atom:updated', 'lastbuilddate');
  item.author = childText(doc, element, 'dc:creator', 'author', 'atom:author');
  item.summary = childText(doc, element, 'description', 'dc:description');
  const body = child(element, 'xhtml:body');
  item.content = childText(doc, element, 'content:encoded', 'atom:content') ?? (body ? xhtmlAsHtml(textOf(doc, body), body) || null : null);
  for (const c of element.children) {
    if (c.name === 'enclosure' && c.attrs.url) {
      const length = Number(c.attrs.length);
      item.enclosures.push({
        url: c.attrs.url, type: c.attrs.type?.trim() || null, medium: null,
        length: Number.isFinite(length) && length > 0 ? length : null, duration: null,
      });
    }
  }
  readItemExtensions(doc, element, item);
  if (item.content && item.summary === item.content) item.summary = null;
  return item;
}

/** Reads an RSS 0.9x/2.0 or RSS 1.0 (RDF) document. */
export function mapRss(doc: XmlDocument, documentUrl: string, format: 'rss' | 'rdf'): RawFeed {
  const root = doc.root;
  const channel = child(root, 'channel') ?? root;
  const base = baseOf(channel, documentUrl);
  const image = child(channel, 'image') ?? child(root, 'image');
  const itunesImage = child(channel, 'itunes:image') ?? child(channel, 'googleplay:image');
  const elements = channel === root
    ? root.children.filter((c) => c.name === 'item')
    : [...channel.children.filter((c) => c.name === 'item'), ...root.children.filter((c) => c.name === 'item')];
  const truncated = !doc.complete;
  const complete = truncated ? elements.filter((el) => el.closed) : elements;
  return {
    format,
    documentUrl,
    base,
    title: childText(doc, channel, 'title', 'dc:title') ?? '',
    website: linkText(doc, channel) ?? alternateLink(channel),
    description: childText(doc, channel, 'description', 'dc:description', 'itunes:summary', 'itunes:subtitle'),
    language: childText(doc, channel, 'language', 'dc:language'),
    podcastMarkup: hasPodcastMarkup(channel),
    artist: childText(doc, channel, 'itunes:author', 'googleplay:author'),
    podcastSummary: childText(doc, channel, 'itunes:summary', 'googleplay:description'),
    explicit: childText(doc, channel, 'itunes:explicit', 'googleplay:explicit'),
    artwork: itunesImage?.attrs.href?.trim() || (itunesImage && textOf(doc, itunesImage)) || (image && childText(doc, image, 'url'))
      || image?.attrs['rdf:resource'] || null,
    ttlMinutes: ttlMinutes(doc, channel),
    newFeedUrl: childText(doc, channel, 'itunes:new-feed-url') ?? redirectTarget(doc, root),
    items: complete.map((element) => readItem(doc, element, base)),
  };
}
