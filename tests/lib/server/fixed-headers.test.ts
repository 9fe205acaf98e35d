/*
 * The headers the production server sets on every answer (lib/server/fixed-headers.ts), on a real
 * Node HTTP server: data answers, the sync APIs' included, get the policy that loads nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFixedHeaders } from '@/lib/server/fixed-headers';

let server: Server;
let base = '';
const dataPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

beforeAll(async () => {
  server = createServer((request, response) => {
    setFixedHeaders(request, response);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the fixed security headers', () => {
  it.each(['/api/v1/items', '/v1/items', '/fever/?api', '/fever?api', '/greader/reader/api/0/user-info', '/gpodder/api/2/subscriptions/a/b.json', '/api/2/auth/a/login.json'])(
    'give the data answer of %s the policy that loads and runs nothing, with nosniff and frame denial',
    async (path) => {
      const response = await fetch(base + path);
      expect(response.headers.get('content-security-policy')).toBe(dataPolicy);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('leave a page’s policy to the page (its nonce is made per render), and share pages send no referrer', async () => {
    for (const path of ['/inbox', '/feverish', '/greaderx']) expect((await fetch(base + path)).headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${base}/share/abc`)).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await fetch(`${base}/inbox`)).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
