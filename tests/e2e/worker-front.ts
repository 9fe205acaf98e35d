/*
 * An HTTP front to a server that answers /sw.js with a worker the test sets, as the server of a
 * new build would. A journey of an update changes the worker here, not in the build's file,
 * which every server of the run, and of a concurrent shard (run-shards.ts), serves.
 */
import { createServer, request as forward, type Server } from 'node:http';

export class WorkerFront {
  private server: Server | null = null;
  baseUrl = '';
  /** What /sw.js answers with; undefined passes it on to the server like every other request. */
  worker: string | undefined;

  constructor(private readonly target: string) {}

  /** Starts answering on a free port of 127.0.0.1. */
  async open(): Promise<this> {
    const { hostname, port } = new URL(this.target);
    this.server = createServer((request, response) => {
      if (this.worker !== undefined && request.method === 'GET' && request.url?.split('?')[0] === '/sw.js') {
        response.writeHead(200, { 'content-type': 'application/javascript; charset=UTF-8', 'cache-control': 'public, max-age=0' });
        response.end(this.worker);
        return;
      }
      // The Host header passes unchanged, as through a relay: the app sees this front's origin.
      const upstream = forward({ hostname, port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
        const headers = { ...answer.headers };
        delete headers.connection;
        delete headers['keep-alive'];
        delete headers['transfer-encoding'];
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  /** Stops answering and drops open connections. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
