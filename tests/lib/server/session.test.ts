/*
 * Sessions on a temporary data directory: lifetime, what ends them, and what the
 * stored file holds (never a usable token, never a plain API key).
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findSession, sessionLifetimeMs, sessionToken, startSession } from '@/lib/server/session';
import { closeAppDatabases } from '@/lib/server/app-database';
import { sessionStore } from '@/lib/server/session-store';
import { writePassword } from '@/lib/service/domain/app-password';

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
  it('slides forward with use, renewing the cookie at most once a day', async () => {
    const start = Date.now();
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }, start));
    expect((await findSession(cookie, false, start + 1000))?.setCookie).toBeNull();

    const later = start + 20 * day;
    const renewed = await findSession(cookie, false, later);
    expect(renewed?.setCookie).toMatch(/^tidings_session=.*Max-Age=2592000/);
    expect(renewed?.session.expiresAt).toBe(later + sessionLifetimeMs);
    // 20 + 25 days after the start: past the first 30 days, alive because it was used.
    expect(await findSession(cookie, false, later + 25 * day)).not.toBeNull();
  });

  it('ends after 30 days without use', async () => {
    const start = Date.now();
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }, start));
    expect(await findSession(cookie, false, start + 30 * day + 1)).toBeNull();
  });

  it('ends when the password changes', async () => {
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }));
    expect(await findSession(cookie, false)).not.toBeNull();
    process.env.TIDINGS_APP_PASSWORD = 'second password';
    expect(await findSession(cookie, false)).toBeNull();
    process.env.TIDINGS_APP_PASSWORD = 'first password';
    expect(await findSession(cookie, false)).toBeNull();
  });

  it('ends when the password set with the command line changes', async () => {
    delete process.env.TIDINGS_APP_PASSWORD;
    await writePassword(dataDir, 'a stored password');
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }));
    expect((await findSession(cookie, false))?.session.caller).toEqual({ kind: 'installation' });
    await writePassword(dataDir, 'a stored password');
    expect(await findSession(cookie, false)).toBeNull();
  });

  it('of the operator key ends when a hosted service has no operator key any more', async () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    process.env.FEED_API_KEY = 'tid_live_operator00000000000000000000';
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }));
    expect((await findSession(cookie, false))?.session.caller).toEqual({ kind: 'installation' });
    delete process.env.FEED_API_KEY;
    expect(await findSession(cookie, false)).toBeNull();
  });

  it('is not found from a made-up or altered token', async () => {
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }));
    const token = sessionToken(cookie)!;
    expect(await findSession(`tidings_session=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, false)).toBeNull();
    expect(await findSession('tidings_session=', false)).toBeNull();
    expect(await findSession('other=1', false)).toBeNull();
  });

  it('reads the token among other cookies, preferring the __Host- one', async () => {
    expect(sessionToken('a=1; tidings_session=plain; b=2')).toBe('plain');
    expect(sessionToken('tidings_session=plain; __Host-tidings_session=secure')).toBe('secure');
  });
});

describe('what the data directory holds', () => {
  it('stores the token only as a hash and a personal API key only sealed', async () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    const apiKey = 'tid_live_PersonalKeyStoredSealed1234567';
    const cookie = cookieOf(await startSession(request, { kind: 'person', apiKey }));
    expect((await findSession(cookie, false))?.session.caller).toEqual({ kind: 'person', apiKey });

    const token = sessionToken(cookie)!;
    const raw = readFileSync(path.join(dataDir, 'app.db')).toString('latin1') + readWal();
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(apiKey);
    expect(statSync(path.join(dataDir, 'app-secret.key')).mode & 0o777).toBe(0o600);
  });

  it('keeps no unsalted digest of the app password in any table', async () => {
    const password = 'first password';
    const cookie = cookieOf(await startSession(request, { kind: 'installation' }));
    expect(await findSession(cookie, false)).not.toBeNull();
    const digests = [password, `tidings-app-password:${password}`].flatMap((text) => {
      const digest = createHash('sha256').update(text);
      return [digest.copy().digest('hex'), digest.copy().digest('base64'), digest.digest('base64url')].map((value) => value.slice(0, 16));
    });
    const cells = allCells(path.join(dataDir, 'app.db'));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell).not.toContain(password);
      for (const digest of digests) expect(cell).not.toContain(digest);
    }
  });

  it('drops sessions an older version named by a plain digest of the password', async () => {
    const now = Date.now();
    await sessionStore(dataDir).insert({
      id: 'old-session', kind: 'password', password_id: `env:${createHash('sha256').update('tidings-app-password:first password').digest('hex').slice(0, 24)}`,
      api_key: null, created_at: now, last_seen_at: now, expires_at: now + day,
    });
    closeAppDatabases();
    expect(allCells(path.join(dataDir, 'app.db')).some((cell) => cell.startsWith('env:'))).toBe(true);
    sessionStore(dataDir);
    expect(allCells(path.join(dataDir, 'app.db')).some((cell) => cell.startsWith('env:'))).toBe(false);
  });

  it('refuses a session whose sealed key was tampered with', async () => {
    process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
    const cookie = cookieOf(await startSession(request, { kind: 'person', apiKey: 'tid_live_AnotherPersonalKey000000000' }));
    const db = new Database(path.join(dataDir, 'app.db'));
    db.prepare("UPDATE sessions SET api_key = replace(api_key, substr(api_key, -6, 4), 'AAAA') WHERE kind = 'api_key'").run();
    db.close();
    expect(await findSession(cookie, false)).toBeNull();
  });
});

/** Every text cell of every table of a SQLite file. */
function allCells(file: string): string[] {
  const db = new Database(file, { readonly: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  const cells = tables.flatMap((table) => (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).flat())
    .filter((cell): cell is string => typeof cell === 'string');
  db.close();
  return cells;
}

function readWal(): string {
  try {
    return readFileSync(path.join(dataDir, 'app.db-wal')).toString('latin1');
  } catch {
    return '';
  }
}
