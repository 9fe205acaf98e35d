/*
 * The security headers that never change, set by the production server (lib/server/serve.ts) on
 * every answer before any handler runs, so that answers made outside Next (the embedded service's
 * /v1, the Brotli copies, the worker file, the request guard's refusals) carry them too. Next's
 * own answers get the same from next.config.mjs `headers()`, which also covers `next dev`.
 * Plain Node: serve.ts runs it outside Next's bundle.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The policy of answers that are data, never documents: nothing in them may load or run, nor be framed. */
export const dataPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
// The app's API and the service's mounts, the sync APIs' (Fever, Google Reader, gpodder) included.
const dataPaths = /^\/(?:api|v1)\/|^\/(?:fever|greader|gpodder)(?:\/|$)/;

/** Sets nosniff, frame denial, the referrer policy and, on API answers, a policy that loads nothing. */
export function setFixedHeaders(request: IncomingMessage, response: ServerResponse): void {
  const pathname = (request.url ?? '/').split('?', 1)[0];
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('x-frame-options', 'DENY');
  // A share link's token is its only key: no link followed from the page may carry it away.
  response.setHeader('referrer-policy', pathname.startsWith('/share/') ? 'no-referrer' : 'strict-origin-when-cross-origin');
  if (dataPaths.test(pathname)) response.setHeader('content-security-policy', dataPolicy);
}
