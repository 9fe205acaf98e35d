/*
 * The production server `npm start` runs: Next's own request handler behind a Node HTTP
 * server that answers static scripts and stylesheets with the build's Brotli copies
 * (lib/server/brotli-static.ts). Everything else, compression included, is Next's, as under
 * `next start`. Run with tsx: `serve.ts --port 3000 [--hostname 127.0.0.1]`.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { serveBrotliStatic } from './brotli-static';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The value after `--name` on the command line, as next start takes them. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const port = Number(option('port') ?? 3000);
const hostname = option('hostname');
const staticDir = path.join(root, '.next', 'static');

const app = next({ dev: false, dir: root, port, hostname });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  if (serveBrotliStatic(request, response, staticDir)) return;
  void handle(request, response);
});
server.listen(port, hostname, () => {
  console.log(`Serving the production build on http://${hostname ?? 'localhost'}:${port}`);
});

// A supervisor's stop ends the process once open requests are answered (at most a few seconds).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
