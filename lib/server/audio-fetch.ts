import 'server-only';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { guardedLookup, isPrivateAddress } from '@/lib/service/ingest/address-guard';

/*
 * Fetches an episode's audio from its podcast host and streams it on: byte ranges pass
 * through (players seek with them), a bounded number of redirects is followed with each
 * hop checked against private addresses, and a host that does not begin to answer, or
 * stalls mid-file, is given up on. The body is never held whole: episodes run to hundreds of MB.
 */

export type AudioFetchOptions = {
  /** The browser's Range header, passed on as it is. */
  range?: string | null;
  /** The browser's If-Range header: with a changed file the host answers it whole. */
  ifRange?: string | null;
  /** Allow private and loopback addresses (tests: TIDINGS_ALLOW_PRIVATE_URLS=1). */
  allowPrivate?: boolean;
  maxRedirects?: number;
  /** How long the host may take to begin answering, all redirects included. */
  answerTimeoutMs?: number;
  /** How long a connection may pass nothing, once it answers (a stalled download). */
  idleTimeoutMs?: number;
  /** Aborts the fetch (the browser went away or seeked elsewhere). */
  signal?: AbortSignal;
};

/** A failure of the host or its address, with the status the app answers for it. */
export class AudioFetchError extends Error {
  constructor(readonly status: 502 | 504, message: string) {
    super(message);
    this.name = 'AudioFetchError';
  }
}

const userAgent = 'Tidings/0.1 (+podcast player)';
/** What a player needs to know about the file; nothing else of the host's answer is passed on. */
const passedHeaders = ['content-type', 'content-length', 'accept-ranges', 'content-range', 'etag', 'last-modified'];
const passedStatuses = new Set([200, 206, 416]);

function audioUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AudioFetchError(502, 'The episode’s audio address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AudioFetchError(502, 'The episode’s audio address is not an http or https URL.');
  if (!allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname)) {
    throw new AudioFetchError(502, `The episode’s audio is on a private address (${url.hostname}), which is not fetched.`);
  }
  return url;
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || null;
}

/** One request to the host; resolves with its answer's head (the body is left to read). */
function requestOnce(url: URL, options: AudioFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*', 'accept-encoding': 'identity' };
    if (options.range) headers.range = options.range;
    if (options.range && options.ifRange) headers['if-range'] = options.ifRange;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'GET', headers, signal, lookup: guardedLookup(options.allowPrivate ?? false) });
    // Also covers a body that stops arriving: the response's stream then errors and the browser's read ends.
    request.setTimeout(options.idleTimeoutMs ?? 30_000, () => request.destroy(Object.assign(new Error('idle'), { code: 'EIDLE' })));
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

function asAudioError(error: unknown, url: URL, timedOut: boolean, answerTimeoutMs: number): Error {
  if (error instanceof AudioFetchError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (timedOut || code === 'EIDLE') return new AudioFetchError(504, `The podcast’s host (${url.host}) did not answer within ${Math.round(answerTimeoutMs / 1000)} s.`);
  if (code === 'EPRIVATE') return new AudioFetchError(502, `The episode’s audio is on ${url.hostname}, a private address, which is not fetched.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new AudioFetchError(502, `The podcast’s host ${url.hostname} could not be found.`);
  if (code === 'ECONNREFUSED') return new AudioFetchError(502, `The podcast’s host ${url.host} refused the connection.`);
  if ((error as Error)?.name === 'AbortError') return error as Error;
  return new AudioFetchError(502, `The podcast’s host ${url.host} could not be reached (${code ?? (error as Error)?.message ?? 'unknown error'}).`);
}

/**
 * Fetches `rawUrl` (an episode's enclosure) and answers a streaming Response with the host's
 * status (200, 206 or 416) and the headers a player needs; throws AudioFetchError for
 * anything else, and an AbortError when `signal` aborts.
 */
export async function fetchEpisodeAudio(rawUrl: string, options: AudioFetchOptions = {}): Promise<Response> {
  const allowPrivate = options.allowPrivate ?? false;
  const maxRedirects = options.maxRedirects ?? 5;
  const answerTimeoutMs = options.answerTimeoutMs ?? 15_000;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), answerTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  let url = audioUrl(rawUrl, allowPrivate);
  const visited = new Set<string>();
  try {
    for (let redirects = 0; ; redirects++) {
      visited.add(url.href);
      let response: IncomingMessage;
      try {
        response = await requestOnce(url, options, signal);
      } catch (error) {
        throw asAudioError(error, url, deadline.signal.aborted, answerTimeoutMs);
      }
      const status = response.statusCode ?? 0;
      const location = header(response, 'location');
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (redirects >= maxRedirects) throw new AudioFetchError(502, `The episode’s audio redirected more than ${maxRedirects} times.`);
        const next = new URL(location, url);
        if (visited.has(next.href)) throw new AudioFetchError(502, 'The episode’s audio address redirects in a loop.');
        url = audioUrl(next.href, allowPrivate);
        continue;
      }
      if (!passedStatuses.has(status)) {
        response.destroy();
        throw new AudioFetchError(502, `The podcast’s host answered HTTP ${status} for the episode’s audio.`);
      }
      const headers = new Headers();
      for (const name of passedHeaders) {
        const value = header(response, name);
        if (value) headers.set(name, value);
      }
      // A 206 the host sent chunked still has a known length: its Content-Range names the bytes it holds.
      // The body is the host's bytes as they came (never decoded or re-encoded), so the length holds for it.
      const span = status === 206 && !headers.has('content-length') ? /^bytes (\d+)-(\d+)\//i.exec(headers.get('content-range') ?? '') : null;
      if (span) headers.set('content-length', String(Number(span[2]) - Number(span[1]) + 1));
      if (status === 416) response.destroy();
      return new Response(status === 416 ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), { status, headers });
    }
  } finally {
    clearTimeout(timer);
  }
}
