import { absoluteHttp, attributes, BASE_TAG, LINK_TAG } from './discover';
import { USER_AGENT } from './fetch-feed';
import { FetchError, fetchGuarded } from './guarded-fetch';
import { decodeEntities } from './xml-tree';

/*
 * A source's icon: the favicon its web site names (<link rel="icon">, then apple-touch-icon),
 * else /favicon.ico, fetched through the guard with a small cap. Only raster images are kept,
 * told by their own bytes: SVG is refused, as it can carry script, and so is anything that only
 * claims to be an image.
 */

/** The largest icon kept. */
export const iconMaxBytes = 100 * 1024;
const pageMaxBytes = 512 * 1024;
/** Candidates tried at most, so a page full of links costs a few requests. */
const maxTries = 4;

/** An icon as stored: its bytes, their type (read from the bytes) and where they came from. */
export type FeedIcon = { contentType: string; data: Buffer; url: string };

type Options = { allowPrivate: boolean; timeoutMs?: number };

/** The raster formats kept, by their first bytes. */
const signatures: { type: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/x-icon', matches: (b) => b.length > 6 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1 && b.readUInt16LE(4) > 0 },
  { type: 'image/gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The raster type of an icon's bytes, or null when they are none of the kept formats. */
export function iconType(bytes: Buffer): string | null {
  return signatures.find((signature) => signature.matches(bytes))?.type ?? null;
}

/** Icon URLs a page names, best first: rel=icon (not SVG), then apple-touch-icon; absolute, without repeats. */
export function pageIconLinks(html: string, pageUrl: string): string[] {
  const head = html.slice(0, pageMaxBytes);
  const baseMatch = BASE_TAG.exec(head);
  const base = baseMatch ? absoluteHttp(decodeEntities(baseMatch[1] ?? baseMatch[2] ?? baseMatch[3] ?? ''), pageUrl) ?? pageUrl : pageUrl;
  const icons: string[] = [];
  const touch: string[] = [];
  for (const match of head.matchAll(LINK_TAG)) {
    const attrs = attributes(match[1]!);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    const url = attrs.href ? absoluteHttp(attrs.href, base) : null;
    if (!url || /svg/i.test(attrs.type ?? '') || /\.svgz?(?:[?#]|$)/i.test(url)) continue;
    if (rel.includes('icon')) icons.push(url);
    else if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) touch.push(url);
  }
  return [...new Set([...icons, ...touch])];
}

/** Fetches one icon URL; throws FetchError saying why it is not one. */
export async function fetchIcon(url: string, options: Options): Promise<FeedIcon> {
  const response = await fetchGuarded(url, {
    allowPrivate: options.allowPrivate, maxBytes: iconMaxBytes, timeoutMs: options.timeoutMs ?? 10_000,
    headers: { 'user-agent': USER_AGENT, accept: 'image/png,image/x-icon,image/*;q=0.8' },
  });
  if (!response.ok) throw new FetchError('http_status', `The icon answered ${response.status}.`, response.status);
  const declared = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (declared.includes('svg')) throw new FetchError('http_status', 'The icon is an SVG image, which is not kept (it can carry script).');
  if (declared && !declared.startsWith('image/') && declared !== 'application/octet-stream') {
    throw new FetchError('http_status', `The icon is ${declared}, not an image.`);
  }
  const data = Buffer.from(await response.arrayBuffer());
  const contentType = iconType(data);
  if (!contentType) throw new FetchError('http_status', 'The icon is not a PNG, ICO, GIF, JPEG or WebP image.');
  return { contentType, data, url };
}

/** The site's page, when it is HTML, for the icons it names; null when it cannot be read. */
async function sitePage(siteUrl: string, options: Options): Promise<string | null> {
  try {
    const response = await fetchGuarded(siteUrl, {
      allowPrivate: options.allowPrivate, maxBytes: pageMaxBytes, timeoutMs: options.timeoutMs ?? 10_000,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html' },
    });
    if (!response.ok || !/html/i.test(response.headers.get('content-type') ?? '')) return null;
    return await response.text();
  } catch {
    return null;
  }
}

/**
 * Finds the icon of the site at `siteUrl`: the icons its page names, then /favicon.ico, the
 * first that is a raster image within the cap. Null when none is; never throws.
 */
export async function findSiteIcon(siteUrl: string, options: Options): Promise<FeedIcon | null> {
  let origin: string;
  try {
    origin = new URL(siteUrl).origin;
  } catch {
    return null;
  }
  const page = await sitePage(siteUrl, options);
  const named = page ? pageIconLinks(page, siteUrl).slice(0, maxTries - 1) : [];
  const candidates = [...new Set([...named, `${origin}/favicon.ico`])];
  for (const candidate of candidates) {
    try {
      return await fetchIcon(candidate, options);
    } catch {
      // The next candidate may do.
    }
  }
  return null;
}
