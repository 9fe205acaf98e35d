/*
 * Every route of the app reads at most a small limit of a request body and answers 413 past
 * it, without reading the rest: a body announced as 300 MB is refused before any of it is
 * read, and one streamed without a length after about the limit. Local mode, the real
 * embedded service on a temporary data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as capabilities } from '@/app/api/capabilities/route';
import { episodeAudio } from '@/lib/server/episode-audio';
import { proxy } from '@/lib/server/proxy';
import { sessionOf } from '@/lib/server/session';
import { handleSignIn, handleSignOut } from '@/lib/server/session-routes';
import { createLink, listLinks, revokeLink } from '@/lib/server/share-link-routes';
import { embeddedService } from '@/lib/service/embedded';
import { lazyBody } from '../service/http/lazy-body';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://localhost:3000';
const password = 'bounded bodies password';
const announced300Mb = String(300 * 1024 * 1024);
// 64 KB chunks: 16 KB is passed within the first, 1 MB within the 16th; one more may be queued.
const formChunks = 2;
const serviceChunks = 17;
let dataDir: string;
let cookie: string;

type Send = { method?: string; body?: ReadableStream<Uint8Array>; headers?: Record<string, string> };

function request(target: string, { method = 'POST', body, headers = {} }: Send): Request {
  return new Request(new URL(target, appOrigin), {
    method, body, duplex: 'half', headers: { origin: appOrigin, cookie, accept: 'application/json', 'content-type': 'application/json', ...headers },
  } as RequestInit);
}

const tooLarge = (limit: string) => ({ message: `The request body is larger than ${limit}.` });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-bounded-bodies-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password });
  const response = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  expect(response.status).toBe(200);
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
});

afterAll(async () => {
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sign-in', () => {
  it('refuses a body announced as 300 MB with 413 before reading any of it', async () => {
    const body = lazyBody(4800);
    const answer = await handleSignIn(request('/api/session', { body: body.stream, headers: { 'content-length': announced300Mb } }));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ ...tooLarge('16 KB'), error: 'too_large' });
    expect(body.pulled()).toBe(0);
  });

  it('refuses a streamed 300 MB body with 413 after reading about 16 KB of it, and starts no session', async () => {
    const body = lazyBody(4800);
    const answer = await handleSignIn(request('/api/session', { body: body.stream }));
    expect(answer.status).toBe(413);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(body.pulled()).toBeLessThanOrEqual(formChunks);
    expect(body.cancelled()).toBe(true);
  });

  it('sends a plain form past the limit back to the sign-in page with the sentence’s code', async () => {
    const body = lazyBody(4800);
    const answer = await handleSignIn(request('/api/session', { body: body.stream, headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' } }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/sign-in?error=too_large&next=%2Finbox');
    expect(body.pulled()).toBeLessThanOrEqual(formChunks);
  });

  it('still reads a form and a JSON body within the limit', async () => {
    const form = await handleSignIn(new Request(`${appOrigin}/api/session`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password, next: '/saved' }),
    }));
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/saved');
    const multipart = new FormData();
    multipart.set('password', password);
    expect((await handleSignIn(new Request(`${appOrigin}/api/session`, { method: 'POST', headers: { accept: 'application/json' }, body: multipart }))).status).toBe(200);
  });
});

describe('sign-out', () => {
  it('refuses a streamed 300 MB body with 413 after about 16 KB, and the session goes on', async () => {
    const body = lazyBody(4800);
    const answer = await handleSignOut(request('/api/session/sign-out', { body: body.stream }));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(tooLarge('16 KB'));
    expect(body.pulled()).toBeLessThanOrEqual(formChunks);
    expect(await sessionOf(new Request(`${appOrigin}/inbox`, { headers: { cookie } }))).not.toBeNull();
  });
});

describe('share links', () => {
  it('refuses a streamed 300 MB body to POST /api/share-links with 413 after about 16 KB, and makes no link', async () => {
    const body = lazyBody(4800);
    const answer = await createLink(request('/api/share-links', { body: body.stream }));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(tooLarge('16 KB'));
    expect(body.pulled()).toBeLessThanOrEqual(formChunks);
    expect(await (await listLinks(request('/api/share-links', { method: 'GET' }))).json()).toEqual({ data: [] });
  });

  it('refuses a 300 MB body sent with DELETE with 413 before reading it', async () => {
    const body = lazyBody(4800);
    const answer = await revokeLink(request('/api/share-links/x', { method: 'DELETE', body: body.stream, headers: { 'content-length': announced300Mb } }), 'x');
    expect(answer.status).toBe(413);
    expect(body.pulled()).toBe(0);
  });
});

describe('the proxy', () => {
  it('refuses a streamed 300 MB body with 413 after about the service’s 1 MB, forwarding nothing', async () => {
    const body = lazyBody(4800);
    const answer = await proxy(request('/api/v1/subscriptions', { body: body.stream }), ['subscriptions']);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(tooLarge('1 MB'));
    expect(body.pulled()).toBeLessThanOrEqual(serviceChunks);
    const list = await proxy(request('/api/v1/subscriptions', { method: 'GET' }), ['subscriptions']);
    expect((await list.json()).data).toEqual([]);
  });

  it('refuses a body announced as 300 MB with 413 before reading any of it', async () => {
    const body = lazyBody(4800);
    const answer = await proxy(request('/api/v1/subscriptions', { body: body.stream, headers: { 'content-length': announced300Mb } }), ['subscriptions']);
    expect(answer.status).toBe(413);
    expect(body.pulled()).toBe(0);
  });
});

describe('routes that take no body', () => {
  it('refuse a GET announcing 300 MB with 413: capabilities and episode audio', async () => {
    for (const answer of [
      await capabilities(request('/api/capabilities', { method: 'GET', headers: { 'content-length': announced300Mb } })),
      await episodeAudio(request('/api/episode-audio/x', { method: 'GET', headers: { 'content-length': announced300Mb } }), 'x'),
    ]) {
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual(tooLarge('16 KB'));
    }
  });
});
