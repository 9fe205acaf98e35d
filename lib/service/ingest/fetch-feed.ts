import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import zlib from 'node:zlib';
import { guardedLookup, isPrivateAddress } from './address-guard';
import { acquireHostSlot } from './host-limit';

export type FetchFailure = 'invalid_url' | 'private_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'http_status' | 'network' | 'cancelled';

/** A fetch that produced no usable document; the message is one sentence. */
export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

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
const agents = {
  public: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
  private: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
};

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('invalid_url', `"${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('invalid_url', `Only http and https URLs can be fetched, not ${url.protocol.replace(':', '')}.`);
  }
  return url;
}

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

function caching(response: IncomingMessage): Caching {
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)/i.exec(header(response, 'cache-control') ?? '');
  return {
    etag: header(response, 'etag'),
    lastModified: header(response, 'last-modified'),
    cacheControlMaxAge: maxAge ? Number(maxAge[1]) : null,
    retryAfterSeconds: parseRetryAfter(header(response, 'retry-after')),
  };
}

type Hop = { response: IncomingMessage; release: () => void };

function request(url: URL, options: Required<Pick<FetchFeedOptions, 'allowPrivate' | 'connectTimeoutMs'>> & FetchFeedOptions, signal: AbortSignal, retried = false): Promise<Hop> {
  return acquireHostSlot(url.host).then((release) => new Promise<Hop>((resolve, reject) => {
    // The wait for a slot may outlast the caller: a request it no longer wants is never sent.
    if (signal.aborted) {
      release();
      reject(signal.reason);
      return;
    }
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ACCEPT, 'accept-encoding': 'gzip, deflate, br' };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    const pool = options.allowPrivate ? agents.private : agents.public;
    const client = url.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    try {
      req = client.request(url, {
        method: 'GET', headers, signal, lookup: guardedLookup(options.allowPrivate),
        agent: url.protocol === 'https:' ? pool.https : pool.http,
      });
    } catch (error) {
      // For example a header value with a newline in a stored ETag.
      release();
      reject(error);
      return;
    }
    const connectTimer = setTimeout(() => req.destroy(new FetchError('timeout', `Connecting to ${url.host} took longer than ${options.connectTimeoutMs} ms.`)), options.connectTimeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('response', (response) => {
      clearTimeout(connectTimer);
      resolve({ response, release });
    });
    req.on('error', (error) => {
      clearTimeout(connectTimer);
      release();
      // A kept-alive socket the server closed just as we reused it: the request never
      // reached the server, so one fresh try is safe (Node's documented remedy).
      if (req.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET' && !retried && !signal.aborted) {
        resolve(request(url, options, signal, true));
        return;
      }
      reject(error);
    });
    req.end();
  }));
}

/** The size refusal in words a person reads (feed or page: it reaches the subscribe form and a subscription’s status): "10 MB", not "10485760-byte". */
function tooLarge(maxBytes: number): FetchError {
  const megabytes = maxBytes / (1024 * 1024);
  const limit = megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
  return new FetchError('too_large', `The document is larger than ${limit}, the most this reader fetches.`);
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = (header(response, 'content-encoding') ?? '').toLowerCase();
  const declared = Number(header(response, 'content-length'));
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge(maxBytes));
  }
  let stream: NodeJS.ReadableStream = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    stream.on('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', reject);
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete && !ended) reject(new Error('The connection closed before the body was complete.'));
    });
  });
}

function asFetchError(error: unknown, url: URL, timeoutMs: number, signal: AbortSignal, cancel?: AbortSignal): FetchError {
  if (error instanceof FetchError) return error;
  if (cancel?.aborted) return new FetchError('cancelled', `Fetching ${url.host} was stopped: the request that wanted it was cancelled.`);
  if (signal.aborted) return new FetchError('timeout', `Fetching ${url.host} took longer than ${timeoutMs} ms.`);
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EPRIVATE') return new FetchError('private_address', `${url.hostname} resolves to a private or local address, which is not allowed.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchError('network', `The host ${url.hostname} could not be found.`);
  if (code === 'ECONNREFUSED') return new FetchError('network', `${url.host} refused the connection.`);
  if (code === 'ECONNRESET') return new FetchError('network', `${url.host} closed the connection unexpectedly.`);
  if (code && /^(?:CERT_|ERR_TLS|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code)) {
    return new FetchError('network', `The TLS certificate of ${url.hostname} was not accepted (${code}).`);
  }
  if (code === 'Z_DATA_ERROR' || code === 'ERR_BROTLI_DECOMPRESSION_FAILED' || code?.startsWith('Z_')) {
    return new FetchError('network', `${url.host} sent a body that could not be decompressed.`);
  }
  return new FetchError('network', `Fetching ${url.host} failed (${code ?? (error as Error)?.message ?? 'unknown error'}).`);
}

/**
 * Fetches a feed URL politely and safely: conditional GET, compression, up to 5 redirects,
 * deadlines, a size cap and refusal of private addresses after DNS resolution (each hop).
 * Once `options.signal` aborts the fetch ends with a 'cancelled' FetchError, its connection closed.
 */
export async function fetchFeed(rawUrl: string, options: FetchFeedOptions = {}): Promise<FetchResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const settings = {
    ...options,
    allowPrivate: options.allowPrivate ?? false,
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(10_000, timeoutMs),
  };
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let url = parseUrl(rawUrl);
  const visited = new Set<string>();
  for (let redirects = 0; ; redirects++) {
    if (isIP(url.hostname.replace(/^\[|\]$/g, '')) && !settings.allowPrivate && isPrivateAddress(url.hostname)) {
      throw new FetchError('private_address', `${url.hostname} is a private or local address, which is not allowed.`);
    }
    visited.add(url.href);
    let hop: Hop;
    try {
      hop = await request(url, settings, signal);
    } catch (error) {
      throw asFetchError(error, url, timeoutMs, signal, options.signal);
    }
    const { response, release } = hop;
    try {
      const status = response.statusCode ?? 0;
      const location = header(response, 'location');
      if (status >= 300 && status < 400 && status !== 304 && location) {
        response.resume();
        if (redirects >= maxRedirects) throw new FetchError('too_many_redirects', `The URL redirected more than ${maxRedirects} times.`);
        const next = new URL(location, url);
        if (visited.has(next.href)) throw new FetchError('too_many_redirects', 'The URL redirects in a loop.');
        url = parseUrl(next.href);
        continue;
      }
      if (status === 304) {
        response.resume();
        return { kind: 'not_modified', status: 304, finalUrl: url.href, ...caching(response) };
      }
      if (status < 200 || status >= 300) {
        response.resume();
        const meta = caching(response);
        throw new FetchError('http_status', `The server answered HTTP ${status}.`, status, meta.retryAfterSeconds);
      }
      const body = await readBody(response, maxBytes);
      return { kind: 'ok', status, finalUrl: url.href, body, contentType: header(response, 'content-type'), ...caching(response) };
    } catch (error) {
      response.destroy();
      throw asFetchError(error, url, timeoutMs, signal, options.signal);
    } finally {
      release();
    }
  }
}
