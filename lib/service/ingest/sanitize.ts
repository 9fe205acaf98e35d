import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';

/** Hosts whose players may be embedded in items; every other iframe is removed. */
export const VIDEO_EMBED_HOSTS = [
  'www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com',
  'player.vimeo.com', 'www.dailymotion.com', 'geo.dailymotion.com',
];

/** Hosts that serve nothing but tracking beacons, whatever the path. */
const BEACON_HOSTS = [
  'pixel.wp.com', 'stats.wordpress.com', 'www.google-analytics.com', 'google-analytics.com', 'pixel.quantserve.com',
  'ad.doubleclick.net', 'track.hubspot.com', 'pixel.mathtag.com', 'sb.scorecardresearch.com',
  'b.scorecardresearch.com', 'counter.theconversation.com', 'api.follow.it', 'pixel.feedburner.com',
];
/** Feed services whose beacons are recognisable by path (FeedBurner's ~r, Medium's _/stat…). */
const BEACON_PATH_HOSTS = ['feeds.feedburner.com', 'feedpress.me', 'medium.com', 'feeds.wordpress.com', 'assets.feedblitz.com'];
const BEACON_PATH = /\/(?:~r|~ff|_\/stat|pixel|beacon|track(?:ing)?)(?:[/.?]|$)/i;

/** Inline styles that hide an element or lay it over the page: such elements go, content and all. */
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$)|font-size\s*:\s*0(?:px|em|rem|%)?\s*(?:;|$)|(?:max-)?(?:height|width)\s*:\s*0(?:px)?\s*(?:;|$)/i;

const URL_ATTRIBUTES = ['href', 'src', 'poster', 'cite'];

/**
 * Ids of the text (footnotes, a table of contents) are kept under this prefix, and links to them
 * follow: the text's ids can then neither collide with the app's own nor clobber its globals.
 */
export const CONTENT_ID_PREFIX = 'content-';

/** The text's own id (or a link's fragment) as the prefixed id the page keeps; null when nothing is left of it. */
function contentId(id: string): string | null {
  const kept = id.trim().replace(/[^\w:.-]/g, '').slice(0, 100);
  // Already kept (HTML sanitized twice, as a hosted service's is): as it is, so ids and links still meet.
  if (kept.startsWith(CONTENT_ID_PREFIX)) return kept;
  return kept ? `${CONTENT_ID_PREFIX}${kept}` : null;
}

/** Keeps an element's id (an old-style `<a name>` counts) prefixed, and points an in-page link at the prefixed id; answers whether the link stays in the page. */
function keepAnchors(tagName: string, attribs: Record<string, string>): boolean {
  if (tagName === 'a' && attribs.name && !attribs.id) attribs.id = attribs.name;
  if (attribs.id !== undefined) {
    const id = contentId(attribs.id);
    if (id) attribs.id = id;
    else delete attribs.id;
  }
  if (tagName !== 'a' || !attribs.href?.trim().startsWith('#')) return false;
  const target = contentId(decodeURIComponentSafely(attribs.href.trim().slice(1)));
  if (!target) return false;
  attribs.href = `#${target}`;
  return true;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Permissions a feed may grant an embedded player; camera, microphone, location and the like are a feed's to ask for, not to grant. */
const PLAYER_FEATURES = new Set(['autoplay', 'encrypted-media', 'fullscreen', 'picture-in-picture', 'accelerometer', 'gyroscope', 'clipboard-write', 'web-share']);

/** An iframe `allow` list cut to player features, each without an origin list of its own. */
function playerFeatures(allow: string): string {
  return allow.split(';').map((entry) => entry.trim().split(/\s+/)[0].toLowerCase()).filter((name) => PLAYER_FEATURES.has(name)).join('; ');
}

/** The URL made absolute against base, or null when nothing resolves it (a relative URL without a base, a malformed one). */
function absolute(url: string, base: string): string | null {
  try {
    return new URL(url.trim(), base || undefined).href;
  } catch {
    return null;
  }
}

function absoluteSrcset(srcset: string, base: string): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url, ...descriptor] = candidate.trim().split(/\s+/);
      const resolved = url ? absolute(url, base) : null;
      return resolved ? [resolved, ...descriptor].join(' ') : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** Makes a URL attribute absolute, or removes it: a relative link in mail would otherwise point into the app. */
function resolveAttribute(attribs: Record<string, string>, name: string, base: string): void {
  const resolved = absolute(attribs[name], base);
  if (resolved) attribs[name] = resolved;
  else delete attribs[name];
}

const LOADABLE_IMAGE = /^(?:https?|data):/i;

/** An image whose source no browser can load (a mail's `cid:` part, an unresolvable path): its alt text, or nothing. */
function unloadableImage(attribs: Record<string, string>, dropped: WeakSet<object>): sanitizeHtml.Tag {
  const alt = attribs.alt?.trim();
  if (alt) return { tagName: 'span', attribs: {}, text: alt };
  dropped.add(attribs);
  return { tagName: 'img', attribs };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const STYLE_SIZE = { width: /(?:^|;)\s*width\s*:\s*(\d+)px/i, height: /(?:^|;)\s*height\s*:\s*(\d+)px/i };

function styleSize(style: string | undefined, property: 'width' | 'height'): string {
  const match = style ? STYLE_SIZE[property].exec(style) : null;
  return match ? match[1] : '';
}

function isTrackingPixel(attribs: Record<string, string>): boolean {
  const width = Number.parseInt(attribs.width || styleSize(attribs.style, 'width'), 10);
  const height = Number.parseInt(attribs.height || styleSize(attribs.style, 'height'), 10);
  if ((width <= 2 && height <= 2) || width === 0 || height === 0) return true;
  const src = attribs.src ?? '';
  if (!src) return true;
  const host = hostOf(src);
  if (!host) return false;
  return BEACON_HOSTS.includes(host) || (BEACON_PATH_HOSTS.includes(host) && BEACON_PATH.test(src));
}

function isAllowedEmbed(src: string): boolean {
  const host = hostOf(src);
  return !!host && VIDEO_EMBED_HOSTS.includes(host) && /^https?:/i.test(src);
}

/** Deeper than any real article nests; browsers themselves stop nesting at 512. */
const MAX_DEPTH = 256;
const START_OR_END_TAG = /<(\/?)([a-z][^\s/>]*)[^>]*?(\/?)>/gi;
/** Elements without end tags, and ones a sibling closes by itself (<p><p>): neither nests. */
const NOT_NESTING = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rb', 'rt', 'rp',
]);

/**
 * Drops the tags, not the text, of elements nested deeper than MAX_DEPTH. The HTML parser moves
 * its whole open-element stack on each start tag, so hostile nesting costs depth squared.
 */
function flattenDeepNesting(html: string): string {
  if (!nestsDeeperThan(html, MAX_DEPTH)) return html;
  let depth = 0;
  return html.replace(START_OR_END_TAG, (tag, end: string, name: string, selfClosing: string) => {
    if (selfClosing || NOT_NESTING.has(name.toLowerCase())) return tag;
    if (end) {
      depth = Math.max(0, depth - 1);
      return depth >= MAX_DEPTH ? '' : tag;
    }
    depth += 1;
    return depth <= MAX_DEPTH ? tag : '';
  });
}

function nestsDeeperThan(html: string, limit: number): boolean {
  const tags = new RegExp(START_OR_END_TAG);
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[3] || NOT_NESTING.has(match[2].toLowerCase())) continue;
    depth = match[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > limit) return true;
  }
  return false;
}

/**
 * Sanitizes feed or mail HTML for display: scripts, event handlers, styles, forms, foreign
 * iframes, hidden elements and tracking pixels go; URLs become absolute, and ones that cannot
 * (no baseUrl) lose their attribute; images that cannot load leave their alt text; images load
 * lazily; links open in a new tab without an opener.
 */
export function sanitizeContent(html: string, baseUrl: string): string {
  if (!html) return '';
  if (!/[<>&]/.test(html)) return html.trim();
  const dropped = new WeakSet<object>();
  const result = sanitizeHtml(flattenDeepNesting(html), {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags, 'img', 'picture', 'source', 'video', 'audio', 'track', 'iframe',
      'del', 'ins', 'details', 'summary',
    ],
    allowedAttributes: {
      '*': ['title', 'lang', 'dir', 'id'],
      a: ['href', 'target', 'rel'],
      img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
      source: ['src', 'srcset', 'sizes', 'type', 'media'],
      video: ['src', 'poster', 'controls', 'width', 'height', 'preload', 'loop', 'muted', 'playsinline'],
      audio: ['src', 'controls', 'preload', 'loop'],
      track: ['src', 'kind', 'srclang', 'label', 'default'],
      iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'title', 'loading'],
      td: ['colspan', 'rowspan', 'align'],
      th: ['colspan', 'rowspan', 'align', 'scope'],
      ol: ['start', 'reversed', 'type'],
      blockquote: ['cite'],
      q: ['cite'],
      time: ['datetime'],
      abbr: ['title'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https', 'http'] },
    allowedIframeHostnames: VIDEO_EMBED_HOSTS,
    allowProtocolRelative: false,
    transformTags: {
      // Runs before '*', and only a tag's own transform may replace it by text.
      img: (tagName, attribs) => {
        if (!attribs.src && attribs['data-src']) attribs.src = attribs['data-src'];
        const src = attribs.src ? absolute(attribs.src, baseUrl) : null;
        if (attribs.src && !(src && LOADABLE_IMAGE.test(src))) return unloadableImage(attribs, dropped);
        return { tagName, attribs };
      },
      '*': (tagName, attribs) => {
        if ((attribs.style && HIDING_STYLE.test(attribs.style)) || 'hidden' in attribs) {
          dropped.add(attribs);
          return { tagName: 'div', attribs };
        }
        // A footnote's link stays in the page: resolved against the base it would lead away from it.
        const inPage = keepAnchors(tagName, attribs);
        for (const name of URL_ATTRIBUTES) if (attribs[name] && !(inPage && name === 'href')) resolveAttribute(attribs, name, baseUrl);
        if (attribs.srcset) attribs.srcset = absoluteSrcset(attribs.srcset, baseUrl);
        if (tagName === 'img') {
          if (isTrackingPixel(attribs)) dropped.add(attribs);
          // Without alt a screen reader reads the file name; empty alt marks the image decorative.
          attribs.alt ??= '';
          attribs.loading = 'lazy';
        } else if (tagName === 'a' && inPage) {
          delete attribs.target;
          delete attribs.rel;
        } else if (tagName === 'a') {
          attribs.target = '_blank';
          attribs.rel = 'noopener noreferrer';
        } else if (tagName === 'iframe') {
          if (!isAllowedEmbed(attribs.src ?? '')) dropped.add(attribs);
          if (attribs.allow !== undefined) {
            attribs.allow = playerFeatures(attribs.allow);
            if (!attribs.allow) delete attribs.allow;
          }
          attribs.loading = 'lazy';
        }
        return { tagName, attribs };
      },
    },
    exclusiveFilter: (frame) => dropped.has(frame.attribs) || (frame.tag === 'iframe' && !frame.attribs.src),
  });
  return result.trim();
}

const STRIP_BLOCKS = /<!--[\s\S]*?(?:-->|$)|<(script|style|noscript|template|iframe|svg)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const BLOCK_TAGS = /<\/?(?:p|div|br|li|h[1-6]|tr|td|th|blockquote|ul|ol|pre|hr|section|article|figure|figcaption|table|dd|dt|header|footer)\b[^>]*>/gi;
const ANY_TAG = /<\/?[a-z!][^>]*(?:>|$)/gi;

function stripToText(html: string): string {
  const stripped = html.indexOf('<') === -1
    ? html
    : html.replace(STRIP_BLOCKS, ' ').replace(BLOCK_TAGS, ' ').replace(ANY_TAG, '');
  const decoded = stripped.indexOf('&') === -1 ? stripped : decodeHTML(stripped);
  return decoded.replace(/\s+/g, ' ').trim();
}

/** Plain text of HTML for summaries and titles: tags dropped, entities decoded, whitespace collapsed, cut at a word near maxLength. */
export function toPlainText(html: string, maxLength?: number): string {
  if (!html) return '';
  let text = '';
  // Read only as much HTML as the summary needs: a small window first, then wider ones.
  for (const window of maxLength ? [maxLength * 3, maxLength * 12, Infinity] : [Infinity]) {
    const whole = window >= html.length;
    text = stripToText(whole ? html : html.slice(0, window));
    if (whole || (maxLength && text.length > maxLength)) break;
  }
  if (!maxLength || text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** Escapes plain text so it can stand as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
