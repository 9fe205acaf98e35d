/*
 * GET /api/episode-audio/<id> in local mode: the real embedded service on a temporary data
 * directory, subscribed to a podcast on 127.0.0.1 whose host serves a real WAV file, reached
 * only through a signed-in session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AudioFetchError, fetchEpisodeAudio } from '@/lib/server/audio-fetch';
import { episodeAudio } from '@/lib/server/episode-audio';
import { proxy } from '@/lib/server/proxy';
import { handleSignIn } from '@/lib/server/session-routes';
import { embeddedService } from '@/lib/service/embedded';
import { startPodcastHost, type PodcastHost } from './podcast-host';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://localhost:3000';
const password = 'local owner password';
let dataDir: string;
let cookie: string;
let host: PodcastHost;
/** Item ids by episode title, plus the feed's article under "article". */
const ids: Record<string, string> = {};

function audio(id: string, headers: Record<string, string> = {}): Promise<Response> {
  return episodeAudio(new Request(`${appOrigin}/api/episode-audio/${id}`, { headers: { cookie, ...headers } }), id);
}

async function api(method: string, target: string, body?: unknown): Promise<Response> {
  const url = new URL(`/api${target}`, appOrigin);
  const headers: Record<string, string> = { origin: appOrigin, cookie };
  if (body) headers['content-type'] = 'application/json';
  return proxy(new Request(url, { method, headers, body: body ? JSON.stringify(body) : undefined }), url.pathname.replace(/^\/api\/v1\//, '').split('/'));
}

beforeAll(async () => {
  host = await startPodcastHost();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-episode-audio-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password, TIDINGS_ALLOW_PRIVATE_URLS: '1' });
  const signedIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
  const feedUrl = host.feedUrl({ direct: '/audio.wav', chunked: '/chunked.wav', 'two hops': '/hop/2', 'six hops': '/hop/6', loop: '/loop', refused: '/refused', page: '/page.html' });
  const subscribed = await api('POST', '/v1/subscriptions', { url: feedUrl });
  expect(subscribed.status).toBe(201);
  const { subscription_id: subscriptionId } = (await subscribed.json()) as { subscription_id: string };
  const listed = (await (await api('GET', `/v1/items?subscription_ids=${subscriptionId}&limit=20`)).json()) as { data: { id: string; title: string; item_type: string }[] };
  for (const item of listed.data) ids[item.item_type === 'article' ? 'article' : item.title] = item.id;
  expect(Object.keys(ids).sort()).toEqual(['article', 'chunked', 'direct', 'loop', 'page', 'refused', 'six hops', 'two hops']);
});

afterAll(async () => {
  await host.close();
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an episode’s audio from the app’s origin', () => {
  it('streams the whole file with the host’s type and length, and nothing the browser should not keep', async () => {
    const response = await audio(ids.direct!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('content-length')).toBe(String(host.audio.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect(Buffer.from(await response.arrayBuffer()).equals(host.audio)).toBe(true);
  });

  it('serves an enclosure the host calls a web page as bytes, never as a page of this origin', async () => {
    const response = await audio(ids.page!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await response.text()).toContain('<script>');
  });

  it('passes a byte range through, with the host’s Content-Range and only the headers a player needs', async () => {
    const response = await audio(ids.direct!, { range: 'bytes=1000-1999' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${host.audio.length}`);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('x-host-secret')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(host.audio.subarray(1000, 2000))).toBe(true);
    expect(host.seen).toContain('GET /audio.wav bytes=1000-1999');
  });

  it('gives a range the host streams without a length the length its Content-Range names, and a whole file none', async () => {
    const ranged = await audio(ids.chunked!, { range: 'bytes=1000-1999' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${host.audio.length}`);
    expect(ranged.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await ranged.arrayBuffer()).equals(host.audio.subarray(1000, 2000))).toBe(true);
    // Without a length from the host or a range to count, any length given would be a guess.
    const whole = await audio(ids.chunked!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBeNull();
    expect(Buffer.from(await whole.arrayBuffer()).equals(host.audio)).toBe(true);
  });

  it('answers a range past the end with the host’s 416', async () => {
    const response = await audio(ids.direct!, { range: `bytes=${host.audio.length + 10}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${host.audio.length}`);
  });

  it('follows a few redirects to the file', async () => {
    const response = await audio(ids['two hops']!, { range: 'bytes=0-99' });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).equals(host.audio.subarray(0, 100))).toBe(true);
  });

  it('gives up after five redirects, and on a loop, with a 502 that says so', async () => {
    const tooMany = await audio(ids['six hops']!);
    expect(tooMany.status).toBe(502);
    expect(await tooMany.json()).toEqual({ message: 'The episode’s audio redirected more than 5 times.' });
    expect(host.seen.filter((line) => line.startsWith('GET /hop/'))).toHaveLength(6 + 2);
    const loop = await audio(ids.loop!);
    expect(loop.status).toBe(502);
    expect((await loop.json()).message).toMatch(/loop/);
  });

  it('says the host refused, with its status, rather than passing the host’s page on', async () => {
    const response = await audio(ids.refused!);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'The podcast’s host answered HTTP 403 for the episode’s audio.' });
  });

  it('refuses an article, an unknown id and a malformed id with a 404 and fetches nothing', async () => {
    const before = host.seen.length;
    const article = await audio(ids.article!);
    expect(article.status).toBe(404);
    expect(await article.json()).toEqual({ message: 'This item is an article, not an episode: it has no audio.' });
    const unknown = await audio('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/no episode/);
    const malformed = await audio('..%2F..%2Fv1%2Faccount');
    expect(malformed.status).toBe(404);
    expect(host.seen.length).toBe(before);
  });

  it('answers 401 without a session and never reads the item', async () => {
    const before = host.seen.length;
    const response = await episodeAudio(new Request(`${appOrigin}/api/episode-audio/${ids.direct}`), ids.direct!);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Sign in to continue.', error: 'unauthorized' });
    expect(host.seen.length).toBe(before);
  });

  it('fetches only the item’s own enclosure, whatever the request adds', async () => {
    const before = host.seen.length;
    const request = new Request(`${appOrigin}/api/episode-audio/${ids.direct}?url=${encodeURIComponent(`${host.origin}/refused`)}`, { headers: { cookie } });
    const response = await episodeAudio(request, ids.direct!);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(host.seen.slice(before)).toEqual(['GET /audio.wav']);
  });
});

describe('fetching audio from a host', () => {
  it('refuses a private address unless private addresses are allowed', async () => {
    const refused = fetchEpisodeAudio(`${host.origin}/audio.wav`, { allowPrivate: false });
    await expect(refused).rejects.toThrow(AudioFetchError);
    await expect(refused).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/private address/) });
  });

  it('gives up on a host that does not begin to answer, with a 504', async () => {
    const started = performance.now();
    const late = fetchEpisodeAudio(`${host.origin}/silent`, { allowPrivate: true, answerTimeoutMs: 300 });
    await expect(late).rejects.toMatchObject({ status: 504, message: expect.stringMatching(/did not answer/) });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('ends a download whose host stalls mid-file, so the browser’s read fails instead of hanging', async () => {
    // A host that sends the head and a first part, then nothing.
    const stalling: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': '100000' });
      response.write(Buffer.alloc(1000));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetchEpisodeAudio(`http://127.0.0.1:${(stalling.address() as AddressInfo).port}/a.mp3`, { allowPrivate: true, idleTimeoutMs: 300 });
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  it('stops fetching when the browser goes away', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(fetchEpisodeAudio(`${host.origin}/audio.wav`, { allowPrivate: true, signal: gone.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
