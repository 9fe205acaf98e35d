/*
 * The sync APIs (/greader, /fever, /gpodder and /api/2) answered by the production server itself
 * (lib/server/service-listener.ts), not by Next's route handlers: over real HTTP through the
 * server's chain (tests/lib/server/app-server.ts: fixed headers, request guard, client address),
 * whose stand-in for Next answers "answered by Next", over the real embedded service on a
 * temporary data directory and a real feed host on 127.0.0.1.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueCredential } from '@/lib/service/domain/accounts';
import { embeddedService } from '@/lib/service/embedded';
import { serviceRequestListener } from '@/lib/server/service-listener';
import { document, FeedServer, rss } from '../service/feed-server';
import { answeredByNext, startAppServer, type AppServer } from './app-server';

vi.mock('server-only', () => ({}));

const rateLimit = 8;
const windowSeconds = 2;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
let dataDir: string;
let server: AppServer;
let site: FeedServer;
let email: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-service-listener-sync-'));
  delete process.env.FEED_API_BASE_URL;
  Object.assign(process.env, {
    TIDINGS_DATA_DIR: dataDir, TIDINGS_RATE_LIMIT: String(rateLimit), TIDINGS_RATE_LIMIT_WINDOW: String(windowSeconds),
    TIDINGS_ALLOW_PRIVATE_URLS: '1', TIDINGS_SMTP_PORT: '0',
  });
  server = await startAppServer();
  site = await new FeedServer().start();
  email = (await embeddedService()).service.config.ownerEmail;
});

afterEach(() => {
  delete process.env.FEED_API_BASE_URL;
});

afterAll(async () => {
  await server.close();
  await site.stop();
  (await embeddedService()).service.close();
  for (const name of ['TIDINGS_RATE_LIMIT', 'TIDINGS_RATE_LIMIT_WINDOW', 'TIDINGS_ALLOW_PRIVATE_URLS']) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

async function newKey(): Promise<string> {
  const { service, ownerId } = await embeddedService();
  return (await issueCredential(service.store, ownerId, 'api_key', 'sync listener test')).secret;
}

/** ClientLogin's Auth= token for a new key, as a Google Reader client signs in. */
async function greaderAuth(): Promise<string> {
  const login = await fetch(`${server.base}/greader/accounts/ClientLogin`, { method: 'POST', headers: form, body: new URLSearchParams({ Email: email, Passwd: await newKey() }) });
  expect(login.status).toBe(200);
  const auth = /^Auth=(\S+)$/m.exec(await login.text())?.[1];
  expect(auth).toBeTruthy();
  return `GoogleLogin auth=${auth}`;
}

const bySegment = (streamId: string) => streamId.split('/').map(encodeURIComponent).join('/');

describe('the sync APIs on the production server', () => {
  it('answers Google Reader: ClientLogin, then stream/items/ids', async () => {
    const authorization = await greaderAuth();
    const ids = await fetch(`${server.base}/greader/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=1000`, { headers: { authorization } });
    expect(ids.status).toBe(200);
    expect(await ids.json()).toMatchObject({ itemRefs: expect.any(Array) });
    expect(ids.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ids.headers.get('x-frame-options')).toBe('DENY');
  });

  it('hands the service a feed stream id with its slashes as sent, and lists the feed from it', async () => {
    const url = site.route('/listener-feed.xml', document(rss('Listener feed', [1, 2, 3].map((n) => ({
      guid: `listener-${n}`, title: `Listener item ${n} ${'words of the item '.repeat(20)}`, date: new Date(Date.now() - n * 3_600_000),
    })))));
    const authorization = await greaderAuth();
    const subscribed = await fetch(`${server.base}/greader/reader/api/0/subscription/edit`, {
      method: 'POST', headers: { authorization, ...form }, body: new URLSearchParams({ ac: 'subscribe', s: `feed/${url}` }).toString(),
    });
    expect(await subscribed.text()).toBe('OK');
    const streamPath = `/greader/reader/api/0/stream/contents/${bySegment(`feed/${url}`)}`;
    expect(streamPath).toContain('%3A//');
    // What arrives at the service through the same listener: Next merged `//` into `/`, this does not.
    const arrived: string[] = [];
    const recording = createServer(serviceRequestListener(async (request) => {
      arrived.push(new URL(request.url).pathname);
      return (await embeddedService()).service.fetch(request);
    }));
    await new Promise<void>((resolve) => recording.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = recording.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}${streamPath}?n=2`, { headers: { authorization } })).status).toBe(200);
      expect(arrived).toEqual([streamPath]);
    } finally {
      recording.closeAllConnections();
      await new Promise((resolve) => recording.close(resolve));
    }
    const stream = await fetch(`${server.base}${streamPath}?n=2`, { headers: { authorization } });
    expect(stream.status).toBe(200);
    const body = (await stream.json()) as { id: string; items: { title: string }[] };
    expect(body.id).toBe(`feed/${url}`);
    expect(body.items.map((item) => item.title.split(' ', 3).join(' '))).toEqual(['Listener item 1', 'Listener item 2']);
    // gzipped as Next's compression did for a client that takes it, the Atom form too.
    expect(stream.headers.get('content-encoding')).toBe('gzip');
    const atom = await fetch(`${server.base}/greader/reader/atom/${bySegment(`feed/${url}`)}?n=3`, { headers: { authorization } });
    expect(atom.headers.get('content-type')).toContain('xml');
    expect((await atom.text()).match(/<entry/g)).toHaveLength(3);
    expect(atom.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers Fever at /fever/ itself, not with a redirect, and at /fever', async () => {
    const key = await newKey();
    const apiKey = createHash('md5').update(`${email}:${key}`).digest('hex');
    for (const target of ['/fever/?api', '/fever?api']) {
      const signedIn = await fetch(`${server.base}${target}`, { method: 'POST', headers: form, body: `api_key=${apiKey}`, redirect: 'manual' });
      expect(signedIn.status, target).toBe(200);
      expect(await signedIn.json(), target).toMatchObject({ api_version: 3, auth: 1 });
    }
    const refused = await fetch(`${server.base}/fever/?api`, { method: 'POST', headers: form, body: `api_key=${'0'.repeat(32)}`, redirect: 'manual' });
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ auth: 0 });
  });

  it('answers gpodder: a login without credentials is refused with a Basic challenge, one with them is let in', async () => {
    const login = `/gpodder/api/2/auth/${encodeURIComponent(email)}/login.json`;
    const refused = await fetch(`${server.base}${login}`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
    const basic = `Basic ${Buffer.from(`${email}:${await newKey()}`).toString('base64')}`;
    expect((await fetch(`${server.base}${login}`, { method: 'POST', headers: { authorization: basic } })).status).toBe(200);
    // AntennaPod calls API v2 at the root.
    const atRoot = await fetch(`${server.base}${login.slice('/gpodder'.length)}`, { method: 'POST' });
    expect(atRoot.status).toBe(401);
    expect(atRoot.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('answers HEAD and OPTIONS as the Next routes did, and refuses a method a mount has not with 405', async () => {
    const authorization = await greaderAuth();
    const head = await fetch(`${server.base}/greader/reader/api/0/user-info?output=json`, { method: 'HEAD', headers: { authorization } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const expected: [string, string][] = [['/greader/reader/api/0/user-info', 'GET, HEAD, OPTIONS, POST'], ['/fever/', 'GET, HEAD, OPTIONS, POST'],
      ['/gpodder/api/2/devices/a.json', 'GET, HEAD, OPTIONS, POST, PUT']];
    for (const [target, allow] of expected) {
      const options = await fetch(`${server.base}${target}`, { method: 'OPTIONS' });
      expect(options.status, target).toBe(204);
      expect(options.headers.get('allow'), target).toBe(allow);
    }
    const put = await fetch(`${server.base}/fever/?api`, { method: 'PUT', headers: form, body: 'api_key=x' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    expect(await put.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses undecodable paths and oversized bodies with a 4xx, never a 500', async () => {
    const authorization = await greaderAuth();
    for (const target of ['/greader/reader/api/0/stream/contents/%ff', '/gpodder/api/2/devices/%ff.json']) {
      const answer = await fetch(`${server.base}${target}`, { headers: { authorization } });
      expect(answer.status, target).toBe(400);
      expect(await answer.json(), target).toEqual({ message: expect.any(String) });
    }
    // Announced far past the limit: answered without the body being read (the request ends unsent).
    const status = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(server.base);
      const sent = httpRequest({ host: hostname, port, method: 'POST', path: '/greader/reader/api/0/edit-tag',
        headers: { authorization, ...form, 'content-length': String(300 * 1024 * 1024) } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.on('error', reject);
      sent.write('i=1&');
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it('counts a key\'s sync calls in the one limit its /v1 calls spend, holding a call over it until there is room', async () => {
    const key = await newKey();
    for (let i = 0; i < rateLimit; i++) expect((await fetch(`${server.base}/v1/items?limit=1`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const started = Date.now();
    const held = await fetch(`${server.base}/greader/reader/api/0/user-info?output=json`, { headers: { authorization: `GoogleLogin auth=${email}/${key}` } });
    expect(held.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(200);
  });

  it('lets a held call whose client hangs up leave at once, answering nobody', async () => {
    const key = await newKey();
    const answered: { status: number; at: number }[] = [];
    const recording = createServer(serviceRequestListener(async (request) => {
      const response = await (await embeddedService()).service.fetch(request);
      answered.push({ status: response.status, at: Date.now() });
      return response;
    }));
    await new Promise<void>((resolve) => recording.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = recording.address() as AddressInfo;
      for (let i = 0; i < rateLimit; i++) expect((await fetch(`http://127.0.0.1:${port}/v1/items?limit=1`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(`GET /greader/reader/api/0/user-info?output=json HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: GoogleLogin auth=${email}/${key}\r\n\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const goneAt = Date.now();
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Held, it would have waited for the window's room (up to 2 s) and then been answered 200.
      expect(answered.slice(rateLimit)).toEqual([{ status: 499, at: expect.any(Number) }]);
      expect(answered[rateLimit]!.at - goneAt).toBeLessThan(250);
    } finally {
      recording.closeAllConnections();
      await new Promise((resolve) => recording.close(resolve));
    }
  });

  it('leaves the sync APIs to Next in remote mode, and paths beside them always', async () => {
    for (const target of ['/greader', '/gpodder', '/fever/x', '/feverish', '/greaderx/a', '/api/2x/a', '/api/capabilities']) {
      expect(await (await fetch(`${server.base}${target}`)).text(), target).toBe(answeredByNext);
    }
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    for (const target of ['/greader/accounts/ClientLogin', '/fever/?api', '/gpodder/api/2/devices/a.json']) {
      expect(await (await fetch(`${server.base}${target}`)).text(), target).toBe(answeredByNext);
    }
  });
});
