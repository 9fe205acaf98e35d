/*
 * What the production server (lib/server/serve.ts) answers itself, before Next sees a request
 * that Next would answer with a plain-text 500: a method the app has no use for (TRACE throws
 * inside Next), a path whose %-escapes are not UTF-8 (Next's route params throw decoding it),
 * a request target that is not a path, a write to a page. Requests Node's own parser refuses (a malformed header,
 * headers too large) get the same { message } JSON instead of Node's empty answer.
 * Plain Node, no Next: it runs in the server process itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { undecodablePathMessage } from '../service/http/request-path';
import { dataPolicy } from './fixed-headers';

const allowedMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const pageMethods = ['GET', 'HEAD', 'OPTIONS'];
// Where writes go: the app's routes and the service's mount. Pages take no body (no server actions),
// yet Next's proxy (proxy.ts) would read a page POST's body to its end, keeping up to 10 MB of it.
// The sync APIs take writes too: Fever posts to /fever/ (and /fever), Google Reader and gpodder below their prefixes.
const writablePaths = /^\/(?:(?:api|v1|greader|gpodder)\/|fever(?:\/|$))/;

/** A refusal: status, its one sentence, and any header it needs. */
export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** The refusal for a request the app cannot answer sanely, or null for one to pass on to Next. */
export function malformedRequestRefusal(method: string, target: string): Refusal | null {
  const allow = { allow: allowedMethods.join(', ') };
  if (!allowedMethods.includes(method)) {
    return { status: 405, message: `${method} is not allowed here; the app takes ${allowedMethods.join(', ')}.`, headers: allow };
  }
  if (method === 'OPTIONS' && target === '*') return { status: 204, message: '', headers: allow };
  // Absolute-form (`GET http://host/…`) is for proxies; Next would redirect to that host.
  if (!target.startsWith('/')) return { status: 400, message: 'The request target must be a path beginning with /.' };
  const pathname = target.split('?', 1)[0];
  const undecodable = undecodablePathMessage(pathname);
  if (undecodable) return { status: 400, message: undecodable };
  if (!pageMethods.includes(method) && !writablePaths.test(pathname)) {
    return { status: 405, message: `${method} is not allowed on ${pathname}; pages take ${pageMethods.join(', ')}.`, headers: { allow: pageMethods.join(', ') } };
  }
  return null;
}

/** Answers a malformed request itself (true), or leaves it to Next (false). */
export function refuseMalformedRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const refusal = malformedRequestRefusal(request.method ?? '', request.url ?? '');
  if (!refusal) return false;
  // A refusal is data wherever it is answered, a page's path included: nothing in it may load or run.
  const headers = { 'cache-control': 'no-store', 'content-security-policy': dataPolicy, ...refusal.headers };
  if (refusal.status === 204) response.writeHead(204, headers).end();
  else {
    const body = JSON.stringify({ message: refusal.message });
    response.writeHead(refusal.status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  }
  return true;
}

const clientErrorAnswers: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const statusTexts: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** A whole answer written on the socket itself (no ServerResponse exists), with the headers every answer carries, then the connection closed. */
function writeRawRefusal(socket: Duplex, refusal: Refusal): void {
  const body = JSON.stringify({ message: refusal.message });
  const extra = Object.entries(refusal.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.write(
    `HTTP/1.1 ${refusal.status} ${statusTexts[refusal.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
    + `Cache-Control: no-store\r\nContent-Security-Policy: ${dataPolicy}\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n`
    + `Referrer-Policy: strict-origin-when-cross-origin\r\n${extra}Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/**
 * The server's 'clientError' handler: Node's own answers to a request its parser refuses,
 * with a { message } body rather than none, then the connection closed as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const refusal = clientErrorAnswers[error.code ?? ''] ?? { status: 400, message: 'The request is malformed: a header, the method or the framing is not valid HTTP.' };
  // Only an answer under way makes a refusal impossible; a kept-alive connection that answered before
  // (the HTTPS front reuses its connections) still gets one, where closing it made the front answer 502.
  const answering = (socket as Duplex & { _httpMessage?: unknown })._httpMessage;
  if (!socket.writable || answering) {
    socket.destroy();
    return;
  }
  writeRawRefusal(socket, refusal);
}

/**
 * The server's 'connect' handler: CONNECT (a proxy's method) is answered 405 with the usual
 * { message } body; without a handler Node closed the connection with no answer at all.
 */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  writeRawRefusal(socket, { status: 405, message: `CONNECT is not allowed here; the app takes ${allowedMethods.join(', ')}.`, headers: { Allow: allowedMethods.join(', ') } });
}
