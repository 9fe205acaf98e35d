/*
 * GET /api/capabilities: what the app can do in each mode, for signed-in sessions only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/api/capabilities/route';
import { startSession } from '@/lib/server/session';

vi.mock('server-only', () => ({}));

let dataDir: string;

function get(cookie?: string): Promise<Response> {
  return GET(new Request('http://localhost:3000/api/capabilities', { headers: cookie ? { cookie } : {} }));
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-capabilities-'));
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: 'capabilities password' });
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/capabilities', () => {
  it('answers 401 without a session', async () => {
    const response = await get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Sign in to continue.', error: 'unauthorized' });
  });

  it('says first-party operations work in local mode', async () => {
    const cookie = (await startSession(new Request('http://localhost:3000/'), { kind: 'installation' })).split(';')[0];
    expect(await (await get(cookie)).json()).toEqual({ mode: 'local', first_party: true });
  });

  it('says they do not against a hosted service', async () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    const cookie = (await startSession(new Request('http://localhost:3000/'), { kind: 'person', apiKey: 'tid_live_SomeonesOwnKey00000000000' })).split(';')[0];
    expect(await (await get(cookie)).json()).toEqual({ mode: 'remote', first_party: false });
  });
});
