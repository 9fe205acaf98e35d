/*
 * The proxy in remote mode: the real proxy, sessions and sign-in, in front of a
 * stand-in hosted service on 127.0.0.1 that counts what reaches it, over HTTP as the
 * production server answers /api/v1 (tests/lib/server/app-server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleSignIn } from '@/lib/server/session-routes';
import { startAppServer, type AppServer } from './app-server';
import { startFakeService, type FakeService } from './fake-service';

vi.mock('server-only', () => ({}));

const operatorKey = 'tid_live_OperatorKeyThatMustNeverLeaveTheServer42';
const personKey = 'tid_live_PersonalKeyOfAReaderWhoSignedIn0099';
// The app server's origin, once it listens.
let appOrigin: string;
let server: AppServer;
const password = 'correct horse battery';
const timeoutMs = 300;

let fake: FakeService;
let dataDir: string;
let logged: string[] = [];
let addressCounter = 0;

function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

async function signIn(fields: Record<string, string>): Promise<string> {
  addressCounter += 1;
  const response = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-tidings-client-address': `192.0.2.${addressCounter}` },
    body: JSON.stringify(fields),
  }));
  expect(response.status).toBe(200);
  return cookieOf(response);
}

function call(method: string, pathAndQuery: string, options: { cookie?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${appOrigin}/api${pathAndQuery}`, { method, headers, body: options.body });
}

/** A write that announces `length` bytes and sends none (fetch will not send a length its body does not have). */
function announce(method: string, pathAndQuery: string, length: number, headers: Record<string, string>): Promise<Response> {
  const base = new URL(appOrigin);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: base.hostname, port: base.port, method, path: `/api${pathAndQuery}`, headers: { ...headers, 'content-length': String(length) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (data: Buffer) => chunks.push(data));
      answer.on('end', () => {
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode }));
        outgoing.destroy();
      });
    });
    outgoing.on('error', reject);
    outgoing.flushHeaders();
  });
}

async function everything(response: Response): Promise<string> {
  return `${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`;
}

beforeAll(async () => {
  fake = await startFakeService([operatorKey, personKey]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-proxy-'));
  server = await startAppServer();
  appOrigin = server.base;
  Object.assign(process.env, {
    TIDINGS_DATA_DIR: dataDir, FEED_API_BASE_URL: `${fake.url}/`, FEED_API_KEY: operatorKey,
    TIDINGS_APP_PASSWORD: password, FEED_API_TIMEOUT_MS: String(timeoutMs),
  });
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
  }
});

afterEach(() => {
  logged = [];
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the proxy without a session', () => {
  it('answers 401 with an authentication error and reaches nothing', async () => {
    const before = fake.seen.length;
    const answers = [
      await call('GET', '/v1/items'),
      await call('PATCH', '/v1/items', { body: '{"item_ids":[],"action":"mark_read"}' }),
      await call('GET', '/v1/items', { cookie: 'tidings_session=made-up-token' }),
      await call('GET', '/v1/no-such-thing'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ message: 'Sign in to continue.', error: 'unauthorized' });
    }
    expect(fake.seen.length).toBe(before);
  });

  it('answers 401 for a session that was signed out', async () => {
    const cookie = await signIn({ password });
    const { handleSignOut } = await import('@/lib/server/session-routes');
    await handleSignOut(new Request(`${appOrigin}/api/session`, { method: 'DELETE', headers: { cookie } }));
    const before = fake.seen.length;
    expect((await call('GET', '/v1/items', { cookie })).status).toBe(401);
    expect(fake.seen.length).toBe(before);
  });
});

describe('the proxy with a password session', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn({ password });
  });

  it('forwards an allowed operation with the operator key added on the server', async () => {
    const response = await call('GET', '/v1/items?is_read=unread&limit=5', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'GET', path: '/v1/items', query: '?is_read=unread&limit=5' });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/items?is_read=unread&limit=5', authorization: `Bearer ${operatorKey}` });
  });

  it('never returns or logs the key, whatever the service or the proxy answers', async () => {
    const answers = [
      await call('GET', '/v1/items', { cookie }),
      await call('PATCH', '/v1/items/6f1c1a52-8c3e-4a52-9d54-2d6f0f4d7a11', { cookie, body: '{"is_read":true}', headers: { origin: appOrigin } }),
      await call('GET', '/v1/stories', { cookie }),
      await call('GET', '/v1/items?q=hang', { cookie }),
      await call('GET', '/v1/account', { cookie }),
      await call('PATCH', '/v1/items', { cookie, body: '{}', headers: { origin: 'https://evil.example' } }),
      await call('GET', '/v1/items'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 503, 404, 403, 401]);
    for (const answer of answers) expect(await everything(answer)).not.toContain(operatorKey.slice(9));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain(operatorKey.slice(9));
  });

  it('refuses a cross-origin write with 403 and forwards nothing', async () => {
    const before = fake.seen.length;
    const byOrigin = await call('POST', '/v1/subscriptions', { cookie, body: '{"url":"https://example.com/feed"}', headers: { origin: 'https://evil.example' } });
    const byFetchMetadata = await call('DELETE', '/v1/subscriptions', { cookie, body: '{"subscription_ids":[]}', headers: { 'sec-fetch-site': 'cross-site' } });
    const byNullOrigin = await call('PUT', '/v1/items', { cookie, body: '{}', headers: { origin: 'null' } });
    for (const answer of [byOrigin, byFetchMetadata, byNullOrigin]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ message: 'Cross-origin writes are refused.' });
    }
    expect(fake.seen.length).toBe(before);
  });

  it('forwards a same-origin write with its body', async () => {
    const response = await call('PUT', '/v1/items', { cookie, body: '{"is_read":true}', headers: { origin: appOrigin, 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'PUT', path: '/v1/items', body: '{"is_read":true}' });
  });

  it('refuses paths outside the allowed operations with 404, first-party ones included', async () => {
    const before = fake.seen.length;
    for (const [method, target] of [['GET', '/v1/account'], ['GET', '/v1/admin/users'], ['GET', '/v1/items/x/y/z']]) {
      const response = await call(method, target, { cookie, headers: { origin: appOrigin } });
      expect(response.status, `${method} ${target}`).toBe(404);
    }
    expect(fake.seen.length).toBe(before);
  });

  it('answers a method the path does not take with 405 and the methods it does take in Allow', async () => {
    const before = fake.seen.length;
    const response = await call('DELETE', '/v1/items', { cookie, headers: { origin: appOrigin } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PUT, PATCH');
    expect(await response.json()).toEqual({ message: 'DELETE is not allowed on /v1/items; it takes GET, PUT, PATCH.' });
    expect(fake.seen.length).toBe(before);
  });

  it('passes a 429 and its Retry-After through unchanged', async () => {
    const response = await call('GET', '/v1/stories', { cookie });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('17');
    expect(await response.json()).toEqual({ message: 'Slow down.', retry_after: 17 });
  });

  it('answers 503 with a general error within the timeout when the service hangs', async () => {
    const started = performance.now();
    const response = await call('GET', '/v1/items?q=hang', { cookie });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The feed service did not answer in time; try again shortly.' });
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 20);
    // Generous slack for a loaded machine; the point is that it does not wait for the service.
    expect(elapsed).toBeLessThan(timeoutMs + 2_000);
  });

  it('forwards a body up to the service’s 1 MB (an OPML file of 9,000 feeds) and refuses a larger one with 413, forwarding nothing', async () => {
    const opml = `<opml version="2.0"><body>${'<outline type="rss" text="A feed" xmlUrl="https://feeds.example/feed.xml"/>'.repeat(9_000)}</body></opml>`;
    expect(opml.length).toBeGreaterThan(600 * 1024);
    const accepted = await call('PATCH', '/v1/items', { cookie, body: JSON.stringify({ item_ids: [], action: 'mark_read', padding: opml }), headers: { origin: appOrigin } });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { body: string }).body.length).toBeGreaterThan(600 * 1024);

    const before = fake.seen.length;
    const body = JSON.stringify({ item_ids: [], action: 'mark_read', padding: 'x'.repeat(1_100_000) });
    const undeclared = await call('PATCH', '/v1/items', { cookie, body, headers: { origin: appOrigin } });
    const declared = await announce('PATCH', '/v1/items', 2_000_000, { cookie, origin: appOrigin, 'content-type': 'application/json' });
    for (const answer of [undeclared, declared]) {
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual({ message: 'The request body is larger than 1 MB.' });
    }
    expect(fake.seen.length).toBe(before);
  });

  it('keeps the connection to the service alive between calls', async () => {
    const before = fake.connections();
    for (let i = 0; i < 5; i++) expect((await call('GET', '/v1/items', { cookie })).status).toBe(200);
    expect(fake.connections() - before).toBeLessThanOrEqual(1);
  });
});

describe('the proxy with a session signed in by a personal API key', () => {
  it('refuses a key the service refuses, with the same sentence as a wrong password', async () => {
    const attempt = (fields: Record<string, string>) => handleSignIn(new Request(`${appOrigin}/api/session`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', 'x-tidings-client-address': '192.0.2.200' },
      body: JSON.stringify(fields),
    }));
    const wrongKey = await attempt({ api_key: 'tid_live_NotAKeyTheServiceKnows000000000' });
    const wrongPassword = await attempt({ password: 'not the password' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.headers.get('set-cookie')).toBeNull();
    expect(await wrongKey.json()).toEqual(await wrongPassword.json());
  });

  it('sends that key, not the operator key', async () => {
    const cookie = await signIn({ api_key: personKey });
    const response = await call('GET', '/v1/subscriptions?all=true', { cookie });
    expect(response.status).toBe(200);
    expect(fake.seen.at(-1)?.authorization).toBe(`Bearer ${personKey}`);
    expect(await everything(response)).not.toContain(personKey.slice(9));
  });

  it('ends the session once the service stops accepting the key', async () => {
    const revoked = 'tid_live_KeyThatWorkedAtSignInButNotAfter77';
    // Accepted at sign-in by a service that then forgets it: sign in through a second fake.
    const second = await startFakeService([revoked]);
    process.env.FEED_API_BASE_URL = second.url;
    const cookie = await signIn({ api_key: revoked });
    await second.close();
    process.env.FEED_API_BASE_URL = fake.url;

    const refused = await call('GET', '/v1/items', { cookie });
    expect(refused.status).toBe(401);
    const before = fake.seen.length;
    expect((await call('GET', '/v1/items', { cookie })).status).toBe(401);
    expect(fake.seen.length).toBe(before);
  });
});
