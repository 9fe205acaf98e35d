/*
 * Writes an answer that keeps its body in hand (lib/service/http/held-body.ts) straight to Node's
 * response, for the listeners the production server answers itself (lib/server/service-listener.ts,
 * lib/server/proxy-listener.ts). Reading a list's 45 KB back out of the Response's body stream
 * cost more CPU than building the list. Plain Node, no Next.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { heldBody } from '../service/http/held-body';

/** Writes `response` to `outgoing` when it holds its body and answers what tells @hono/node-server it is sent; otherwise `response` itself. */
export function sendHeldAnswer(response: Response, outgoing: ServerResponse): Response {
  const body = heldBody(response);
  if (body === undefined) return response;
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  headers['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
  return RESPONSE_ALREADY_SENT;
}
