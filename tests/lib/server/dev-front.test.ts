import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevFront } from '@/lib/server/dev-front';
import { clientAddressHeader, parseTrustedProxies } from '@/lib/server/trusted-proxies';

/*
 * The front `npm run dev` puts before `next dev` (lib/server/dev-front.ts): a real stand-in for
 * next dev behind it reports the headers it was given, and echoes on an upgraded socket.
 */

const networkAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

let target: Server;
let front: Server;
let frontPort: number;

const listen = (server: Server, host: string) => new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  target = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    incoming.on('end', () => {
      answer.writeHead(201, { 'content-type': 'application/json', 'x-from-target': 'yes' });
      answer.end(JSON.stringify({ headers: incoming.headers, method: incoming.method, url: incoming.url, body }));
    });
  });
  target.on('upgrade', (incoming, socket) => {
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: echo\r\nconnection: Upgrade\r\nx-client: ${String(incoming.headers[clientAddressHeader])}\r\n\r\n`);
    socket.pipe(socket);
  });
  const targetPort = await listen(target, '127.0.0.1');
  front = createDevFront({ host: '127.0.0.1', port: targetPort }, parseTrustedProxies(undefined, false));
  frontPort = await listen(front, '0.0.0.0');
});

afterAll(async () => {
  front.closeAllConnections();
  target.closeAllConnections();
  await Promise.all([front, target].map((server) => new Promise((resolve) => server.close(resolve))));
});

type Seen = { status: number; headers: IncomingHttpHeaders; seen: { headers: IncomingHttpHeaders; method: string; url: string; body: string } };

function send(host: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host, port: frontPort, path: '/sign-in?next=/inbox', method, headers }, (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, seen: JSON.parse(text) as Seen['seen'] }));
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

describe('the npm run dev front', () => {
  it('tells next dev that a request from this machine comes from loopback, whatever the client claims', async () => {
    const answer = await send('127.0.0.1', { [clientAddressHeader]: '203.0.113.9', host: 'localhost:3000' });
    expect(answer.seen.headers[clientAddressHeader]).toBe('127.0.0.1');
    expect(answer.seen.headers.host).toBe('localhost:3000');
  });

  it('passes method, path, body and the answer through unchanged', async () => {
    const answer = await send('127.0.0.1', { 'content-type': 'text/plain' }, 'POST', 'hello');
    expect(answer.status).toBe(201);
    expect(answer.headers['x-from-target']).toBe('yes');
    expect(answer.seen).toMatchObject({ method: 'POST', url: '/sign-in?next=/inbox', body: 'hello' });
  });

  it('drops forwarding headers from an untrusted peer, so they cannot make a stranger local', async () => {
    const answer = await send('127.0.0.1', { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'localhost' });
    expect(answer.seen.headers['x-forwarded-for']).toBeUndefined();
    expect(answer.seen.headers['x-forwarded-host']).toBeUndefined();
    expect(answer.seen.headers[clientAddressHeader]).not.toBe('127.0.0.1');
  });

  it.skipIf(!networkAddress)('reports a client on the network by its own address, even with a forged Host and client header', async () => {
    const answer = await send(networkAddress!, { host: 'localhost:3000', [clientAddressHeader]: '127.0.0.1' });
    expect(answer.seen.headers[clientAddressHeader]).toBe(networkAddress);
  });

  it('passes upgrades (the live-reload socket) on, with the derived client address', async () => {
    const socket = connect(frontPort, '127.0.0.1');
    socket.write(`GET /_next/webpack-hmr HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: echo\r\n${clientAddressHeader}: 203.0.113.9\r\n\r\n`);
    let received = '';
    const echoed = new Promise<void>((resolve) => socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (received.includes('\r\n\r\n') && !received.includes('ping')) socket.write('ping');
      if (received.endsWith('ping')) resolve();
    }));
    await echoed;
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 101/);
    expect(received).toContain('x-client: 127.0.0.1');
  });
});
