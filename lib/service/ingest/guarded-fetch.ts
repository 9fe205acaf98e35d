import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress } from './address-guard';
import { FetchError } from './fetch-error';
import { readBody } from './read-body';

export { FetchError, type FetchFailure } from './fetch-error';

/*
 * The one way this app reaches another server at an address it was given: feeds, pages, audio,
 * read-later services, the summary model. Each hop's host is checked (an IP literal here, a name
 * in the DNS lookup the socket connects with, so no second lookup can rebind it), redirects are
 * followed by hand and checked the same way, and deadlines and size caps bound the exchange.
 */

export type GuardedRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Allow private, loopback and the machine's own addresses everywhere (TIDINGS_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  /** An operator-configured origin (its TIDINGS_*_URL): hops to it may be private; where it redirects elsewhere is judged as usual. */
  trustedOrigin?: string;
  /** Redirects followed (default 5); each is checked like the first URL. */
  maxRedirects?: number;
  /** Deadline of the whole exchange, redirects and body included, until release() (default 15 s). */
  timeoutMs?: number;
  /** The deadline ends once the final answer's head arrives (a stream the caller passes on). */
  deadlineEndsAtAnswer?: boolean;
  /** Deadline for each TCP/TLS connection (default the smaller of 10 s and timeoutMs). */
  connectTimeoutMs?: number;
  /** How long a connection may pass nothing (default: no limit besides the deadline). */
  idleTimeoutMs?: number;
  /** The caller's own stop: the connection is closed at once and the fetch ends as 'cancelled'. */
  signal?: AbortSignal;
  /** Waits for the caller's per-host slot before each hop and returns its release. */
  hostSlot?: (host: string) => Promise<() => void>;
};

/** The final answer, its body unread: call release() once done with it (it ends the deadline and frees the slot). */
export type GuardedAnswer = {
  response: IncomingMessage;
  url: URL;
  release: () => void;
  /** Turns an error met while reading the body into a FetchError that says what happened. */
  failure: (error: unknown) => FetchError;
};

/** Separate pools, so a socket opened where private addresses were allowed is never reused where they are not. */
const agents = {
  public: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
  private: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
};

/** The origin of a URL (resolved against base), or undefined when it does not parse. */
export function originOf(raw: string, base?: URL): string | undefined {
  try {
    return new URL(raw, base).origin;
  } catch {
    return undefined;
  }
}

/** Parses a URL to fetch: http or https only, and not an IP literal in a refused range unless `allowPrivate`. */
export function checkedUrl(raw: string, allowPrivate: boolean, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchError('invalid_url', `"${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('invalid_url', `Only http and https URLs can be fetched, not ${url.protocol.replace(':', '')}.`);
  }
  // Node connects to an IP literal without a lookup, so the literal is judged here.
  if (!allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname)) {
    throw new FetchError('private_address', `${url.hostname} is a private or local address, which is not allowed.`);
  }
  return url;
}

/**
 * The per-hop decision: where a redirect answer leads (checked like the first URL), or null
 * when the answer is not a redirect. Throws FetchError past the limit, in a loop, or to a refused address.
 */
export function redirectTarget(from: URL, status: number, location: string | null, followed: number, visited: Set<string>, options: { maxRedirects: number; allowPrivate: boolean; trustedOrigin?: string }): URL | null {
  if (status < 300 || status >= 400 || status === 304 || !location) return null;
  if (followed >= options.maxRedirects) throw new FetchError('too_many_redirects', `The URL redirected more than ${options.maxRedirects} times.`);
  const trusted = options.trustedOrigin !== undefined && originOf(location, from) === options.trustedOrigin;
  const next = checkedUrl(location, options.allowPrivate || trusted, from);
  if (visited.has(next.href)) throw new FetchError('too_many_redirects', 'The URL redirects in a loop.');
  return next;
}

type Exchange = GuardedRequest & { connectTimeoutMs: number; signal: AbortSignal };

/** Whether this hop may reach a private address: everywhere when allowed, else only the operator's own origin. */
function privateAllowed(url: URL, request: GuardedRequest): boolean {
  return request.allowPrivate || (request.trustedOrigin !== undefined && url.origin === request.trustedOrigin);
}

function sendOnce(url: URL, exchange: Exchange, retried = false): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    if (exchange.signal.aborted) return reject(exchange.signal.reason);
    const allowPrivate = privateAllowed(url, exchange);
    const pool = allowPrivate ? agents.private : agents.public;
    const client = url.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    try {
      req = client.request(url, {
        method: exchange.method ?? 'GET', headers: exchange.headers, signal: exchange.signal,
        lookup: guardedLookup(allowPrivate), agent: url.protocol === 'https:' ? pool.https : pool.http,
      });
    } catch (error) {
      // For example a header value with a newline in a stored ETag.
      return reject(error);
    }
    const connectTimer = setTimeout(() => req.destroy(new FetchError('timeout', `Connecting to ${url.host} took longer than ${exchange.connectTimeoutMs} ms.`)), exchange.connectTimeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    if (exchange.idleTimeoutMs) req.setTimeout(exchange.idleTimeoutMs, () => req.destroy(Object.assign(new Error('idle'), { code: 'EIDLE' })));
    req.on('response', (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    req.on('error', (error) => {
      clearTimeout(connectTimer);
      // A kept-alive socket the server closed just as we reused it: the request never reached
      // the server, so one fresh try of a GET is safe (Node's documented remedy).
      const idempotent = ['GET', 'HEAD'].includes(exchange.method ?? 'GET');
      if (req.reusedSocket && idempotent && (error as NodeJS.ErrnoException).code === 'ECONNRESET' && !retried && !exchange.signal.aborted) {
        resolve(sendOnce(url, exchange, true));
        return;
      }
      reject(error);
    });
    req.end(exchange.body);
  });
}

function describe(error: unknown, url: URL, context: { timeoutMs: number; idleTimeoutMs?: number; deadline: AbortSignal; cancel?: AbortSignal }): FetchError {
  if (error instanceof FetchError) return error;
  if (context.cancel?.aborted) return new FetchError('cancelled', `Fetching ${url.host} was stopped: the request that wanted it was cancelled.`);
  if (context.deadline.aborted) return new FetchError('timeout', `Fetching ${url.host} took longer than ${context.timeoutMs} ms.`);
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EIDLE') return new FetchError('timeout', `${url.host} sent nothing for ${context.idleTimeoutMs} ms.`);
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

/** The request of the next hop: a 303 (or a 301/302 after a POST) becomes a GET without body, and credentials never cross origins. */
function nextRequest(request: GuardedRequest, status: number, from: URL, to: URL): GuardedRequest {
  const method = request.method ?? 'GET';
  const toGet = status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST';
  let headers = request.headers;
  if (from.origin !== to.origin && headers) {
    headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !['authorization', 'cookie', 'proxy-authorization'].includes(name.toLowerCase())));
  }
  if (toGet && headers) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-/i.test(name)));
  return { ...request, headers, ...(toGet ? { method: 'GET', body: undefined } : {}) };
}

/**
 * Opens `rawUrl` through the address guard, following redirects by hand (each hop checked),
 * and answers the final response with its body unread. Throws FetchError.
 */
export async function openGuarded(rawUrl: string, request: GuardedRequest): Promise<GuardedAnswer> {
  const timeoutMs = request.timeoutMs ?? 15_000;
  const maxRedirects = request.maxRedirects ?? 5;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const signal = request.signal ? AbortSignal.any([deadline.signal, request.signal]) : deadline.signal;
  const context = { timeoutMs, idleTimeoutMs: request.idleTimeoutMs, deadline: deadline.signal, cancel: request.signal };
  let current: GuardedRequest = request;
  let url: URL;
  try {
    const trusted = request.trustedOrigin !== undefined && originOf(rawUrl) === request.trustedOrigin;
    url = checkedUrl(rawUrl, request.allowPrivate || trusted);
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
  const visited = new Set<string>();
  for (let followed = 0; ; followed++) {
    visited.add(url.href);
    const releaseSlot = request.hostSlot ? await request.hostSlot(url.host) : () => {};
    let response: IncomingMessage;
    try {
      response = await sendOnce(url, { ...current, signal, connectTimeoutMs: request.connectTimeoutMs ?? Math.min(10_000, timeoutMs) });
    } catch (error) {
      releaseSlot();
      clearTimeout(timer);
      throw describe(error, url, context);
    }
    let next: URL | null;
    try {
      const location = response.headers.location ?? null;
      next = redirectTarget(url, response.statusCode ?? 0, location, followed, visited, { maxRedirects, allowPrivate: request.allowPrivate, trustedOrigin: request.trustedOrigin });
    } catch (error) {
      response.destroy();
      releaseSlot();
      clearTimeout(timer);
      throw error;
    }
    if (next) {
      response.resume();
      releaseSlot();
      current = nextRequest(current, response.statusCode ?? 0, url, next);
      url = next;
      continue;
    }
    if (request.deadlineEndsAtAnswer) clearTimeout(timer);
    const finalUrl = url;
    return {
      response,
      url: finalUrl,
      release: () => {
        clearTimeout(timer);
        releaseSlot();
      },
      failure: (error) => describe(error, finalUrl, context),
    };
  }
}

/** A guarded request answered as a web Response with its whole body read (at most `maxBytes`, default 1 MB). Throws FetchError. */
export async function fetchGuarded(rawUrl: string, request: GuardedRequest & { maxBytes?: number }): Promise<Response> {
  const answer = await openGuarded(rawUrl, request);
  try {
    const body = await readBody(answer.response, request.maxBytes ?? 1024 * 1024);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.response.headers)) {
      // The body is already decoded: its encoding and length no longer describe it.
      if (value === undefined || name === 'content-encoding' || name === 'content-length') continue;
      for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
    }
    const status = answer.response.statusCode ?? 502;
    const empty = status === 204 || status === 205 || status === 304;
    return new Response(empty ? null : new Uint8Array(body), { status: status >= 200 && status <= 599 ? status : 502, headers });
  } catch (error) {
    answer.response.destroy();
    throw answer.failure(error);
  } finally {
    answer.release();
  }
}
