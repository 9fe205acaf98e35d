/*
 * The page policy for what Next answers outside proxy.ts: its matcher skips any path with a file
 * extension and Next's own files, so a 404 for /nope.js (a page, rendered by the app's not-found
 * page) went out without a Content-Security-Policy. The production server (lib/server/serve.ts)
 * gives such requests a nonce'd policy the way proxy.ts gives pages theirs: on the answer, and on
 * the request, whence Next and the root layout take the nonce for their scripts and styles.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newNonce, nonceHeader, pageContentSecurityPolicy, strictTransportSecurity } from './security-headers';

// What proxy.ts's matcher leaves out but the service's mounts, which answer data, never pages.
const unproxied = /^\/_next\/|\.[A-Za-z0-9]+$/;
const serviceMounts = /^\/(?:api\/|v1\/|fever\/|fever$|greader\/|greader$|gpodder\/|gpodder$)/;
// The service worker's own answer: a policy on it would bind the worker's fetches.
const workerFiles = new Set(['/sw.js', '/sw.js.map']);

/** Sets the page policy (and HSTS under https) on a request Next answers that proxy.ts never sees. */
export function setUnproxiedPagePolicy(request: IncomingMessage, response: ServerResponse): void {
  const pathname = (request.url ?? '/').split('?', 1)[0];
  if (!unproxied.test(pathname) || serviceMounts.test(pathname) || workerFiles.has(pathname)) return;
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce);
  request.headers['content-security-policy'] = policy;
  request.headers[nonceHeader] = nonce;
  response.setHeader('content-security-policy', policy);
  // serve.ts calls this after prepareForApp, which dropped a forwarded protocol an untrusted peer claimed.
  if (request.headers['x-forwarded-proto']?.toString().split(',')[0]?.trim() === 'https') {
    response.setHeader('strict-transport-security', strictTransportSecurity);
  }
}
