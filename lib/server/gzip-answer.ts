/*
 * gzip for the answers the production server makes itself outside Next (the /api/v1 proxy,
 * lib/server/proxy-listener.ts), as Next's own compression treats a route's answer: a JSON or
 * text body of 1 KB or more, to a client that takes gzip, with `Vary: Accept-Encoding`. A list
 * of 50 items is 45 KB plain and 8 KB compressed. Compressed on libuv's threads, off the event loop.
 * Plain Node, no Next.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { heldBody, responseHolding } from '../service/http/held-body';

const gzipAsync = promisify(gzip);
// Next's compression (the `compression` package) leaves smaller bodies alone.
const threshold = 1024;
// XML too: the Google Reader API's Atom form (newsboat reads through it), as Next compressed it.
const compressible = /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/[\w.+-]+)\b/i;

/** Whether an Accept-Encoding header takes `encoding` (named, not refused with q=0). */
export function acceptsEncoding(accepted: string | string[] | null | undefined, encoding: string): boolean {
  const list = Array.isArray(accepted) ? accepted.join(',') : accepted ?? '';
  return list.split(',').some((entry) => {
    const [name, ...params] = entry.trim().toLowerCase().split(';');
    return name === encoding && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

/** The answer with its whole body, gzipped when the client takes gzip and the body is worth it. */
export async function gzipAnswer(response: Response, acceptEncoding: string | null): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !compressible.test(type) || response.headers.has('content-encoding')) return response;
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  const held = heldBody(response);
  const body = held === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(held);
  if (body.length < threshold || !acceptsEncoding(acceptEncoding, 'gzip')) return responseHolding(body, { status: response.status, headers });
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  return responseHolding(await gzipAsync(body), { status: response.status, headers });
}
