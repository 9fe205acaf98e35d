import 'server-only';
import { operations } from '@/lib/contract/operations';
import type { Operation } from '@/lib/contract/operation';
import { sendUpstream, upstreamMode } from './upstream';

const maxBodyBytes = 256 * 1024;
const passedHeaders = ['content-type', 'retry-after'];

type Route = { method: string; pattern: RegExp; auth: Operation['auth'] };
const routes: Route[] = Object.values(operations as Record<string, Operation>).map((operation) => ({
  method: operation.method,
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  auth: operation.auth,
}));

function refuse(status: number, message: string): Response {
  return Response.json({ message }, { status });
}

/** Whether a method and /v1 path is an operation the proxy may forward in this mode. */
export function isForwardable(method: string, path: string): boolean {
  const remote = upstreamMode() === 'remote';
  return routes.some((route) => route.method === method && route.pattern.test(path) && (!remote || route.auth === 'bearer'));
}

/** Same-origin check for writes: a browser always sends Origin on cross-site writes. */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Forwards an /api/v1/… request to the service's /v1/… with the key added on the server. */
export async function proxy(request: Request, segments: string[]): Promise<Response> {
  const url = new URL(request.url);
  const path = `/v1/${segments.map(encodeURIComponent).join('/')}`;
  if (!isForwardable(request.method, path)) return refuse(404, `There is no operation ${request.method} ${path}.`);
  if (request.method !== 'GET' && !sameOrigin(request)) return refuse(403, 'Cross-origin writes are refused.');

  let body: string | null = null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    body = await request.text();
    if (Buffer.byteLength(body) > maxBodyBytes) return refuse(413, 'The request body is larger than 256 KB.');
    if (body === '') body = null;
  }
  const upstream = await sendUpstream(request.method, path + url.search, body, request.headers.get('content-type'));
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of passedHeaders) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}
