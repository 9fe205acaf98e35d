/*
 * The production server's own /v1 mount (lib/server/service-listener.ts): a real HTTP server on
 * 127.0.0.1 that sends /v1 to the listener and everything else to a stand-in for Next, over the
 * real embedded service on a temporary data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findCredentialBySecret, issueCredential, revokeCredential } from '@/lib/service/domain/accounts';
import { embeddedService } from '@/lib/service/embedded';
import { isServiceRequest, serviceListener } from '@/lib/server/service-listener';

const rateLimit = 6;
let dataDir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-service-listener-'));
  delete process.env.FEED_API_BASE_URL;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_RATE_LIMIT: String(rateLimit), TIDINGS_SMTP_PORT: '0' });
  server = createServer((request, response) => {
    if (isServiceRequest(request)) return void serviceListener(request, response);
    response.end('answered by Next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  delete process.env.FEED_API_BASE_URL;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  (await embeddedService()).service.close();
  delete process.env.TIDINGS_RATE_LIMIT;
  rmSync(dataDir, { recursive: true, force: true });
});

async function newKey(): Promise<string> {
  const { service, ownerId } = await embeddedService();
  return (await issueCredential(service.store, ownerId, 'api_key', 'listener test')).secret;
}

function get(pathAndQuery: string, key?: string): Promise<Response> {
  return fetch(`${base}${pathAndQuery}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
}

describe('the /v1 mount of the production server', () => {
  it('answers /v1 operations from the embedded service with an API key', async () => {
    const response = await get('/v1/items?limit=5', await newKey());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ data: [], pagination: expect.any(Object) });
  });

  it('leaves every other path to Next, /v1 lookalikes included', async () => {
    // A trailing slash too: Next redirects it to the path without, as before the mount.
    for (const target of ['/inbox', '/api/v1/items', '/v1x/items', '/v10/items', '/v1/items/', '/v1/items/?limit=1']) {
      expect(await (await get(target)).text(), target).toBe('answered by Next');
    }
  });

  it('leaves /v1 to Next in remote mode, where the route answers that there is no embedded service', async () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    expect(await (await get('/v1/items', await newKey())).text()).toBe('answered by Next');
  });

  it('is the instance the app uses: its own token works, and one rate limit counts calls by both ways', async () => {
    const { service, ownerToken } = await embeddedService();
    expect((await get('/v1/account', ownerToken)).status).toBe(200);
    const key = await newKey();
    const inProcess = () => service.fetch(new Request('http://embedded/v1/items', { headers: { authorization: `Bearer ${key}` } }));
    for (let i = 0; i < rateLimit / 2; i++) {
      expect((await get('/v1/items', key)).status).toBe(200);
      expect((await inProcess()).status).toBe(200);
    }
    expect((await get('/v1/items', key)).status).toBe(429);
  });

  it('refuses a key at once once it is revoked', async () => {
    const { service, ownerId } = await embeddedService();
    const key = await newKey();
    expect((await get('/v1/subscriptions/check', key)).status).toBe(200);
    await revokeCredential(service.store, ownerId, (await findCredentialBySecret(service.store, key))!.credential.id);
    const refused = await get('/v1/subscriptions/check', key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: expect.any(String), error: 'unauthorized' });
  });

  it('answers the service\'s JSON errors, never a 500, for unknown paths and undecodable segments', async () => {
    const key = await newKey();
    const unknown = await get('/v1/nothing-here', key);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
    const undecodable = await get('/v1/items/%ff', key);
    expect(undecodable.status).toBeGreaterThanOrEqual(400);
    expect(undecodable.status).toBeLessThan(500);
    expect(await undecodable.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a request whose Host cannot make a URL with a JSON 400', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const sent = httpRequest({ host: '127.0.0.1', port, path: '/v1/items', headers: { host: 'bad host^' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => { body += chunk.toString(); });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
  });
});
