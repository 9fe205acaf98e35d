import { decodeEntities } from './xml-tree';

const FEED_TYPES = new Set([
  'application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/json',
  'application/rdf+xml', 'application/x.atom+xml', 'application/x-atom+xml', 'text/xml', 'application/xml',
]);
export const LINK_TAG = /<link\b([^>]*)>/gi;
export const BASE_TAG = /<base\b[^>]*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** The attributes of one tag's source text, names lower-cased and values decoded. */
export function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    attrs[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** `href` made absolute against `base`, when it is an http(s) URL; else null. */
export function absoluteHttp(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A comments feed by its title or address (WordPress names its own "… Comments Feed" and serves it at /comments/feed). */
const COMMENTS_FEED = /\bcomments?\b/i;

/**
 * Feed URLs a web page announces with `<link rel="alternate" type="…rss/atom/json…">`, made
 * absolute (honouring `<base href>`), in page order without repeats, except that comments
 * feeds come after the others: a blog's page often names its comments feed first, and the first
 * URL is the one subscribed to.
 */
export function discoverFeeds(html: string, pageUrl: string): string[] {
  const head = html.slice(0, 500_000);
  const baseMatch = BASE_TAG.exec(head);
  const base = baseMatch ? absoluteHttp(decodeEntities(baseMatch[1] ?? baseMatch[2] ?? baseMatch[3] ?? ''), pageUrl) ?? pageUrl : pageUrl;
  const found: { url: string; comments: boolean }[] = [];
  for (const match of head.matchAll(LINK_TAG)) {
    const attrs = attributes(match[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const type = (attrs.type ?? '').toLowerCase().split(';')[0].trim();
    if (!attrs.href || !(rel.includes('alternate') || rel.includes('feed'))) continue;
    if (!FEED_TYPES.has(type)) continue;
    const url = absoluteHttp(attrs.href, base);
    if (!url || found.some((one) => one.url === url)) continue;
    found.push({ url, comments: COMMENTS_FEED.test(decodeEntities(attrs.title ?? '')) || COMMENTS_FEED.test(new URL(url).pathname) });
  }
  return [...found.filter((one) => !one.comments), ...found.filter((one) => one.comments)].map((one) => one.url);
}

const WELL_KNOWN_PATHS = ['/feed', '/rss', '/atom.xml', '/feed.xml', '/rss.xml', '/index.xml', '/feed.json'];

/** The usual places sites keep their feeds, to try when a page links to none. */
export function wellKnownFeedPaths(pageUrl: string): string[] {
  let origin: string;
  let path: string;
  try {
    const url = new URL(pageUrl);
    origin = url.origin;
    path = url.pathname.replace(/\/+$/, '');
  } catch {
    return [];
  }
  const roots = path && path !== '' ? [`${origin}${path}`, origin] : [origin];
  const urls: string[] = [];
  for (const root of roots) {
    for (const suffix of WELL_KNOWN_PATHS) {
      const url = `${root}${suffix}`;
      if (url !== pageUrl && !urls.includes(url)) urls.push(url);
    }
  }
  return urls;
}

/**
 * Whether a fetched document is a feed rather than a web page: by what the document starts
 * with, since servers label feeds text/html and pages text/xml often enough.
 */
export function looksLikeFeed(body: string | Uint8Array, contentType?: string | null): boolean {
  const text = typeof body === 'string' ? body.slice(0, 4096) : Buffer.from(body.subarray(0, 4096)).toString('latin1');
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) {
    return /"version"\s*:\s*"https?:\/\/jsonfeed\.org/.test(text) || /"items"\s*:/.test(text) || /^\{\s*"rss"\s*:/.test(start);
  }
  if (/^<(?:!doctype\s+html|html[\s>])/i.test(start)) return false;
  if (/<(?:rss|rdf:RDF|feed)\b/i.test(text)) return true;
  const type = (contentType ?? '').toLowerCase();
  return /(?:rss|atom|rdf)\+xml|feed\+json/.test(type) && !/<html[\s>]/i.test(text);
}
