/*
 * The embedded service's mounts, answered by the production server itself (lib/server/serve.ts)
 * before Next's request handler: /v1 and the sync APIs (/greader, /fever, /gpodder and /api/2).
 * A call through Next's route handler spent several times longer outside the service than inside
 * it (bench: load, sync). The instance is the process's one embedded service (the globalThis
 * holder of lib/service/embedded.ts), the one the app's proxy calls, so all share one store and
 * one rate limiter. The Next routes (app/v1, app/greader, app/fever, app/gpodder, app/api/2) still
 * mount it under `next dev`, and answer remote mode's 404. What those routes did beside the service
 * is kept for the sync APIs: HEAD and OPTIONS as Next derives them, 405 for a method the route has
 * not, and gzip as Next's compression.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { embeddedService } from '../service/embedded';
import { gzipAnswer } from './gzip-answer';
import { sendHeldAnswer } from './held-answer';

// Fever is answered at /fever/ as at /fever; the others below their prefixes, trailing slash or not, as their Next routes take them.
const syncMounts: { path: RegExp; methods: string[] }[] = [
  { path: /^\/greader\//, methods: ['GET', 'HEAD', 'POST'] },
  { path: /^\/fever\/?$/, methods: ['GET', 'HEAD', 'POST'] },
  // The gpodder Simple API uploads a subscription list with PUT.
  { path: /^\/gpodder\//, methods: ['GET', 'HEAD', 'POST', 'PUT'] },
  // gpodder API v2 at the root too (app/api/2): AntennaPod drops the path of the server it is given.
  { path: /^\/api\/2\//, methods: ['GET', 'HEAD', 'POST'] },
];

const pathnameOf = (url: string | undefined) => (url ?? '').split('?', 1)[0];
const syncMountOf = (pathname: string) => syncMounts.find((mount) => mount.path.test(pathname));

/**
 * Whether a request is for the embedded service while no hosted service is configured (upstreamMode()
 * says 'local'): a /v1 path, or one of the sync APIs'. A /v1 path ending in a slash stays Next's, which
 * redirects it to the path without.
 */
export function isServiceRequest(request: IncomingMessage): boolean {
  const pathname = pathnameOf(request.url);
  const v1 = pathname === '/v1' || (pathname.startsWith('/v1/') && !pathname.endsWith('/'));
  return (v1 || syncMountOf(pathname) !== undefined) && !process.env.FEED_API_BASE_URL;
}

/** What a sync mount answers itself, as its Next route did: OPTIONS with what it allows, 405 for a method it has not. */
function methodAnswer(method: string, pathname: string, methods: string[]): Response | null {
  const allow = ['OPTIONS', ...methods].sort().join(', ');
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
  if (methods.includes(method)) return null;
  return Response.json({ message: `${method} is not allowed on ${pathname}; it takes ${allow}.` }, { status: 405, headers: { allow } });
}

/**
 * The request listener over a service's fetch handler: the embedded service's in serve.ts, a bench's
 * own in bench/sync.ts. A JSON answer is written as it was made, not read back out of its body stream.
 */
export function serviceRequestListener(answer: (request: Request) => Promise<Response>): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return getRequestListener(async (request, { incoming, outgoing }) => {
    const pathname = pathnameOf(incoming.url);
    const mount = syncMountOf(pathname);
    if (!mount) return sendHeldAnswer(await answer(request), outgoing as ServerResponse);
    const refused = methodAnswer(request.method, pathname, mount.methods);
    return sendHeldAnswer(refused ?? await gzipAnswer(await answer(request), request.headers.get('accept-encoding')), outgoing as ServerResponse);
  }, {
    // Leaves the process's Request and Response alone: Next shares them.
    overrideGlobalObjects: false,
    // A request that cannot be made into a Request (a bad Host, say): the service's general error, not an empty 400.
    errorHandler: () => Response.json({ message: 'The request is malformed.' }, { status: 400 }),
  });
}

const listener = serviceRequestListener(async (request) => (await embeddedService()).service.fetch(request));

/** Answers one request for the embedded service (isServiceRequest). */
export function serviceListener(request: IncomingMessage, response: ServerResponse): Promise<void> {
  return listener(request, response);
}
