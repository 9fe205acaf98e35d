/*
 * The /api/v1 proxy as the production server answers it itself (lib/server/proxy-listener.ts),
 * over real HTTP on 127.0.0.1 (tests/lib/server/app-server.ts) in front of the real embedded
 * service on a temporary data directory: the route handler's session check, origin check, body
 * limit and headers, without Next.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isProxyRequest, proxySegments } from '@/lib/server/proxy-listener';
import { handleSignIn } from '@/lib/server/session-routes';
import { sessionStore } from '@/lib/server/session-store';
import { embeddedService } from '@/lib/service/embedded';
import { answeredByNext, startAppServer, type AppServer } from './app-server';

vi.mock('server-only', () => ({}));

const password = 'proxy listener password';
const chunk = Buffer.alloc(64 * 1024, 'a');
let dataDir: string;
let server: AppServer;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-proxy-listener-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password });
  server = await startAppServer();
  const response = await handleSignIn(new Request(`${server.base}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  expect(response.status).toBe(200);
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
});

afterAll(async () => {
  await server.close();
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function send(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Response> {
  return fetch(`${server.base}${target}`, { method, headers, body });
}

/** Streams up to 300 MB without announcing it, stopping once answered; the status, body and chunks sent. */
function stream300Mb(target: string, headers: Record<string, string>): Promise<{ status: number; body: string; chunksWritten: number }> {
  const base = new URL(server.base);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const outgoing = httpRequest({ host: base.hostname, port: base.port, method: 'POST', path: target, headers }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (data: string) => { body += data; });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, chunksWritten: written });
        outgoing.destroy();
      });
    });
    outgoing.on('error', (error) => { if (!answered) reject(error); });
    const pump = () => {
      while (!answered && written < 4800) {
        written += 1;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      if (!answered) outgoing.end();
    };
    pump();
  });
}

describe('the /api/v1 proxy on the production server', () => {
  it('lists items for a signed-in session, with the data policy, no-store and JSON', async () => {
    const response = await send('GET', '/api/v1/items?limit=5', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: [], pagination: { limit: 5 } });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('answers 401 with the authentication error without a session, or with one that does not exist', async () => {
    for (const headers of [{}, { cookie: 'tidings_session=not-a-session' }] as Record<string, string>[]) {
      const response = await send('GET', '/api/v1/items', headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ message: 'Sign in to continue.', error: 'unauthorized' });
    }
  });

  it('slides a session last used over a day ago forward, with a new cookie, and answers 401 once it has expired', async () => {
    const response = await handleSignIn(new Request(`${server.base}/api/session`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
    }));
    const ownCookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    const id = createHash('sha256').update(ownCookie.split('=')[1]!).digest('hex');
    const dayMs = 86_400_000;
    await sessionStore(dataDir).extend(id, Date.now() - 2 * dayMs, Date.now() + dayMs);
    const slid = await send('GET', '/api/v1/items', { cookie: ownCookie });
    expect(slid.status).toBe(200);
    expect(slid.headers.get('set-cookie')).toMatch(new RegExp(`^${ownCookie}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax$`));
    expect((await send('GET', '/api/v1/items', { cookie: ownCookie })).headers.get('set-cookie')).toBeNull();
    await sessionStore(dataDir).extend(id, Date.now() - 31 * dayMs, Date.now() - 1);
    expect((await send('GET', '/api/v1/items', { cookie: ownCookie })).status).toBe(401);
  });

  it('refuses a cross-site write with 403 and changes nothing', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const response = await send('POST', '/api/v1/folders', { cookie, 'content-type': 'application/json', ...headers }, '{"name":"Planted"}');
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Cross-origin writes are refused.' });
    }
    const folders = await send('GET', '/api/v1/folders', { cookie });
    expect(JSON.stringify(await folders.json())).not.toContain('Planted');
  });

  it('takes a same-origin write', async () => {
    const response = await send('POST', '/api/v1/folders', { cookie, origin: server.base, 'content-type': 'application/json' }, '{"name":"Kept"}');
    expect(response.status).toBe(201);
    expect(JSON.stringify(await (await send('GET', '/api/v1/folders', { cookie })).json())).toContain('Kept');
  });

  it('refuses a body over 1 MB with 413, announced or streamed, after reading about the limit', async () => {
    const announced = await send('POST', '/api/v1/folders', { cookie, 'content-type': 'application/json' }, 'x'.repeat(1_000_001));
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({ message: 'The request body is larger than 1 MB.' });
    const streamed = await stream300Mb('/api/v1/subscriptions', { cookie, 'content-type': 'application/json' });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ message: 'The request body is larger than 1 MB.' });
    // Socket buffers take a few MB before the answer is read; 20 MB is far from 300.
    expect(streamed.chunksWritten).toBeLessThan(320);
  });

  it('answers an unknown operation with 404 and a method a path does not take with 405 and Allow', async () => {
    const unknown = await send('GET', '/api/v1/nothing-here', { cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'There is no operation GET /v1/nothing-here.' });
    const wrongMethod = await send('DELETE', '/api/v1/items', { cookie });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, PATCH');
  });

  it('answers a Host it cannot make a URL of with the general 400', async () => {
    const base = new URL(server.base);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest({ host: base.hostname, port: base.port, path: '/api/v1/items', headers: { cookie, host: 'bad host:1' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (data: string) => { body += data; });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request is malformed.' });
  });

  it('leaves to Next what the route handler alone answers: HEAD, OPTIONS, /api/v1 itself, empty segments and a trailing slash', async () => {
    for (const [method, target] of [['HEAD', '/api/v1/items'], ['OPTIONS', '/api/v1/items'], ['GET', '/api/v1'], ['GET', '/api/v1/items/'], ['GET', '/api/v1//items'], ['GET', '/api/v1x/items']]) {
      expect(isProxyRequest({ method, url: target }), `${method} ${target}`).toBe(false);
    }
    expect(await (await send('GET', '/api/v1/items/', { cookie })).text()).toBe(answeredByNext);
    expect(isProxyRequest({ method: 'PATCH', url: '/api/v1/items/abc?x=1' })).toBe(true);
  });

  it('hands the route the decoded segments, as Next does', () => {
    expect(proxySegments('/api/v1/tags/a%20b%2Fc?limit=1')).toEqual(['tags', 'a b/c']);
  });
});
