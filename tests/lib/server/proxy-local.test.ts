/*
 * The proxy in local mode: the real embedded service in-process on a temporary data
 * directory, reached only through a signed-in session, over HTTP as the production server
 * answers /api/v1 (tests/lib/server/app-server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleSignIn } from '@/lib/server/session-routes';
import { embeddedService } from '@/lib/service/embedded';
import { startAppServer, type AppServer } from './app-server';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://localhost:3000';
const password = 'local owner password';
let dataDir: string;
let cookie: string;
let server: AppServer;
// A feed host that accepts connections and never answers, so subscribing to it hangs.
let silentHost: Server;
let silentFeedUrl: string;
// A feed host that answers a valid feed, but only after a while.
let slowHost: Server;
let slowFeedUrl: string;
const slowAnswerMs = 800;

function call(method: string, target: string, options: { cookie?: string; body?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: server.base };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body) headers['content-type'] = 'application/json';
  return fetch(`${server.base}/api${target}`, { method, headers, body: options.body });
}

beforeAll(async () => {
  silentHost = createServer(() => {});
  await new Promise<void>((resolve) => silentHost.listen(0, '127.0.0.1', resolve));
  silentFeedUrl = `http://127.0.0.1:${(silentHost.address() as AddressInfo).port}/feed.xml`;
  slowHost = createServer((_request, response) => setTimeout(() => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end('<?xml version="1.0"?><rss version="2.0"><channel><title>Slow but there</title><link>http://example.org/</link>'
      + '<item><title>Worth the wait</title><link>http://example.org/1</link><guid>slow-1</guid></item></channel></rss>');
  }, slowAnswerMs));
  await new Promise<void>((resolve) => slowHost.listen(0, '127.0.0.1', resolve));
  slowFeedUrl = `http://127.0.0.1:${(slowHost.address() as AddressInfo).port}/feed.xml`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-proxy-local-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password, TIDINGS_ALLOW_PRIVATE_URLS: '1' });
  server = await startAppServer();
  const response = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  expect(response.status).toBe(200);
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
});

afterAll(async () => {
  delete process.env.FEED_API_TIMEOUT_MS;
  await server.close();
  silentHost.closeAllConnections();
  await new Promise((resolve) => silentHost.close(resolve));
  slowHost.closeAllConnections();
  await new Promise((resolve) => slowHost.close(resolve));
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the proxy in local mode', () => {
  it('answers the embedded service with the owner token added in-process', async () => {
    const response = await call('GET', '/v1/items?limit=1', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: [], pagination: { limit: 1 } });
  });

  it('forwards first-party operations too, since the app holds a first-party token', async () => {
    const response = await call('GET', '/v1/account', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ plan: 'plus', status: 'active' });
  });

  it('passes the service’s 422 sentences through unchanged', async () => {
    const response = await call('GET', '/v1/items?limit=1000', { cookie });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toMatch(/limit/);
  });

  it('answers 401 without a session and never touches the owner’s data', async () => {
    const response = await call('PATCH', '/v1/items', { body: JSON.stringify({ item_ids: [], action: 'mark_read' }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Sign in to continue.', error: 'unauthorized' });
  });

  it('never returns the owner token', async () => {
    const { ownerToken } = await embeddedService();
    for (const target of ['/v1/items', '/v1/account', '/v1/account/api-keys', '/v1/nothing']) {
      const response = await call('GET', target, { cookie });
      expect(`${JSON.stringify([...response.headers])} ${await response.text()}`).not.toContain(ownerToken);
    }
  });

  it('answers 503 with a general error within the timeout when the embedded service is still subscribing to a silent feed', async () => {
    const timeoutMs = 300;
    process.env.FEED_API_TIMEOUT_MS = String(timeoutMs);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const started = performance.now();
      const response = await call('POST', '/v1/subscriptions', { cookie, body: JSON.stringify({ url: silentFeedUrl }) });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ message: 'The feed service did not answer in time; try again shortly.' });
      expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 20);
      // Generous slack for a loaded machine; the point is that it does not wait for the feed host.
      expect(elapsed).toBeLessThan(timeoutMs + 2_000);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not answer POST /v1/subscriptions within 300 ms'));
    } finally {
      warn.mockRestore();
      delete process.env.FEED_API_TIMEOUT_MS;
    }
  });

  it('waits for an OPML import past the usual timeout, since it fetches a whole list of feeds', async () => {
    process.env.FEED_API_TIMEOUT_MS = '300';
    try {
      const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body><outline type="rss" text="Slow" xmlUrl="${slowFeedUrl}"/></body></opml>`;
      const response = await call('POST', '/v1/opml/import', { cookie, body: JSON.stringify({ opml }) });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ imported: 1, failed: [] });
    } finally {
      delete process.env.FEED_API_TIMEOUT_MS;
    }
  });

  it('subscribes to nothing when a slow feed arrives after the proxy told the person it did not answer in time', async () => {
    process.env.FEED_API_TIMEOUT_MS = '300';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const count = async () => (await (await call('GET', '/v1/subscriptions?all=true', { cookie })).json()).pagination.total as number;
      const before = await count();
      const response = await call('POST', '/v1/subscriptions', { cookie, body: JSON.stringify({ url: slowFeedUrl.replace('/feed.xml', '/late.xml') }) });
      expect(response.status).toBe(503);
      // Past the moment the slow host answers (800 ms) and the service has read its feed.
      await new Promise((resolve) => setTimeout(resolve, slowAnswerMs + 700));
      expect(await count()).toBe(before);
    } finally {
      warn.mockRestore();
      delete process.env.FEED_API_TIMEOUT_MS;
    }
  });

  it('still answers quick calls in full under a short timeout', async () => {
    process.env.FEED_API_TIMEOUT_MS = '2000';
    try {
      const response = await call('GET', '/v1/subscriptions/check', { cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ feed: expect.any(Boolean), podcast: expect.any(Boolean) });
    } finally {
      delete process.env.FEED_API_TIMEOUT_MS;
    }
  });
});
