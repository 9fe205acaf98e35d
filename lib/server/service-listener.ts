/*
 * The embedded service's /v1 mount, answered by the production server itself (lib/server/serve.ts)
 * before Next's request handler: a /v1 call through Next's route handler spent several times
 * longer outside the service than inside it (bench: load). The instance is the process's one
 * embedded service (the globalThis holder of lib/service/embedded.ts), the one the app's proxy
 * calls, so both share one store and one rate limiter. app/v1/[...path]/route.ts still mounts it
 * under `next dev`, and answers remote mode's 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { embeddedService } from '../service/embedded';
import { sendHeldAnswer } from './held-answer';

/**
 * Whether a request is for the embedded service: a /v1 path while no hosted service is configured
 * (upstreamMode() says 'local'). A path ending in a slash stays Next's, which redirects it to the path without.
 */
export function isServiceRequest(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  const pathname = url.split('?', 1)[0];
  return (pathname === '/v1' || (pathname.startsWith('/v1/') && !pathname.endsWith('/'))) && !process.env.FEED_API_BASE_URL;
}

// A JSON answer is written as it was made, not read back out of its body stream.
const listener = getRequestListener(async (request, { outgoing }) => sendHeldAnswer(await (await embeddedService()).service.fetch(request), outgoing as ServerResponse), {
  // Leaves the process's Request and Response alone: Next shares them.
  overrideGlobalObjects: false,
  // A request that cannot be made into a Request (a bad Host, say): the service's general error, not an empty 400.
  errorHandler: () => Response.json({ message: 'The request is malformed.' }, { status: 400 }),
});

/** Answers one /v1 request with the embedded service. */
export function serviceListener(request: IncomingMessage, response: ServerResponse): Promise<void> {
  return listener(request, response);
}
