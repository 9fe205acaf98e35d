import 'server-only';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { FetchError, openGuarded } from '@/lib/service/ingest/guarded-fetch';

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

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || null;
}

/** A failed fetch in the words of a player's failure: the host's fault (502) or its silence (504). */
function asAudioError(error: FetchError, answerTimeoutMs: number, maxRedirects: number, signal?: AbortSignal): Error {
  switch (error.reason) {
    case 'cancelled': return signal?.reason instanceof Error ? signal.reason : new DOMException('The request was cancelled.', 'AbortError');
    case 'timeout': return new AudioFetchError(504, `The podcast’s host did not answer within ${Math.round(answerTimeoutMs / 1000)} s.`);
    case 'invalid_url': return new AudioFetchError(502, 'The episode’s audio address is not a valid http or https URL.');
    case 'private_address': return new AudioFetchError(502, `The episode’s audio is on a private address, which is not fetched: ${error.message}`);
    case 'too_many_redirects': return new AudioFetchError(502, error.message.includes('loop')
      ? 'The episode’s audio address redirects in a loop.' : `The episode’s audio redirected more than ${maxRedirects} times.`);
    default: return new AudioFetchError(502, `The podcast’s host could not be reached: ${error.message}`);
  }
}

/**
 * Fetches `rawUrl` (an episode's enclosure) and answers a streaming Response with the host's
 * status (200, 206 or 416) and the headers a player needs; throws AudioFetchError for
 * anything else, and an AbortError when `signal` aborts.
 */
export async function fetchEpisodeAudio(rawUrl: string, options: AudioFetchOptions = {}): Promise<Response> {
  const answerTimeoutMs = options.answerTimeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*', 'accept-encoding': 'identity' };
  if (options.range) headers.range = options.range;
  if (options.range && options.ifRange) headers['if-range'] = options.ifRange;
  let response: IncomingMessage;
  try {
    // Also covers a body that stops arriving: the response's stream then errors and the browser's read ends.
    ({ response } = await openGuarded(rawUrl, {
      headers, allowPrivate: options.allowPrivate ?? false, maxRedirects,
      timeoutMs: answerTimeoutMs, deadlineEndsAtAnswer: true, idleTimeoutMs: options.idleTimeoutMs ?? 30_000, signal: options.signal,
    }));
  } catch (error) {
    throw error instanceof FetchError ? asAudioError(error, answerTimeoutMs, maxRedirects, options.signal) : error;
  }
  const status = response.statusCode ?? 0;
  if (!passedStatuses.has(status)) {
    response.destroy();
    throw new AudioFetchError(502, `The podcast’s host answered HTTP ${status} for the episode’s audio.`);
  }
  const passed = new Headers();
  for (const name of passedHeaders) {
    const value = header(response, name);
    if (value) passed.set(name, value);
  }
  // A 206 the host sent chunked still has a known length: its Content-Range names the bytes it holds.
  // The body is the host's bytes as they came (never decoded or re-encoded), so the length holds for it.
  const span = status === 206 && !passed.has('content-length') ? /^bytes (\d+)-(\d+)\//i.exec(passed.get('content-range') ?? '') : null;
  if (span) passed.set('content-length', String(Number(span[2]) - Number(span[1]) + 1));
  if (status === 416) response.destroy();
  return new Response(status === 416 ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), { status, headers: passed });
}
