/*
 * GET /api/episode-audio/<id> in remote mode: the item comes from a stand-in hosted service
 * (with the operator's key, which never reaches the browser), the audio from a podcast host.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { episodeAudio } from '@/lib/server/episode-audio';
import { handleSignIn } from '@/lib/server/session-routes';
import { startPodcastHost, type PodcastHost } from './podcast-host';

vi.mock('server-only', () => ({}));

const operatorKey = 'tid_live_OperatorKeyForTheEpisodeAudioRoute77';
const appOrigin = 'http://127.0.0.1:3000';
const password = 'remote mode password';
const episodeId = '6b1d7c1e-2f0a-4c39-9d51-0a7d3c2b9e10';
const articleId = '7c2e8d2f-3a1b-4d4a-8e62-1b8e4d3c0f21';
let host: PodcastHost;
let hosted: Server;
let dataDir: string;
let cookie: string;
const seenKeys: string[] = [];

beforeAll(async () => {
  host = await startPodcastHost();
  hosted = createServer((request, response) => {
    seenKeys.push(request.headers.authorization ?? '');
    const id = /^\/v1\/items\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1];
    const item = id === episodeId ? { id, item_type: 'episode', audio_url: `${host.origin}/audio.wav` }
      : id === articleId ? { id, item_type: 'article', audio_url: null } : null;
    response.writeHead(item ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(item ?? { message: 'Item not found.' }));
  });
  await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-episode-audio-remote-'));
  Object.assign(process.env, {
    TIDINGS_DATA_DIR: dataDir, FEED_API_BASE_URL: `http://127.0.0.1:${(hosted.address() as AddressInfo).port}`, FEED_API_KEY: operatorKey,
    TIDINGS_APP_PASSWORD: password, TIDINGS_ALLOW_PRIVATE_URLS: '1',
  });
  const signedIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  expect(signedIn.status).toBe(200);
  cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
});

afterAll(async () => {
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  await host.close();
  hosted.closeAllConnections();
  await new Promise((resolve) => hosted.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const audio = (id: string, headers: Record<string, string> = {}) =>
  episodeAudio(new Request(`${appOrigin}/api/episode-audio/${id}`, { headers: { cookie, ...headers } }), id);

describe('episode audio with a hosted service', () => {
  it('reads the item with the operator’s key and streams its enclosure, ranges passed through', async () => {
    const response = await audio(episodeId, { range: 'bytes=44-143' });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).equals(host.audio.subarray(44, 144))).toBe(true);
    expect(seenKeys.at(-1)).toBe(`Bearer ${operatorKey}`);
    expect(JSON.stringify([...response.headers])).not.toContain(operatorKey);
  });

  it('refuses an article and an item the service does not know with a 404', async () => {
    expect((await audio(articleId)).status).toBe(404);
    const unknown = await audio('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/no episode/);
  });
});
