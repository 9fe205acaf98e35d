/*
 * The demo podcast's audio and artwork in local mode: the real embedded service on a
 * temporary data directory seeded with the demo, reached through a signed-in session, with
 * private addresses refused as in production (no TIDINGS_ALLOW_PRIVATE_URLS).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoMediaResponse } from '@/lib/server/demo-media';
import { episodeAudio } from '@/lib/server/episode-audio';
import { handleSignIn } from '@/lib/server/session-routes';
import { ensureOwner } from '@/lib/service/domain/accounts';
import { demoAudioSeconds } from '@/lib/service/cli/demo-media';
import { demoTargetOf, seedDemo } from '@/lib/service/cli/demo-seed';
import { embeddedService } from '@/lib/service/embedded';
import type { SqliteService } from '@/lib/service/service';
import { episode } from '../service/harness';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://localhost:3000';
const password = 'local owner password';
let dataDir: string;
let cookie: string;
let demoEpisode: string;
let lookAlike: string;

function audio(id: string, headers: Record<string, string> = {}): Promise<Response> {
  return episodeAudio(new Request(`${appOrigin}/api/episode-audio/${id}`, { headers: { cookie, ...headers } }), id);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-demo-audio-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  delete process.env.TIDINGS_ALLOW_PRIVATE_URLS;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password });
  const signedIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
  // This install is on SQLite (no DATABASE_URL): its connection seeds the items.
  const service = (await embeddedService()).service as SqliteService;
  const owner = await ensureOwner(service.store, service.config.ownerEmail);
  await seedDemo(demoTargetOf(service), owner);
  demoEpisode = service.db.prepare("SELECT id FROM items WHERE item_type = 'episode' AND guid LIKE 'tidings-demo:%' LIMIT 1").pluck().get() as string;
  // A feed's enclosure that names the same path on another (private) host is that host's, and fetched as any other.
  const feedId = createFeed(service.db, { url: 'https://look-alike.example/feed.xml', source_type: 'podcast', title: 'Look-alike' });
  subscribeUserToFeed(service.db, owner.id, feedId, { historyCap: historyCapOf(owner.plan) });
  [lookAlike] = storeItems(service.db, feedId, [episode({ audio_url: 'http://127.0.0.1/api/demo-media/small-hours-1.wav' })]).added;
});

afterAll(async () => {
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo podcast’s audio', () => {
  it('plays and downloads through the episode’s audio address: a WAV made by code, never fetched', async () => {
    const response = await audio(demoEpisode);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
    const sampleRate = bytes.readUInt32LE(24);
    expect((bytes.length - 44) / sampleRate).toBe(demoAudioSeconds);
  });

  it('answers the byte ranges downloads and seeking ask for', async () => {
    const whole = Buffer.from(await (await audio(demoEpisode)).arrayBuffer());
    const from = await audio(demoEpisode, { range: 'bytes=0-' });
    expect(from.status).toBe(206);
    expect(from.headers.get('content-range')).toBe(`bytes 0-${whole.length - 1}/${whole.length}`);
    const middle = await audio(demoEpisode, { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
    expect((await audio(demoEpisode, { range: `bytes=${whole.length}-` })).status).toBe(416);
  });

  it('opens no way to private addresses: a look-alike enclosure on another host is refused as before', async () => {
    const response = await audio(lookAlike);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toMatch(/private address/);
  });
});

describe('demo media by name', () => {
  it('gives PNG artwork and 404 for any other name', async () => {
    const art = demoMediaResponse('small-hours.png', null);
    expect(art.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await art.arrayBuffer()).subarray(1, 4).toString('ascii')).toBe('PNG');
    for (const name of ['../service.db', 'small-hours.mp3', 'Small-Hours.png', 'small-hours-1.wav.png']) {
      expect(demoMediaResponse(name, null).status).toBe(404);
    }
  });
});
