/*
 * HTTPS for `npm start` when it is given a certificate (TIDINGS_TLS_CERT and TIDINGS_TLS_KEY).
 * A phone can install the app and keep it offline only from a secure origin, and over TLS
 * browsers speak HTTP/2: one connection carries the page and all its scripts, where HTTP/1.1
 * opens up to six, each starting slow. Next's request handler only takes Node's HTTP/1
 * objects, so this front ends TLS and HTTP/2 and passes each request on to the app's plain
 * server on a loopback port, saying in X-Forwarded-* what the browser used. Plain Node.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import { createSecureContext } from 'node:tls';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { strictTransportSecurity } from './security-headers';

/** The certificate and key the front serves, as PEM. */
export type TlsFiles = { cert: Buffer; key: Buffer };

/** The certificate and key named by TIDINGS_TLS_CERT and TIDINGS_TLS_KEY, or null for plain HTTP; throws a sentence for a half or unreadable setting. */
export function tlsFromEnv(env: Record<string, string | undefined>): TlsFiles | null {
  const certPath = env.TIDINGS_TLS_CERT?.trim();
  const keyPath = env.TIDINGS_TLS_KEY?.trim();
  if (!certPath && !keyPath) return null;
  if (!certPath || !keyPath) {
    throw new Error('Set both TIDINGS_TLS_CERT and TIDINGS_TLS_KEY (PEM files) to serve over HTTPS, or neither for plain HTTP.');
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${name} names ${file}, which cannot be read: ${(error as Error).message}`);
    }
  };
  const tls = { cert: read('TIDINGS_TLS_CERT', certPath), key: read('TIDINGS_TLS_KEY', keyPath) };
  try {
    createSecureContext(tls);
  } catch (error) {
    throw new Error(`TIDINGS_TLS_CERT and TIDINGS_TLS_KEY are not a PEM certificate and its key: ${(error as Error).message}`);
  }
  return tls;
}

/** How long a connection may pass nothing before the front closes it (Node's HTTP server has its own limits; this one has none). */
const IDLE_TIMEOUT_MS = 120_000;

// Meaningful for one connection only (RFC 9110 §7.6.1); HTTP/2 forbids them outright.
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings']);
// Which way the browser came is the front's to say, never the browser's.
const saidByTheFront = new Set(['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'x-real-ip']);

function forwardedHeaders(request: Http2ServerRequest | IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!name.startsWith(':') && !hopByHop.has(name) && !saidByTheFront.has(name)) headers[name] = value;
  }
  const host = String(request.headers[':authority'] ?? request.headers.host ?? '');
  headers.host = host;
  headers['x-forwarded-host'] = host;
  headers['x-forwarded-proto'] = 'https';
  // The last hop is the one the app trusts (sign-in limits), so there always is one of ours.
  const client = request.socket?.remoteAddress ?? 'unknown';
  const earlier = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = earlier ? `${String(earlier)}, ${client}` : client;
  return headers;
}

// Every answer over HTTPS carries HSTS, whoever made it: pages set it themselves, but the API's JSON,
// the service's mounts, static files and the request guard's refusals are made outside proxy.ts.
function answerHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return { 'strict-transport-security': strictTransportSecurity, ...Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name))) };
}

/** An HTTPS server (HTTP/2, and HTTP/1.1 for clients without it) passing every request to the plain server at `upstream`. */
export function createHttpsFront(tls: TlsFiles, upstream: { host: string; port: number }): Http2SecureServer {
  const front = createSecureServer({ ...tls, allowHTTP1: true }, (request, response) => {
    const inbound = request as Http2ServerRequest | IncomingMessage;
    const outbound = response as Http2ServerResponse | ServerResponse;
    const forward = httpRequest({ host: upstream.host, port: upstream.port, method: inbound.method, path: inbound.url, headers: forwardedHeaders(inbound) });
    // An answer cut off half way is cut off for the browser too, never passed on as whole; the
    // error makes HTTP/2 reset the stream rather than end it cleanly.
    const breakOff = () => outbound.destroy(new Error('The app server’s answer broke off.'));
    let answered = false;
    forward.on('response', (answer) => {
      outbound.writeHead(answer.statusCode ?? 502, answerHeaders(answer.headers));
      answer.on('error', breakOff);
      answer.on('end', () => (answered = true));
      answer.pipe(outbound as NodeJS.WritableStream);
    });
    forward.on('error', () => {
      if (outbound.headersSent) return breakOff();
      outbound.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'strict-transport-security': strictTransportSecurity });
      outbound.end('The app server did not answer.');
    });
    // A browser that goes away (a closed tab, a cancelled fetch) stops the work behind it. Over
    // HTTP/2 a reset stream counts as finished, so what decides is whether the answer was whole.
    outbound.on('close', () => {
      if (!answered) forward.destroy();
    });
    inbound.on('aborted', () => forward.destroy());
    inbound.pipe(forward);
  });
  front.setTimeout(IDLE_TIMEOUT_MS);
  const sessions = new Set<ServerHttp2Session>();
  front.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  openSessions.set(front, sessions);
  return front;
}

// Browsers keep HTTP/2 connections open, and server.close() alone leaves them taking requests.
const openSessions = new WeakMap<Http2SecureServer, Set<ServerHttp2Session>>();

/** Stops taking connections and asks the open HTTP/2 ones to stop sending (GOAWAY); `done` once the last has closed. */
export function closeHttpsFront(front: Http2SecureServer, done: () => void): void {
  front.close(() => done());
  for (const session of openSessions.get(front) ?? []) session.close();
}
