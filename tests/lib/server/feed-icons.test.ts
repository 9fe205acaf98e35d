/*
 * GET /api/feed-icons/<feedId> in local mode: the real embedded service on a temporary data
 * directory, reached only through a signed-in session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedIcon } from '@/lib/server/feed-icons';
import { handleSignIn } from '@/lib/server/session-routes';
import { embeddedService } from '@/lib/service/embedded';
import type { SqliteService } from '@/lib/service/service';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeFeedIcon } from '@/lib/service/domain/feeds/feed-icons';
import { demoIconPng } from '@/lib/service/cli/demo-icons';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://localhost:3000';
const password = 'local owner password';
let dataDir: string;
let cookie: string;

function icon(id: string, withCookie = true): Promise<Response> {
  return feedIcon(new Request(`${appOrigin}/api/feed-icons/${id}`, { headers: withCookie ? { cookie } : {} }), id);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-feed-icons-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password });
  const signedIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
});

afterAll(async () => {
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a feed’s icon from the app', () => {
  it('serves the stored icon as the image it is, never as something that could act as the app', async () => {
    const { db, store } = (await embeddedService()).service as SqliteService;
    const feedId = createFeed(db, { url: 'https://icons.example/feed.xml', source_type: 'feed', title: 'Icons' }, new Date());
    const png = demoIconPng([190, 24, 93]);
    await storeFeedIcon(store, feedId, { contentType: 'image/png', data: png, url: 'https://icons.example/favicon.png' }, new Date());
    const answer = await icon(feedId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await answer.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers an empty 1×1 image, not an error, for a feed without an icon', async () => {
    const answer = await icon(randomUUID());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/gif');
    expect(answer.headers.get('x-tidings-no-icon')).toBe('1');
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('refuses a visitor without a session, and an id that is no feed id', async () => {
    const signedOut = await icon(randomUUID(), false);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ message: 'Sign in to continue.', error: 'unauthorized' });
    const malformed = await icon('..%2Fetc');
    expect(malformed.status).toBe(404);
  });
});
