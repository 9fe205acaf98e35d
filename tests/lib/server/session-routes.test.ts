/*
 * Sign-in and sign-out through POST/DELETE /api/session, in local mode on a
 * temporary data directory: passwords, the first password, rate limits, cookies.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionOf } from '@/lib/server/session';
import { handleSignIn, handleSignOut } from '@/lib/server/session-routes';
import { passwordFile } from '@/lib/service/domain/app-password';

vi.mock('server-only', () => ({}));

const password = 'the right password';
let dataDir: string;
let address = 0;
let from: string;

type Post = { fields: Record<string, string>; json?: boolean; headers?: Record<string, string>; origin?: string };

function signInRequest({ fields, json = true, headers = {}, origin = 'http://localhost:3000' }: Post): Request {
  return new Request(`${origin}/api/session`, {
    method: 'POST',
    headers: {
      host: new URL(origin).host, 'x-forwarded-for': from,
      ...(json ? { accept: 'application/json', 'content-type': 'application/json' } : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...headers,
    },
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
    expect(sessionOf(withCookie(cookieOf(response)))).not.toBeNull();
  });

  it('marks the cookie Secure, with the __Host- prefix, when the browser came over https', async () => {
    const direct = await signIn({ fields: { password }, origin: 'https://reader.example.org' });
    expect(direct.headers.get('set-cookie')).toMatch(/^__Host-tidings_session=.*; Secure$/);
    const proxied = await signIn({ fields: { password }, headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('set-cookie')).toMatch(/^__Host-tidings_session=.*; Secure$/);
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
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/api/v1/items']) {
      const response = await signIn({ fields: { password, next } });
      expect(await response.json()).toEqual({ next: '/inbox' });
    }
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await signIn({ fields: { password }, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('the sign-in rate limit', () => {
  it('answers 429 with Retry-After after 10 failures a minute from one address, even for the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn({ fields: { password: `guess ${i}` } })).status).toBe(401);
    const limited = await signIn({ fields: { password } });
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ error: 'too_many' });
  });

  it('does not slow down another address or successful sign-ins', async () => {
    for (let i = 0; i < 12; i++) expect((await signIn({ fields: { password } })).status).toBe(200);
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
    expect(sessionOf(withCookie(cookie))).toBeNull();
  });

  it('redirects a plain form to the sign-in page and asks the browser to clear the cache and storage', async () => {
    const cookie = cookieOf(await signIn({ fields: { password } }));
    const response = await handleSignOut(new Request('http://localhost:3000/api/session/sign-out', { method: 'POST', headers: { cookie } }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in?signed_out=1');
    expect(response.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(sessionOf(withCookie(cookie))).toBeNull();
  });
});

describe('choosing the first password', () => {
  beforeAll(() => {
    delete process.env.TIDINGS_APP_PASSWORD;
  });

  it('is refused to a visitor who is not on this machine', async () => {
    const response = await signIn({
      fields: { new_password: 'a new password', repeat_password: 'a new password' },
      origin: 'http://reader.example.org', headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'not_offered' });
    const viaLocalName = await signIn({
      fields: { new_password: 'a new password', repeat_password: 'a new password' }, headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaLocalName.status).toBe(400);
  });

  it('asks for 8 characters and the same password twice', async () => {
    expect(await (await signIn({ fields: { new_password: 'short', repeat_password: 'short' }, headers: { 'x-forwarded-for': '127.0.0.1' } })).json())
      .toMatchObject({ error: 'too_short' });
    expect(await (await signIn({ fields: { new_password: 'long enough', repeat_password: 'long enougH' }, headers: { 'x-forwarded-for': '127.0.0.1' } })).json())
      .toMatchObject({ error: 'mismatch' });
  });

  it('stores it hashed (owner-only file) from this machine, signs in, and is offered only once', async () => {
    const chosen = 'my chosen password';
    const response = await signIn({ fields: { new_password: chosen, repeat_password: chosen }, headers: { 'x-forwarded-for': '::1' } });
    expect(response.status).toBe(200);
    expect(sessionOf(withCookie(cookieOf(response)))).not.toBeNull();
    expect(statSync(passwordFile(dataDir)).mode & 0o777).toBe(0o600);

    const again = await signIn({ fields: { new_password: 'another one!', repeat_password: 'another one!' }, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(again.status).toBe(400);
    expect((await signIn({ fields: { password: chosen } })).status).toBe(200);
  });
});
