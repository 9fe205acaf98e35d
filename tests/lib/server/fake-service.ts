/*
 * A stand-in for a hosted feed service (an external party): a real HTTP server on
 * 127.0.0.1 that records every request and answers by path, including the awkward
 * answers (429 with Retry-After, a service that never answers).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake service saw it. */
export type Seen = { method: string; url: string; authorization: string | null; body: string };

export type FakeService = {
  url: string;
  seen: Seen[];
  /** TCP connections opened to it so far. */
  connections: () => number;
  close: () => Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * Starts the fake. `keys` are the API keys it accepts; anything else gets 401. Paths:
 * /v1/stories answers 429 (Retry-After: 17), q=hang never answers, every other
 * operation echoes what it received.
 */
export async function startFakeService(keys: string[]): Promise<FakeService> {
  const seen: Seen[] = [];
  let connections = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const authorization = request.headers.authorization ?? null;
    seen.push({ method: request.method ?? '', url: request.url ?? '', authorization, body });
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };
    if (!keys.some((key) => authorization === `Bearer ${key}`)) {
      return send(401, { message: 'The API key is invalid or has been revoked.', error: 'unauthorized' });
    }
    if (url.searchParams.get('q') === 'hang') return; // never answers
    if (url.pathname === '/v1/stories') return send(429, { message: 'Slow down.', retry_after: 17 }, { 'retry-after': '17' });
    if (url.pathname === '/v1/subscriptions/check') return send(200, { feed: true, podcast: false });
    send(200, { method: request.method, path: url.pathname, query: url.search, body: body || null });
  });
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
