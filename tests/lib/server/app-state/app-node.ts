/*
 * One app node in a process of its own, for tests that run several on one database: a real HTTP
 * server on 127.0.0.1 answering as the production server would, with the app's own handlers for
 * what Next's routes would answer here (sign-in, share links, a share page's visit), and /v1 from
 * the embedded service when no hosted one is named (local mode). Nothing is
 * shared with other nodes but what the environment names (DATABASE_URL, FEED_API_BASE_URL).
 * Run with `node --import tsx app-node.ts`; prints `listening <port>` once it answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowServerOnly } from '../../../../lib/server/allow-server-only';
import { prepareForApp, trustedProxiesFromEnv } from '../../../../lib/server/trusted-proxies';

allowServerOnly();
const { isProxyRequest, proxyListener } = await import('../../../../lib/server/proxy-listener');
const { handleSignIn } = await import('../../../../lib/server/session-routes');
const { createLink } = await import('../../../../lib/server/share-link-routes');
const { openShareLink } = await import('../../../../lib/server/share-links');
const { refuseShareVisit } = await import('../../../../lib/server/share-visit-limit');
const { sessionOf } = await import('../../../../lib/server/session');
const { isServiceRequest, serviceListener } = await import('../../../../lib/server/service-listener');
const { shareKeyLimits } = await import('../../../../lib/server/key-limiter');

// As lib/server/serve.ts does before it serves: the embedded service (local mode) counts keys on DATABASE_URL.
shareKeyLimits();

/** What Next's routes would answer on this node: POST /api/session, POST /api/share-links, GET /share/{token}, GET /whoami. */
async function answer(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === 'POST' && pathname === '/api/session') return handleSignIn(request);
  if (request.method === 'POST' && pathname === '/api/share-links') return createLink(request);
  if (request.method === 'GET' && pathname.startsWith('/share/')) {
    const refused = await refuseShareVisit(request);
    if (refused) return refused;
    const item = await openShareLink(pathname.slice('/share/'.length));
    return item ? Response.json({ title: item.title }) : Response.json({ message: 'Link not found' }, { status: 404 });
  }
  if (request.method === 'GET' && pathname === '/whoami') {
    const found = await sessionOf(request);
    return found ? Response.json({ caller: found.session.caller.kind }) : Response.json({ message: 'Sign in to continue.' }, { status: 401 });
  }
  return Response.json({ message: 'Not here.' }, { status: 404 });
}

// Built from the parsed headers, as Next builds its requests: they carry the client address prepareForApp set.
async function routes(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const response = await answer(new Request(`http://${incoming.headers.host}${incoming.url}`, { method: incoming.method, headers, body }));
  outgoing.writeHead(response.status, [...response.headers].flat());
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

const trusted = trustedProxiesFromEnv(process.env);
const server = createServer((request, response) => {
  prepareForApp(request, trusted);
  if (isServiceRequest(request)) return void serviceListener(request, response);
  if (isProxyRequest(request)) return void proxyListener(request, response);
  void routes(request, response);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
