/*
 * A real HTTP server on 127.0.0.1 that answers as the production server (lib/server/serve.ts)
 * does before Next: fixed headers, the request guard, the client's address from the peer, then
 * the embedded service's /v1 and the /api/v1 proxy; what serve.ts would hand to Next is answered
 * by a stand-in ("answered by Next", 404) after the page policy serve.ts sets for it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFixedHeaders } from '@/lib/server/fixed-headers';
import { isProxyRequest, proxyListener } from '@/lib/server/proxy-listener';
import { refuseMalformedRequest } from '@/lib/server/request-guard';
import { isServiceRequest, serviceListener } from '@/lib/server/service-listener';
import { prepareForApp, trustedProxiesFromEnv } from '@/lib/server/trusted-proxies';
import { setUnproxiedPagePolicy } from '@/lib/server/unproxied-page-policy';

/** The stand-in's answer for what Next would answer. */
export const answeredByNext = 'answered by Next';

export type AppServer = { base: string; close: () => Promise<void> };

/** Starts the server on a free port of 127.0.0.1, believing forwarded headers from `trustedProxies` (TIDINGS_TRUSTED_PROXIES's form; none by default). */
export async function startAppServer(trustedProxies?: string): Promise<AppServer> {
  const trusted = trustedProxiesFromEnv({ TIDINGS_TRUSTED_PROXIES: trustedProxies });
  const server: Server = createServer((request, response) => {
    setFixedHeaders(request, response);
    if (refuseMalformedRequest(request, response)) return;
    prepareForApp(request, trusted);
    if (isServiceRequest(request)) return void serviceListener(request, response);
    if (isProxyRequest(request)) return void proxyListener(request, response);
    setUnproxiedPagePolicy(request, response);
    response.writeHead(404, { 'content-type': 'text/plain', 'x-seen-nonce': String(request.headers['x-tidings-nonce'] ?? '') }).end(answeredByNext);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
