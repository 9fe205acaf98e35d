import type { IncomingMessage } from 'node:http';
import { FetchError } from './fetch-error';
import { openGuarded } from './guarded-fetch';
import { acquireHostSlot, hostPause, pauseHost } from './host-limit';
import { readBody } from './read-body';

export { FetchError, type FetchFailure } from './fetch-error';

export type FetchFeedOptions = {
  etag?: string | null;
  lastModified?: string | null;
  /** Whole-fetch deadline including redirects (default 15 s). */
  timeoutMs?: number;
  /** Deadline for each TCP/TLS connection (default the smaller of 10 s and timeoutMs). */
  connectTimeoutMs?: number;
  /** Largest body accepted after decompression (default 10 MB). */
  maxBytes?: number;
  maxRedirects?: number;
  /** Allow private and loopback addresses (tests: TIDINGS_ALLOW_PRIVATE_URLS=1). */
  allowPrivate?: boolean;
  /** The caller's own stop (the request that wanted the feed was aborted): the connection is closed at once. */
  signal?: AbortSignal;
};

type Caching = { etag: string | null; lastModified: string | null; cacheControlMaxAge: number | null; retryAfterSeconds: number | null };
export type FetchOk = { kind: 'ok'; status: number; finalUrl: string; body: Buffer; contentType: string | null } & Caching;
export type FetchNotModified = { kind: 'not_modified'; status: 304; finalUrl: string } & Caching;
export type FetchResult = FetchOk | FetchNotModified;

/** How we introduce ourselves to feed servers. */
export const USER_AGENT = 'Tidings/0.1 (+feed reader)';
const ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.7, */*;q=0.5';

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || null;
}

/** Seconds from a Retry-After header (seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - now) / 1000));
}

/** Seconds an Expires header leaves, counted from the response's Date (else now); null without one or when it is not a date. */
function expiresIn(response: IncomingMessage, now = Date.now()): number | null {
  const expires = Date.parse(header(response, 'expires') ?? '');
  if (Number.isNaN(expires)) return null;
  const date = Date.parse(header(response, 'date') ?? '');
  return Math.max(0, Math.round((expires - (Number.isNaN(date) ? now : date)) / 1000));
}

function caching(response: IncomingMessage): Caching {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)/i.exec(header(response, 'cache-control') ?? '');
  return {
    etag: header(response, 'etag'),
    lastModified: header(response, 'last-modified'),
    // Cache-Control wins over Expires, as in HTTP caches.
    cacheControlMaxAge: maxAge ? Number(maxAge[1]) : expiresIn(response),
    retryAfterSeconds: parseRetryAfter(header(response, 'retry-after')),
  };
}

function hostOf(rawUrl: string): string | null {
  try {
    return new URL(rawUrl).host;
  } catch {
    return null;
  }
}

/**
 * Fetches a feed URL politely and safely: conditional GET, compression, up to 5 redirects,
 * deadlines, a size cap and refusal of private addresses after DNS resolution (each hop).
 * Once `options.signal` aborts the fetch ends with a 'cancelled' FetchError, its connection closed. A host
 * that answered 429 or 503 with Retry-After is not asked again until then (a 'host_paused' FetchError).
 */
export async function fetchFeed(rawUrl: string, options: FetchFeedOptions = {}): Promise<FetchResult> {
  const host = hostOf(rawUrl);
  const wait = host === null ? 0 : hostPause(host);
  if (wait > 0) throw new FetchError('host_paused', `The site asked to be fetched again in ${wait} seconds at the earliest.`, null, wait);
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const answer = await openGuarded(rawUrl, {
    headers, allowPrivate: options.allowPrivate ?? false, maxRedirects: options.maxRedirects, timeoutMs: options.timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs, signal: options.signal, hostSlot: acquireHostSlot,
  });
  const { response, url } = answer;
  try {
    const status = response.statusCode ?? 0;
    if (status === 304) {
      response.resume();
      return { kind: 'not_modified', status: 304, finalUrl: url.href, ...caching(response) };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      const meta = caching(response);
      if ((status === 429 || status === 503) && meta.retryAfterSeconds) pauseHost(url.host, meta.retryAfterSeconds);
      throw new FetchError('http_status', `The server answered HTTP ${status}.`, status, meta.retryAfterSeconds);
    }
    const body = await readBody(response, options.maxBytes ?? 10 * 1024 * 1024);
    return { kind: 'ok', status, finalUrl: url.href, body, contentType: header(response, 'content-type'), ...caching(response) };
  } catch (error) {
    response.destroy();
    throw answer.failure(error);
  } finally {
    answer.release();
  }
}
