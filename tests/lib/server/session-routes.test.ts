/*
 * Sign-in and sign-out through POST/DELETE /api/session, in local mode on a
 * temporary data directory: passwords, the first password, rate limits, cookies,
 * `next`. Every request reaches the handler with the headers lib/server/serve.ts
 * would hand on for its TCP peer (lib/server/trusted-proxies.ts).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionOf } from '@/lib/server/session';
import { handleSignIn, handleSignOut } from '@/lib/server/session-routes';
import { signInOptions } from '@/lib/server/sign-in';
import { parseTrustedProxies, prepareForApp, type TrustedProxies } from '@/lib/server/trusted-proxies';
import { passwordFile, passwordSource } from '@/lib/service/domain/app-password';

vi.mock('server-only', () => ({}));

/** This machine's first address that is not loopback, to come "from the network" for real. */
const networkAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

const password = 'the right password';
let dataDir: string;
let address = 0;
let from: string;

/** `peer` is the TCP peer's address; `trusted` the proxies serve.ts was told to trust (none by default). */
type Post = { fields: Record<string, string>; json?: boolean; headers?: Record<string, string>; origin?: string; peer?: string; trusted?: TrustedProxies };

/** The headers a request from `peer` reaches the app with, as lib/server/serve.ts prepares them. */
function asServeHandsOn(peer: string, headers: Record<string, string>, trusted: TrustedProxies): Headers {
  const request = { socket: { remoteAddress: peer } as Socket, headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])) as IncomingHttpHeaders };
  prepareForApp(request, trusted);
  return new Headers(request.headers as Record<string, string>);
}

function signInRequest({ fields, json = true, headers = {}, origin = 'http://localhost:3000', peer = from, trusted = parseTrustedProxies(undefined, false) }: Post): Request {
  return new Request(`${origin}/api/session`, {
    method: 'POST',
    headers: asServeHandsOn(peer, {
      host: new URL(origin).host,
      ...(json ? { accept: 'application/json', 'content-type': 'application/json' } : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...headers,
    }, trusted),
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

const signIn = (post: Post) => handleSignIn(signInRequest(post));
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0];
const withCookie = (cookie: string, origin = 'http://localhost:3000') => new Request(`${origin}/inbox`, { headers: { cookie } });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-sign-in-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  process.env.TIDINGS_DATA_DIR = dataDir;
  process.env.TIDINGS_APP_PASSWORD = password;
});

beforeEach(() => {
  // Each test comes from its own address, so the per-address limit of one does not leak into another.
  address += 1;
  from = `198.51.100.${address}`;
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('signing in with the password', () => {
  it('starts a session whose cookie is HttpOnly, SameSite=Lax, for the whole site, for 30 days', async () => {
    const response = await signIn({ fields: { password, next: '/items/abc' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ next: '/items/abc' });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tidings_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Lax');
    expect(cookie).toContain('; Path=/');
    expect(cookie).toContain(`; Max-Age=${30 * 86_400}`);
    expect(cookie).not.toContain('Secure');
    expect(await sessionOf(withCookie(cookieOf(response)))).not.toBeNull();
  });

  it('marks the cookie Secure, with the __Host- prefix, when the browser came over https', async () => {
    const direct = await signIn({ fields: { password }, origin: 'https://reader.example.org' });
    expect(direct.headers.get('set-cookie')).toMatch(/^__Host-tidings_session=.*; Secure$/);
    const proxied = await signIn({ fields: { password }, headers: { 'x-forwarded-proto': 'https' }, trusted: parseTrustedProxies(from, false) });
    expect(proxied.headers.get('set-cookie')).toMatch(/^__Host-tidings_session=.*; Secure$/);
  });

  it('believes https only from a trusted proxy, never from the browser itself', async () => {
    const claimed = await signIn({ fields: { password }, headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('set-cookie')).toMatch(/^tidings_session=/);
  });

  it('answers a wrong password with 401 and the same sentence as an empty one', async () => {
    const wrong = await signIn({ fields: { password: 'not it' } });
    const empty = await signIn({ fields: {} });
    expect(wrong.status).toBe(401);
    expect(empty.status).toBe(401);
    const body = await wrong.json();
    expect(body).toEqual({ message: 'That did not work. Check what you typed and try again.', error: 'wrong' });
    expect(await empty.json()).toEqual(body);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('redirects a plain form post: to `next` when right, back to the form with the problem when wrong', async () => {
    const right = await signIn({ fields: { password, next: '/inbox?view=saved' }, json: false });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/inbox?view=saved');
    expect(right.headers.get('set-cookie')).toContain('HttpOnly');

    const wrong = await signIn({ fields: { password: 'nope', next: '/inbox' }, json: false });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/sign-in?error=wrong&next=%2Finbox');
  });

  it('goes only to paths inside the app after signing in', async () => {
    const elsewhere = ['//evil.example/x', 'https://evil.example', 'http:evil.example', '/\\evil.example', '/\\/evil.example', 'evil.example', '/api/v1/items', '/./api/v1/items', '/sign-in?next=//evil.example'];
    for (const next of elsewhere) {
      const response = await signIn({ fields: { password, next } });
      expect(await response.json(), next).toEqual({ next: '/inbox' });
      const form = await signIn({ fields: { password, next }, json: false });
      expect(form.status, next).toBe(303);
      expect(form.headers.get('location'), next).toBe('/inbox');
    }
  });

  it('answers 400, never a redirect or a 500, when `next` holds a tab, CR/LF or another control character', async () => {
    // `/sign-in?next=/%09/evil.example/x` hands the form `/\t/evil.example/x`; a browser drops the tab and lands on evil.example.
    for (const next of ['/\t/evil.example/x', '/inbox\r\nSet-Cookie: a=b', '/\n/evil.example', '/x\u0000', '/x\u007f']) {
      for (const json of [true, false]) {
        const response = await signIn({ fields: { password, next }, json });
        expect(response.status, JSON.stringify(next)).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        expect(response.headers.get('set-cookie')).toBeNull();
        expect(await response.json()).toEqual({ message: 'The page to open after signing in is not a path of this site.', error: 'bad_next' });
      }
    }
  });

  it('keeps a path with other characters, percent-encoded as a Location carries it', async () => {
    const response = await signIn({ fields: { password, next: '/search?q=€ uro#top' }, json: false });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/search?q=%E2%82%AC%20uro#top');
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await signIn({ fields: { password }, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('the sign-in rate limit', () => {
  // Each test starts hours after the last one's failures, which are then forgotten.
  let clock = Date.now();
  beforeEach(() => {
    clock += 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Guesses as a patient guesser would for `ms`: each try as soon as Retry-After allows. Answers how many were let through to be checked. */
  async function guessFor(ms: number, post: (i: number) => Post): Promise<number> {
    const until = Date.now() + ms;
    let checked = 0;
    for (let i = 0; Date.now() < until; i++) {
      const response = await signIn(post(i));
      if (response.status === 429) vi.setSystemTime(Date.now() + Number(response.headers.get('retry-after')) * 1000);
      else {
        expect(response.status).toBe(401);
        checked += 1;
      }
    }
    return checked;
  }

  it('after 5 failures makes each further try from that address wait longer, with Retry-After, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn({ fields: { password: `guess ${i}` } })).status).toBe(401);
    const limited = await signIn({ fields: { password } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({ error: 'too_many' });
    vi.setSystemTime(Date.now() + 1000);
    expect((await signIn({ fields: { password: 'guess 5' } })).status).toBe(401);
    expect((await signIn({ fields: { password } })).headers.get('retry-after')).toBe('2');
    vi.setSystemTime(Date.now() + 2000);
    expect((await signIn({ fields: { password } })).status).toBe(200);
  });

  it('lets one address have at most 10 guesses checked in a minute, and ever fewer after', async () => {
    expect(await guessFor(60_000, (i) => ({ fields: { password: `guess ${i}` } }))).toBeLessThanOrEqual(10);
    expect(await guessFor(10 * 60_000, (i) => ({ fields: { password: `later guess ${i}` } }))).toBeLessThanOrEqual(5);
  });

  it('buys nothing with a made-up X-Forwarded-For from an untrusted peer: 10 a minute at most', async () => {
    const rotating = (i: number): Post => ({ fields: { password: `guess ${i}` }, headers: { 'x-forwarded-for': `10.${i >> 8}.${i & 255}.1`, host: 'localhost:3000' } });
    for (let i = 0; i < 5; i++) expect((await signIn(rotating(i))).status).toBe(401);
    expect((await signIn(rotating(5))).status).toBe(429);
    expect(await guessFor(60_000, rotating)).toBeLessThanOrEqual(10);
  });

  it('counts an IPv6 client by its /64, which one machine holds whole', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn({ fields: { password: `guess ${i}` }, peer: `2001:db8:${address}:1::${i + 1}` })).status).toBe(401);
    expect((await signIn({ fields: { password }, peer: `2001:db8:${address}:1:ffff::9` })).status).toBe(429);
    expect((await signIn({ fields: { password }, peer: `2001:db8:${address}:2::1` })).status).toBe(200);
  });

  it('never stops the owner at another address because of a stranger’s failures', async () => {
    await guessFor(60_000, (i) => ({ fields: { password: `guess ${i}` }, peer: '203.0.113.66' }));
    expect((await signIn({ fields: { password }, peer: '198.51.100.250' })).status).toBe(200);
    expect((await signIn({ fields: { password }, peer: '127.0.0.1' })).status).toBe(200);
  });

  it('holds everyone but this machine and addresses that signed in before to 300 failures a minute in all', async () => {
    const owner = '198.51.100.251';
    expect((await signIn({ fields: { password }, peer: owner })).status).toBe(200);
    for (let i = 0; i < 300; i++) {
      expect((await signIn({ fields: { password: 'guess' }, peer: `100.64.${i >> 8}.${i & 255}` })).status).toBe(401);
    }
    const stranger = await signIn({ fields: { password }, peer: '203.0.113.200' });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await signIn({ fields: { password }, peer: '127.0.0.1' })).status).toBe(200);
    expect((await signIn({ fields: { password }, peer: '::1' })).status).toBe(200);
    expect((await signIn({ fields: { password }, peer: owner })).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await signIn({ fields: { password }, peer: '203.0.113.200' })).status).toBe(200);
  });
});

describe('signing out', () => {
  it('ends the session and clears the cookie, leaving the clearing of offline data to the page', async () => {
    const cookie = cookieOf(await signIn({ fields: { password } }));
    const response = await handleSignOut(new Request('http://localhost:3000/api/session', {
      method: 'DELETE', headers: { cookie, accept: 'application/json', origin: 'http://localhost:3000' },
    }));
    expect(response.status).toBe(200);
    expect(response.headers.get('clear-site-data')).toBeNull();
    expect(response.headers.get('set-cookie')).toMatch(/^tidings_session=; Path=\/; Max-Age=0; HttpOnly/);
    expect(await sessionOf(withCookie(cookie))).toBeNull();
  });

  it('redirects a plain form to the sign-in page and asks the browser to clear the cache and storage', async () => {
    const cookie = cookieOf(await signIn({ fields: { password } }));
    const response = await handleSignOut(new Request('http://localhost:3000/api/session/sign-out', { method: 'POST', headers: { cookie } }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in?signed_out=1');
    expect(response.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(await sessionOf(withCookie(cookie))).toBeNull();
  });
});

describe('choosing the first password', () => {
  beforeAll(() => {
    delete process.env.TIDINGS_APP_PASSWORD;
  });

  it('is refused to another machine that claims to be this one with Host: localhost and X-Forwarded-For: 127.0.0.1', async () => {
    const claims = { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' };
    const response = await signIn({ fields: { new_password: 'a new password', repeat_password: 'a new password' }, headers: claims, peer: '203.0.113.7' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'not_offered' });
    expect(passwordSource(dataDir).kind).toBe('none');
    // The sign-in page decides the same way: it tells this visitor how to set one instead.
    expect(await signInOptions(asServeHandsOn('203.0.113.7', claims, parseTrustedProxies(undefined, false)))).toMatchObject({ choosePassword: false, passwordMissing: true });
  });

  it.skipIf(!networkAddress)('is refused over a real connection from this machine’s network address, whatever it claims', async () => {
    // The same code path as lib/server/serve.ts: the peer's address, then the app's handler.
    const server = createServer((incoming, outgoing) => {
      prepareForApp(incoming, parseTrustedProxies(undefined, false));
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', async () => {
        const request = new Request(`http://localhost${incoming.url}`, {
          method: incoming.method, headers: incoming.headers as Record<string, string>, body: Buffer.concat(chunks),
        });
        const response = await handleSignIn(request);
        outgoing.writeHead(response.status, { 'content-type': 'application/json' });
        outgoing.end(await response.text());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://${networkAddress}:${port}/api/session`, {
        method: 'POST',
        headers: { host: `localhost:${port}`, 'x-forwarded-for': '127.0.0.1', accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ new_password: 'a new password', repeat_password: 'a new password' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'not_offered' });
      expect(passwordSource(dataDir).kind).toBe('none');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is refused on this machine to a page that names another site (a name rebound to 127.0.0.1)', async () => {
    const response = await signIn({
      fields: { new_password: 'a new password', repeat_password: 'a new password' }, origin: 'http://evil.example:3000', peer: '127.0.0.1',
    });
    expect(response.status).toBe(400);
    expect(passwordSource(dataDir).kind).toBe('none');
  });

  it('is refused through a trusted proxy that reports another machine', async () => {
    const response = await signIn({
      fields: { new_password: 'a new password', repeat_password: 'a new password' },
      peer: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' }, trusted: parseTrustedProxies(undefined, true),
    });
    expect(response.status).toBe(400);
    expect(passwordSource(dataDir).kind).toBe('none');
  });

  it('is refused to a visitor who is not on this machine', async () => {
    const response = await signIn({
      fields: { new_password: 'a new password', repeat_password: 'a new password' },
      origin: 'http://reader.example.org', peer: '203.0.113.9',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'not_offered' });
    const viaLocalName = await signIn({
      fields: { new_password: 'a new password', repeat_password: 'a new password' }, peer: '203.0.113.9',
    });
    expect(viaLocalName.status).toBe(400);
  });

  it('asks for 8 characters and the same password twice', async () => {
    expect(await (await signIn({ fields: { new_password: 'short', repeat_password: 'short' }, peer: '127.0.0.1' })).json())
      .toMatchObject({ error: 'too_short' });
    expect(await (await signIn({ fields: { new_password: 'long enough', repeat_password: 'long enougH' }, peer: '127.0.0.1' })).json())
      .toMatchObject({ error: 'mismatch' });
  });

  it('stores it hashed (owner-only file) from this machine, signs in, and is offered only once', async () => {
    const chosen = 'my chosen password';
    const response = await signIn({ fields: { new_password: chosen, repeat_password: chosen }, peer: '::1' });
    expect(response.status).toBe(200);
    expect(await sessionOf(withCookie(cookieOf(response)))).not.toBeNull();
    expect(statSync(passwordFile(dataDir)).mode & 0o777).toBe(0o600);

    const again = await signIn({ fields: { new_password: 'another one!', repeat_password: 'another one!' }, peer: '127.0.0.1' });
    expect(again.status).toBe(400);
    expect((await signIn({ fields: { password: chosen } })).status).toBe(200);
  });
});
