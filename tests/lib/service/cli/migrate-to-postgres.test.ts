/*
 * `migrate --to postgres://…`: a data directory filled by the real `seed:demo`, plus a session and
 * a share link in its app.db, moved into a fresh database of a throwaway PostgreSQL cluster
 * (tests/postgres.ts), then read back on both sides. The move runs as a real child process (the
 * entry point's exit code and output); the refusals run its entry function in-process.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabases } from '@/lib/server/app-database';
import { closeAppStatePools } from '@/lib/server/app-state/postgres';
import { postgresSessionStore } from '@/lib/server/app-state/postgres-sessions';
import { sessionStore, type SessionRow } from '@/lib/server/session-store';
import { findSession } from '@/lib/server/session';
import { shareLinkStore } from '@/lib/server/share-link-store';
import { openShareLink } from '@/lib/server/share-links';
import { passwordIsRight } from '@/lib/server/sign-in';
import { writePassword, type PasswordRecord } from '@/lib/service/domain/app-password';
import { openSecret, sealSecret } from '@/lib/service/secret-box';
import { openDatabase } from '@/lib/service/store/database';
import { sqliteTablesOf } from '@/lib/service/store/postgres/copy-sqlite';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';
import { runSeedDemo, runTidings, spawnTidings, type Settings } from './tidings-cli';

vi.mock('server-only', () => ({}));
// The move starts a `tsx` child process: on a busy two-core machine it can take longer than the default 20 s.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

withPostgres();

let dataDir: string;

/** The command's settings: the data directory, no DATABASE_URL or app password, TIDINGS_SECRET only when given. */
function settingsOf(directory: string, secret?: string): Settings {
  return { TIDINGS_DATA_DIR: directory, DATABASE_URL: undefined, TIDINGS_SECRET: secret, TIDINGS_APP_PASSWORD: undefined };
}

const migrateIn = (directory: string, ...args: string[]) => runTidings(settingsOf(directory), ['migrate', ...args]);
const migrate = (...args: string[]) => migrateIn(dataDir, ...args);

const now = Date.now();
const session: SessionRow = { id: 'session-1', kind: 'password', password_id: 'pw-1', api_key: null, created_at: now, last_seen_at: now, expires_at: now + 86_400_000 };

// What the install seals with its data directory's key file (no TIDINGS_SECRET), and the secret its nodes on PostgreSQL share.
const nodesSecret = 'the secret every node on PostgreSQL shares';
const installPassword = 'the install password';
const personKey = 'tid_live_MigratePersonKey00000000000000';
const passwordToken = 'password-session-token-0000000000000000000';
const personToken = 'person-session-token-00000000000000000000';
const shareToken = 'ShareTokenOfAPersonsLink000000000000000';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let password: PasswordRecord;
let readLaterUser: string;

function sqlite(name: string): Database.Database {
  return new Database(path.join(dataDir, name), { readonly: true });
}

/** Every table's row count in a SQLite file, as the move should find them. */
function sqliteCounts(name: string): Record<string, number> {
  const db = sqlite(name);
  try {
    return Object.fromEntries(sqliteTablesOf(db, ['schema_migrations'])
      .map((table) => [table, Number(db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get())]));
  } finally {
    db.close();
  }
}

async function postgresCount(client: pg.Client, table: string): Promise<number> {
  return Number((await client.query(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0].n);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-migrate-'));
  const previous = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const seeded = await runSeedDemo(settingsOf(dataDir), []);
  expect(seeded.code, seeded.stderr).toBe(0);
  const key = await runTidings(settingsOf(dataDir), ['key', 'create', '--email', 'owner@tidings.local', '--name', 'Reader app']);
  expect(key.code, key.stderr).toBe(0);
  expect(await sessionStore(dataDir).insert(session)).toBe(true);
  const shares = shareLinkStore(dataDir);
  expect(await shares.insert({ id: 'link-1', token_hash: 'hash-1', token_sealed: 'sealed-1', item_id: 'item-1', owner: 'owner', owner_key_sealed: null,
    title: 'A shared item', created_at: now, expires_at: null, revoked_at: null })).toBe(true);
  await shares.saveSnapshot({ owner: 'owner', item_id: 'item-1', item: '{"title":"A shared item"}', shared: 1, checked_at: now });

  // A password, a session it signed in, a person's session and share link, a read-later link: all as the app makes them.
  delete process.env.TIDINGS_SECRET;
  password = await writePassword(dataDir, installPassword);
  const expires = now + 86_400_000;
  expect(await sessionStore(dataDir).insert({ id: sha256(passwordToken), kind: 'password', password_id: password.id, api_key: null,
    created_at: now, last_seen_at: now, expires_at: expires })).toBe(true);
  expect(await sessionStore(dataDir).insert({ id: sha256(personToken), kind: 'api_key', password_id: null,
    api_key: sealSecret(dataDir, personKey, sha256(personToken)), created_at: now, last_seen_at: now, expires_at: expires })).toBe(true);
  const personOwner = `key:${sha256(personKey)}`;
  expect(await shares.insert({ id: 'link-2', token_hash: sha256(shareToken), token_sealed: sealSecret(dataDir, shareToken, 'link-2'), item_id: 'item-2',
    owner: personOwner, owner_key_sealed: sealSecret(dataDir, personKey, 'share:link-2'), title: 'A person\'s item', created_at: now, expires_at: null, revoked_at: null })).toBe(true);
  await shares.saveSnapshot({ owner: personOwner, item_id: 'item-2', item: '{"title":"A person\'s item"}', shared: 1, checked_at: now });
  const service = openDatabase(path.join(dataDir, 'service.db'));
  readLaterUser = service.prepare('SELECT id FROM users ORDER BY id LIMIT 1').pluck().get() as string;
  service.prepare("INSERT INTO read_later_links (user_id, service, account, sealed_credentials, linked_at) VALUES (?, 'instapaper', 'reader', ?, ?)")
    .run(readLaterUser, sealSecret(dataDir, '{"username":"reader","password":"secret"}', `read-later:${readLaterUser}:instapaper`), new Date(now).toISOString());
  service.close();
  if (previous !== undefined) process.env.DATABASE_URL = previous;
  closeAppDatabases();
}, 120_000);

afterAll(async () => {
  await closeAppStatePools();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(skipPostgres)('migrate --to postgres://…', () => {
  let url: string;
  let client: pg.Client;

  beforeAll(async () => {
    url = await freshDatabase();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it('copies every table of service.db and app.db into an empty database, and says so table by table', async () => {
    const moved = await spawnTidings(settingsOf(dataDir, nodesSecret), ['migrate', '--to', url]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`Moved the app's password (${path.join(dataDir, 'app-password.json')}) into PostgreSQL: every node with DATABASE_URL signs in with it, and its sessions stay signed in.`);
    expect(moved.stdout).toContain('Sealed again under TIDINGS_SECRET (they were sealed with the data directory\'s key file): 1 session keys, 1 share link tokens, 1 share link owner keys, 1 read-later credentials.');
    // The first link's token was never sealed (a stand-in): the move says so and copies it as it was.
    expect(moved.stdout).toContain('Opened by neither TIDINGS_SECRET nor the key file, so copied as they were, of no use to the nodes: 1 share link tokens.');

    const counts = { ...sqliteCounts('service.db'), ...sqliteCounts('app.db') };
    for (const table of ['users', 'credentials', 'feeds', 'subscriptions', 'items', 'entries', 'tags', 'item_tags', 'folders', 'entry_counts', 'sessions', 'share_links']) {
      expect(counts[table], `the demo holds ${table}`).toBeGreaterThan(0);
    }
    for (const [table, count] of Object.entries(counts)) {
      expect(await postgresCount(client, table), `rows of ${table}`).toBe(count);
      expect(moved.stdout).toMatch(new RegExp(`^${table}\\s+\\S+\\s+${count}\\s+${count}$`, 'm'));
    }
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(moved.stdout.trim().split('\n').at(-1)).toBe(`Copied ${total} rows of ${Object.keys(counts).length} tables from ${dataDir} into ${new URL(url).host}${new URL(url).pathname}; every table's count matches.`);
  });

  it('keeps the values: an item and its read state, a playback position, a tag, a session, the search', async () => {
    const service = sqlite('service.db');
    try {
      const read = service.prepare(`SELECT i.id, i.title, i.rowid, e.is_read, e.item_rowid FROM entries e JOIN items i ON i.id = e.item_id
        WHERE e.is_read = 1 ORDER BY i.id LIMIT 1`).get() as { id: string; title: string; rowid: number; is_read: number; item_rowid: number };
      const { rows: [copied] } = await client.query(`SELECT i.title, i.rowid, e.is_read, e.item_rowid FROM entries e JOIN items i ON i.id = e.item_id
        WHERE i.id = $1`, [read.id]);
      expect(copied).toEqual({ title: read.title, rowid: String(read.rowid), is_read: 1, item_rowid: String(read.item_rowid) });

      const played = service.prepare('SELECT user_id, item_id, playback_position, last_played_ms FROM entries WHERE playback_position > 0 ORDER BY item_id LIMIT 1')
        .get() as { user_id: string; item_id: string; playback_position: number; last_played_ms: number };
      const { rows: [position] } = await client.query('SELECT playback_position, last_played_ms FROM entries WHERE user_id = $1 AND item_id = $2', [played.user_id, played.item_id]);
      expect(position).toEqual({ playback_position: played.playback_position, last_played_ms: String(played.last_played_ms) });

      const tag = service.prepare('SELECT t.name, it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id ORDER BY it.item_id LIMIT 1').get() as { name: string; item_id: string };
      const { rows: tags } = await client.query('SELECT t.name FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = $1', [tag.item_id]);
      expect(tags.map((row) => row.name)).toContain(tag.name);

      // The copied items are searchable, by a word of the title.
      const word = read.title.split(/\W+/).find((candidate) => candidate.length > 5)!;
      const { rows: found } = await client.query("SELECT id FROM items WHERE search_document @@ plainto_tsquery('tidings_search', $1)", [word]);
      expect(found.map((row) => row.id)).toContain(read.id);
    } finally {
      service.close();
    }

    // The app on PostgreSQL finds the session the data directory's app.db held.
    process.env.TIDINGS_SECRET ??= 'migrate-test-secret';
    expect(await postgresSessionStore(url).find(session.id, now)).toEqual(session);
  });

  it('leaves a node with DATABASE_URL and an empty data directory signing in with the same password and opening the same sessions and links', async () => {
    const saved = { ...process.env };
    const otherNode = mkdtempSync(path.join(tmpdir(), 'tidings-migrate-node-'));
    Object.assign(process.env, { DATABASE_URL: url, TIDINGS_SECRET: nodesSecret, TIDINGS_DATA_DIR: otherNode });
    delete process.env.TIDINGS_APP_PASSWORD;
    delete process.env.FEED_API_BASE_URL;
    try {
      expect(await passwordIsRight(installPassword)).toBe(true);
      expect(await passwordIsRight('not the install password')).toBe(false);
      expect((await findSession(`tidings_session=${passwordToken}`, false))?.session.caller).toEqual({ kind: 'installation' });
      expect((await findSession(`tidings_session=${personToken}`, false))?.session.caller).toEqual({ kind: 'person', apiKey: personKey });
      expect(await openShareLink(shareToken)).toEqual({ title: 'A person\'s item' });
      const { rows: [link] } = await client.query('SELECT sealed_credentials FROM read_later_links WHERE user_id = $1', [readLaterUser]);
      expect(openSecret(otherNode, link.sealed_credentials, `read-later:${readLaterUser}:instapaper`)).toBe('{"username":"reader","password":"secret"}');
    } finally {
      await closeAppStatePools();
      for (const name of ['DATABASE_URL', 'TIDINGS_SECRET', 'TIDINGS_DATA_DIR', 'TIDINGS_APP_PASSWORD', 'FEED_API_BASE_URL']) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      rmSync(otherNode, { recursive: true, force: true });
    }
  });

  it('refuses a second run into the database it filled, and changes nothing', async () => {
    const before = await postgresCount(client, 'items');
    const { rows: sessionsBefore } = await client.query('SELECT * FROM sessions ORDER BY id');
    const again = await migrate('--to', url);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr.trim()).toMatch(/^tidings: PostgreSQL database .+ already holds data \(in .+\): migrate copies into an empty database only; nothing was written\.$/);
    expect(await postgresCount(client, 'items')).toBe(before);
    expect((await client.query('SELECT * FROM sessions ORDER BY id')).rows).toEqual(sessionsBefore);
  });
});

describe.skipIf(skipPostgres)('migrate refuses', () => {
  it('a URL that is not PostgreSQL\'s, in one sentence (usage, exit 2)', async () => {
    const refused = await migrate('--to', 'mysql://root@localhost/tidings');
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe('tidings: --to must be a PostgreSQL URL naming a database, such as postgres://user:password@host:5432/tidings; nothing was written.');
  });

  it('a server that does not answer, in one sentence (exit 1), writing nothing', async () => {
    const url = await freshDatabase();
    const unreachable = new URL(url);
    unreachable.port = '1';
    const refused = await migrate('--to', unreachable.href);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^tidings: Cannot reach PostgreSQL at 127\.0\.0\.1:1\/\S+ \(.+\); nothing was written\.$/);

    const missing = new URL(url);
    missing.pathname = '/no_such_database';
    const absent = await migrate('--to', missing.href);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toMatch(/Cannot reach PostgreSQL at .+no_such_database \(.*does not exist\); nothing was written\./);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('a row PostgreSQL cannot take: the whole copy is rolled back, and the sentence names the table', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'tidings-migrate-bad-'));
    try {
      const db = openDatabase(path.join(directory, 'service.db'));
      db.prepare("INSERT INTO users (id, email, created_at) VALUES ('u1', 'a@example.com', '2026-01-01T00:00:00.000Z')").run();
      // SQLite keeps any value in any column; PostgreSQL's INTEGER refuses this one.
      db.prepare("INSERT INTO feeds (id, url, source_type, title, explicit, created_at) VALUES ('f1', 'https://example.com/feed', 'feed', 'Feed', 'yes', '2026-01-01')").run();
      db.close();
      const url = await freshDatabase();
      const failed = await migrateIn(directory, '--to', url);
      expect(failed.code).toBe(1);
      expect(failed.stderr.trim()).toMatch(/^tidings: Copying service\.db's feeds failed \(invalid input syntax for type integer: "yes"\); nothing was copied\.$/);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        expect(await postgresCount(client, 'users')).toBe(0);
      } finally {
        await client.end();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
