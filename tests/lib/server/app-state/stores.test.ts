/*
 * The app's own state behind one interface, on both engines: app.db in a temporary data
 * directory, and PostgreSQL (DATABASE_URL) in a fresh database of a throwaway cluster
 * (tests/postgres.ts). The same tests run against each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabases } from '@/lib/server/app-database';
import { closeAppStatePools } from '@/lib/server/app-state/postgres';
import { sessionStore, type SessionRow } from '@/lib/server/session-store';
import { shareLinkStore, type ShareLinkRow } from '@/lib/server/share-link-store';
import { takeShareVisit } from '@/lib/server/share-visit-limit';
import { recordFailedSignIn, recordSignIn, signInWait } from '@/lib/server/sign-in-limit';
import { findSession, startSession } from '@/lib/server/session';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';

vi.mock('server-only', () => ({}));

withPostgres();

const day = 86_400_000;
const engines = [
  { engine: 'app.db (SQLite)', postgres: false },
  { engine: 'PostgreSQL (DATABASE_URL)', postgres: true },
];

function session(id: string, now: number, lifetime = day): SessionRow {
  return { id, kind: 'password', password_id: 'pw', api_key: null, created_at: now, last_seen_at: now, expires_at: now + lifetime };
}

function link(id: string, owner: string, itemId: string, now: number, extra: Partial<ShareLinkRow> = {}): ShareLinkRow {
  return {
    id, token_hash: `hash-${id}`, token_sealed: `sealed-${id}`, item_id: itemId, owner, owner_key_sealed: null, title: `Title ${id}`,
    created_at: now, expires_at: null, revoked_at: null, ...extra,
  };
}

describe.each(engines)('the app state on $engine', ({ postgres }) => {
  let dataDir: string;
  // Each engine's own address range, so the in-memory limits of the first block do not reach the second.
  const net = postgres ? '198.51.100' : '203.0.113';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-app-state-'));
    process.env.TIDINGS_DATA_DIR = dataDir;
    process.env.TIDINGS_APP_PASSWORD = 'the app password';
    process.env.TIDINGS_SECRET = 'a secret every node shares';
    delete process.env.FEED_API_BASE_URL;
    if (postgres) process.env.DATABASE_URL = await freshDatabase();
    else delete process.env.DATABASE_URL;
  });

  afterAll(async () => {
    await closeAppStatePools();
    closeAppDatabases();
    delete process.env.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  });

  // describe.skipIf inside describe.each: the PostgreSQL half is skipped only where tests/postgres.ts says so.
  describe.skipIf(postgres && skipPostgres)('its stores and limits', () => {
    it('finds a live session, slides it, ends it, and clears expired ones when a new one is stored', async () => {
      const store = sessionStore(dataDir);
      const now = Date.now();
      expect(await store.insert(session('old', now - 2 * day))).toBe(true);
      expect(await store.insert(session('live', now))).toBe(true);
      expect(await store.count()).toBe(1);
      expect(await store.find('live', now + 1000)).toEqual(session('live', now));
      expect(await store.find('live', now + day)).toBeNull();

      await store.extend('live', now + 1000, now + 3 * day);
      expect(await store.find('live', now + 2 * day)).toMatchObject({ last_seen_at: now + 1000, expires_at: now + 3 * day });
      await store.remove('live');
      expect(await store.find('live', now)).toBeNull();
    });

    it('answers false, not an error, for a session id that is taken, and keeps the first', async () => {
      const store = sessionStore(dataDir);
      const now = Date.now();
      expect(await store.insert(session('twice', now))).toBe(true);
      expect(await store.insert({ ...session('twice', now), password_id: 'other' })).toBe(false);
      expect((await store.find('twice', now))?.password_id).toBe('pw');
    });

    it('signs in and finds the session again through the cookie', async () => {
      const cookie = (await startSession(new Request('http://localhost:3000/'), { kind: 'installation' })).split(';')[0]!;
      expect((await findSession(cookie, false))?.session.caller).toEqual({ kind: 'installation' });
    });

    it('keeps share links per owner: live ones newest first, revoked and expired ones out, a taken token refused', async () => {
      const store = shareLinkStore(dataDir);
      const now = Date.now();
      expect(await store.insert(link('a', 'owner-1', 'item-1', now - 3000))).toBe(true);
      expect(await store.insert(link('b', 'owner-1', 'item-2', now - 2000))).toBe(true);
      expect(await store.insert(link('c', 'owner-1', 'item-3', now - 1000, { expires_at: now - 1 }))).toBe(true);
      expect(await store.insert(link('d', 'owner-2', 'item-1', now))).toBe(true);
      expect(await store.insert({ ...link('e', 'owner-2', 'item-9', now), token_hash: 'hash-a' })).toBe(false);

      expect((await store.live('owner-1', now)).map((row) => row.id)).toEqual(['b', 'a']);
      expect(await store.findByTokenHash('hash-c')).toEqual(link('c', 'owner-1', 'item-3', now - 1000, { expires_at: now - 1 }));
      expect(await store.revoke('a', 'owner-2', now)).toBe(false);
      expect(await store.revoke('a', 'owner-1', now)).toBe(true);
      expect(await store.revoke('a', 'owner-1', now)).toBe(false);
      expect((await store.findByTokenHash('hash-a'))?.revoked_at).toBe(now);
      expect((await store.live('owner-1', now)).map((row) => row.id)).toEqual(['b']);
    });

    it('keeps an item’s copy while a live link shows it, paces refreshes by checked_at, and drops it with the last link', async () => {
      const store = shareLinkStore(dataDir);
      const now = Date.now();
      await store.insert(link('s1', 'owner-3', 'item-s', now));
      await store.insert(link('s2', 'owner-3', 'item-s', now));
      await store.saveSnapshot({ owner: 'owner-3', item_id: 'item-s', item: '{"title":"Kept"}', shared: 1, checked_at: now });
      await store.markChecked('owner-3', 'item-s', now + 5000);
      expect(await store.snapshot('owner-3', 'item-s')).toEqual({ owner: 'owner-3', item_id: 'item-s', item: '{"title":"Kept"}', shared: 1, checked_at: now + 5000 });
      await store.outdate('owner-3');
      expect((await store.snapshot('owner-3', 'item-s'))?.checked_at).toBe(0);

      await store.revoke('s1', 'owner-3', now);
      expect(await store.snapshot('owner-3', 'item-s')).not.toBeNull();
      await store.revoke('s2', 'owner-3', now);
      expect(await store.snapshot('owner-3', 'item-s')).toBeNull();
    });

    it('allows 60 share visits a minute from one address, however many arrive at once', async () => {
      const t0 = 1_800_000_000_000;
      const waits = await Promise.all(Array.from({ length: 75 }, () => takeShareVisit(`${net}.7`, t0)));
      expect(waits.filter((wait) => wait === 0)).toHaveLength(60);
      expect(Math.min(...waits.filter((wait) => wait > 0))).toBeGreaterThan(0);
      expect(await takeShareVisit(`${net}.8`, t0)).toBe(0);
    });

    it('makes an address wait after five failed sign-ins, and a right one clears it', async () => {
      const t0 = Date.now();
      const address = `${net}.9`;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(await signInWait(address, t0 + attempt)).toBe(0);
        await recordFailedSignIn(address, t0 + attempt);
      }
      expect(await signInWait(address, t0 + 5)).toBe(1);
      expect(await signInWait(address, t0 + 1004)).toBe(0);
      await recordSignIn(address, t0 + 1004);
      await recordFailedSignIn(address, t0 + 1005);
      expect(await signInWait(address, t0 + 1006)).toBe(0);
    });
  });
});
