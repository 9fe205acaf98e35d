import 'server-only';
import { bodyTooLarge, readBoundedText, serviceBodyLimit } from '@/lib/service/http/bounded-body';
import { heldBody, responseHolding } from '@/lib/service/http/held-body';
import { operations } from '@/lib/contract/operations';
import type { Operation } from '@/lib/contract/operation';
import { isSameOrigin } from './origin';
import { endSessionById, sessionOf } from './session';
import { shareLinksOutdated } from './share-links';
import { sendUpstream, upstreamMode } from './upstream';

// The service's own limit (serviceBodyLimit, 1 MB): an OPML file of a few thousand feeds fits.
const passedHeaders = ['content-type', 'retry-after'];

type Route = { method: string; pattern: RegExp; auth: Operation['auth'] };
const routes: Route[] = Object.values(operations as Record<string, Operation>).map((operation) => ({
  method: operation.method,
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  auth: operation.auth,
}));

function refuse(status: number, message: string): Response {
  return Response.json({ message }, { status, headers: { 'cache-control': 'no-store' } });
}

/** The methods the proxy forwards for a /v1 path in this mode, in the order the contract lists them. */
function forwardedMethods(path: string): string[] {
  const remote = upstreamMode() === 'remote';
  const methods = routes.filter((route) => route.pattern.test(path) && (!remote || route.auth === 'bearer')).map((route) => route.method);
  return [...new Set(methods)];
}

/**
 * Forwards an /api/v1/… request to the service's /v1/… with the credential added on the
 * server. Only signed-in sessions get through; everything else is answered here.
 */
export async function proxy(request: Request, segments: string[]): Promise<Response> {
  const found = await sessionOf(request);
  if (!found) {
    return Response.json({ message: 'Sign in to continue.', error: 'unauthorized' }, { status: 401, headers: { 'cache-control': 'no-store' } });
  }
  const url = new URL(request.url);
  const path = `/v1/${segments.map(encodeURIComponent).join('/')}`;
  const allowed = forwardedMethods(path);
  if (!allowed.length) return refuse(404, `There is no operation ${request.method} ${path}.`);
  // Worded as the service words its own 405 (lib/service/http/router.ts).
  if (!allowed.includes(request.method)) {
    const response = refuse(405, `${request.method} is not allowed on ${path}; it takes ${allowed.join(', ')}.`);
    response.headers.set('allow', allowed.join(', '));
    return response;
  }
  if (request.method !== 'GET' && !isSameOrigin(request)) return refuse(403, 'Cross-origin writes are refused.');

  let body: string | null = null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    body = await readBoundedText(request, serviceBodyLimit);
    if (body === null) return bodyTooLarge(serviceBodyLimit);
    if (body === '') body = null;
  }

  const { session, setCookie } = found;
  const upstream = await sendUpstream(
    { method: request.method, pathAndQuery: path + url.search, body, contentType: request.headers.get('content-type') },
    session.caller,
  );
  // A person's key the service no longer accepts makes their session useless: end it, so sign-in starts afresh.
  if (upstream.status === 401 && session.caller.kind === 'person') await endSessionById(session.id);
  // Saving or unsaving changes what share links show: their next visit reads the item again.
  if (upstream.ok && path.startsWith('/v1/items') && body !== null && /"is_saved"|"(un)?save"/.test(body)) await shareLinksOutdated(session.caller);

  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of passedHeaders) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (setCookie) headers.append('set-cookie', setCookie);
  // An answer made whole (the embedded service's JSON, a hosted one's sanitized text) stays in hand, not streamed again.
  const held = heldBody(upstream);
  return held === undefined ? new Response(upstream.body, { status: upstream.status, headers }) : responseHolding(held, { status: upstream.status, headers });
}
