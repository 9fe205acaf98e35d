/*
 * The app's /api/v1 proxy (lib/server/proxy.ts), answered by the production server itself
 * (lib/server/serve.ts) before Next's request handler: through Next's route handler an item
 * list cost about 5 ms more CPU (bench: load). The same function answers it either way, so the
 * session check, origin check, body limit, headers and remote mode are the route's own; the
 * answer is gzipped as Next would (lib/server/gzip-answer.ts).
 * app/api/v1/[...path]/route.ts still serves it under `next dev`, and here whatever this leaves
 * to Next: HEAD and OPTIONS (Next derives them from the route), /api/v1 itself, and paths with
 * an empty segment or a trailing slash (Next's own way with them stays).
 * Imports `server-only` modules: serve.ts imports it after allowServerOnly().
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { gzipAnswer } from './gzip-answer';
import { sendHeldAnswer } from './held-answer';
import { proxy } from './proxy';

const prefix = '/api/v1/';
const proxiedPath = /^\/api\/v1(?:\/[^/]+)+$/;
// The methods app/api/v1/[...path]/route.ts exports.
const proxiedMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the server answers a request with the proxy itself rather than leave it to Next. */
export function isProxyRequest(request: Pick<IncomingMessage, 'method' | 'url'>): boolean {
  const pathname = (request.url ?? '').split('?', 1)[0];
  return proxiedMethods.has(request.method ?? '') && proxiedPath.test(pathname);
}

/** The decoded segments after /api/v1/, as Next hands them to the route (the request guard has refused undecodable ones). */
export function proxySegments(url: string): string[] {
  return url.split('?', 1)[0].slice(prefix.length).split('/').map(decodeURIComponent);
}

// gzipped as Next's compression would have; the body is whole already (the embedded service's
// answer, or the hosted one's, which lib/server/upstream.ts reads to sanitize it).
const listener = getRequestListener(async (request, { incoming, outgoing }) => sendHeldAnswer(await gzipAnswer(
  await proxy(request, proxySegments(incoming.url ?? '')),
  request.headers.get('accept-encoding'),
), outgoing as ServerResponse), {
  // Leaves the process's Request and Response alone: Next shares them.
  overrideGlobalObjects: false,
  // A request that cannot be made into a Request (a bad Host, say): the general error, not an empty 400;
  // anything else thrown is ours, a 500 with the general error rather than a plain-text one.
  errorHandler: (error) => {
    if (error instanceof RequestError) return Response.json({ message: 'The request is malformed.' }, { status: 400, headers: { 'cache-control': 'no-store' } });
    console.error('[tidings] The /api/v1 proxy failed:', error);
    return Response.json({ message: 'Something went wrong in the app; try again shortly.' }, { status: 500, headers: { 'cache-control': 'no-store' } });
  },
});

/** Answers one /api/v1 request with the proxy. */
export function proxyListener(request: IncomingMessage, response: ServerResponse): Promise<void> {
  return listener(request, response);
}
