/*
 * The production server `npm start` runs: Next's own request handler behind a Node HTTP
 * server that answers static scripts and stylesheets with the build's Brotli copies
 * (lib/server/brotli-static.ts). Everything else, compression included, is Next's, as under
 * `next start`. Given a certificate (TIDINGS_TLS_CERT, TIDINGS_TLS_KEY) it answers HTTPS and
 * HTTP/2 through lib/server/https-front.ts, the app's server then listening on loopback only.
 * Run with tsx: `serve.ts --port 3000 [--hostname 127.0.0.1]`.
 */
import { createServer } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { serveBrotliStatic } from './brotli-static';
import { currentBuildDir, markServing } from './build-dirs';
import { setFixedHeaders } from './fixed-headers';
import { closeHttpsFront, createHttpsFront, tlsFromEnv } from './https-front';
import { prepareForApp, trustedProxiesFromEnv } from './trusted-proxies';
import { answerClientError, refuseConnect, refuseMalformedRequest } from './request-guard';
import { serveWorkerFile } from './worker-file';
import { isServiceRequest, serviceListener } from './service-listener';
import { allowServerOnly } from './allow-server-only';
import { setUnproxiedPagePolicy } from './unproxied-page-policy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The value after `--name` on the command line, as next start takes them. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const port = Number(option('port') ?? 3000);
const hostname = option('hostname');
// The build this process serves until it is restarted: a build made meanwhile changes the .next link, not this directory.
const buildDir = currentBuildDir(root) ?? '.next';
process.env.TIDINGS_DIST_DIR = buildDir;
if (buildDir !== '.next') markServing(root, buildDir);
const staticDir = path.join(root, buildDir, 'static');
const workerDir = path.join(root, buildDir);
const tls = tlsFromEnv(process.env);
const trustedProxies = trustedProxiesFromEnv(process.env);

// The /api/v1 proxy's modules are the app's server-only ones, imported once the marker allows it here.
allowServerOnly();
const { isProxyRequest, proxyListener } = await import('./proxy-listener');
// Before Next starts (its instrumentation starts the embedded service): with DATABASE_URL all nodes count a key's requests together.
const { shareKeyLimits } = await import('./key-limiter');
shareKeyLimits();

const app = next({ dev: false, dir: root, port, hostname });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  setFixedHeaders(request, response);
  if (refuseMalformedRequest(request, response)) return;
  if (serveBrotliStatic(request, response, staticDir) || serveWorkerFile(request, response, workerDir)) return;
  // Who the client is, from the peer and trusted proxies only; what else a client says is dropped.
  prepareForApp(request, trustedProxies);
  if (isServiceRequest(request)) return void serviceListener(request, response);
  if (isProxyRequest(request)) return void proxyListener(request, response);
  setUnproxiedPagePolicy(request, response);
  void handle(request, response);
});
// Longer than a reverse proxy keeps an idle upstream connection (nginx and load balancers: 60 s).
// At Node's 5 s, the proxy's next request on a connection this server was closing met a reset: a 502.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on('clientError', answerClientError);
server.on('connect', refuseConnect);
let front: Http2SecureServer | null = null;
const announce = () => console.log(`Serving the production build on ${tls ? 'https' : 'http'}://${hostname ?? 'localhost'}:${port}`);
if (tls) {
  server.listen(0, '127.0.0.1', () => {
    front = createHttpsFront(tls, { host: '127.0.0.1', port: (server.address() as AddressInfo).port });
    front.listen(port, hostname, announce);
  });
} else {
  server.listen(port, hostname, announce);
}

// A supervisor's stop ends the process once open requests are answered (at most a few seconds);
// the app's server closes only after the front has, with nothing left to pass on.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const closeApp = () => {
      server.close(() => process.exit(0));
      server.closeIdleConnections();
    };
    if (front) closeHttpsFront(front, closeApp);
    else closeApp();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
