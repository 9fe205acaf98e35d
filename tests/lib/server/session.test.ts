/*
 * Sessions on a temporary data directory: lifetime, what ends them, and what the
 * stored file holds (never a usable token, never a plain API key).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findSession, sessionLifetimeMs, sessionToken, startSession } from '@/lib/server/session';
import { closeAppDatabases } from '@/lib/server/app-database';

vi.mock('server-only', () => ({}));

const day = 86_400_000;
const request = new Request('http://localhost:3000/api/session', { method: 'POST' });
let dataDir: string;

const cookieOf = (setCookie: string) => setCookie.split(';')[0];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-session-'));
  process.env.TIDINGS_DATA_DIR = dataDir;
  delete process.env.TIDINGS_SECRET;
});

beforeEach(() => {
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  process.env.TIDINGS_APP_PASSWORD = 'first password';
});

afterAll(() => {
  closeAppDatabases();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a session', () => {
  it('slides forward with use, renewing the cookie at most once a day', () => {
    const start = Date.now();
    const cookie = cookieOf(startSession(request, { kind: 'installation' }, start));
    expect(findSession(cookie, false, start + 1000)?.setCookie).toBeNull();

    const later = start + 20 * day;
    const renewed = findSession(cookie, false, later);
    expect(renewed?.setCookie).toMatch(/^tidings_session=.*Max-Age=2592000/);
    expect(renewed?.session.expiresAt).toBe(later + sessionLifetimeMs);
    // 20 + 25 days after the start: past the first 30 days, alive because it was used.
    expect(findSession(cookie, false, later + 25 * day)).not.toBeNull();
  });

  it('ends after 30 days without use', () => {
    const start = Date.now();
    const cookie = cookieOf(startSession(request, { kind: 'installation' }, start));
    expect(findSession(cookie, false, start + 30 * day + 1)).toBeNull();
  });

  it('ends when the password changes', () => {
    const cookie = cookieOf(startSession(request, { kind: 'installation' }));
    expect(findSession(cookie, false)).not.toBeNull();
    process.env.TIDINGS_APP_PASSWORD = 'second password';
    expect(findSession(cookie, false)).toBeNull();
    process.env.TIDINGS_APP_PASSWORD = 'first password';
    expect(findSession(cookie, false)).toBeNull();
  });

  it('of the operator key ends when a hosted service has no operator key any more', () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    process.env.FEED_API_KEY = 'tid_live_operator00000000000000000000';
    const cookie = cookieOf(startSession(request, { kind: 'installation' }));
    expect(findSession(cookie, false)?.session.caller).toEqual({ kind: 'installation' });
    delete process.env.FEED_API_KEY;
    expect(findSession(cookie, false)).toBeNull();
  });

  it('is not found from a made-up or altered token', () => {
    const cookie = cookieOf(startSession(request, { kind: 'installation' }));
    const token = sessionToken(cookie)!;
    expect(findSession(`tidings_session=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, false)).toBeNull();
    expect(findSession('tidings_session=', false)).toBeNull();
    expect(findSession('other=1', false)).toBeNull();
  });

  it('reads the token among other cookies, preferring the __Host- one', () => {
    expect(sessionToken('a=1; tidings_session=plain; b=2')).toBe('plain');
    expect(sessionToken('tidings_session=plain; __Host-tidings_session=secure')).toBe('secure');
  });
});

describe('what the data directory holds', () => {
  it('stores the token only as a hash and a personal API key only sealed', () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    const apiKey = 'tid_live_PersonalKeyStoredSealed1234567';
    const cookie = cookieOf(startSession(request, { kind: 'person', apiKey }));
    expect(findSession(cookie, false)?.session.caller).toEqual({ kind: 'person', apiKey });

    const token = sessionToken(cookie)!;
    const raw = readFileSync(path.join(dataDir, 'app.db')).toString('latin1') + readWal();
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(apiKey);
    expect(statSync(path.join(dataDir, 'app-secret.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses a session whose sealed key was tampered with', () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    const cookie = cookieOf(startSession(request, { kind: 'person', apiKey: 'tid_live_AnotherPersonalKey000000000' }));
    const db = new Database(path.join(dataDir, 'app.db'));
    db.prepare("UPDATE sessions SET api_key = replace(api_key, substr(api_key, -6, 4), 'AAAA') WHERE kind = 'api_key'").run();
    db.close();
    expect(findSession(cookie, false)).toBeNull();
  });
});

function readWal(): string {
  try {
    return readFileSync(path.join(dataDir, 'app.db-wal')).toString('latin1');
  } catch {
    return '';
  }
}
