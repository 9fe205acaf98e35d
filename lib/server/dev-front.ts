/*
 * The front `npm run dev` puts before `next dev`: it derives the client's address from the TCP
 * peer and trusted proxies, as the production server does (lib/server/trusted-proxies.ts), and
 * passes every request and upgrade (Next's live-reload socket) on to `next dev` on a loopback
 * port. Without it the app sees no client address under `next dev`, so the first password could
 * not be chosen from this machine. Plain Node (lib/styles/dev.ts runs outside Next).
 */
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { prepareForApp, type TrustedProxies } from './trusted-proxies';

/** Where `next dev` listens. */
export type DevTarget = { host: string; port: number };

/** Raw request head of an upgrade, as the target must read it. */
function upgradeHead(request: IncomingMessage): string {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Rebuilds raw headers after prepareForApp changed the parsed ones, so the target sees the same. */
function withPreparedHeaders(request: IncomingMessage): void {
  const raw: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) raw.push(name, one);
  }
  request.rawHeaders.splice(0, request.rawHeaders.length, ...raw);
}

/** An HTTP server that hands requests to `target` with the client's address derived from its own peer. */
export function createDevFront(target: DevTarget, trusted: TrustedProxies): Server {
  const server = createServer((request, response) => {
    prepareForApp(request, trusted);
    const onward = forward({ host: target.host, port: target.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    });
    onward.once('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('next dev is not answering yet; reload in a moment.\n');
    });
    request.pipe(onward);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    prepareForApp(request, trusted);
    withPreparedHeaders(request);
    const onward = connect(target.port, target.host, () => {
      onward.write(upgradeHead(request));
      if (head.length) onward.write(head);
      onward.pipe(socket).pipe(onward);
    });
    const close = () => {
      onward.destroy();
      socket.destroy();
    };
    onward.once('error', close);
    socket.once('error', close);
  });
  return server;
}
