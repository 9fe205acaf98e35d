/*
 * The operator command line with DATABASE_URL set: every command works on that PostgreSQL
 * database (a fresh one of the run's throwaway cluster, tests/postgres.ts), checked there through
 * the PostgreSQL store or the service opened on it, and writes nothing into the data directory;
 * feeds come from 127.0.0.1. The commands run in-process;
 * one `key create` runs through `npm run -s tidings`, the real entry point, which must exit.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCredentialBySecret, findUserByEmail } from '@/lib/service/domain/accounts';
import { openService } from '@/lib/service/service';
import { postgresStoreAreas } from '@/lib/service/store/postgres/store-areas';
import type { Store } from '@/lib/service/store/store';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';
import { document, FeedServer, rss } from '../feed-server';
import { runTidings, type Run } from './tidings-cli';

// The spawned test starts npm and tsx: on a busy two-core machine that can take longer than the default 20 s.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

withPostgres();

let dataDir: string;
let url: string;
let pool: pg.Pool;
let store: Store;

let site: FeedServer;

const settings = () => ({ TIDINGS_DATA_DIR: dataDir, DATABASE_URL: url, TIDINGS_ALLOW_PRIVATE_URLS: '1' });
const tidings = (...args: string[]) => runTidings(settings(), args);

/** Runs `npm run -s tidings -- <args>` as the operator would, failing the run if it does not exit within a minute. */
function npmTidings(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '-s', 'tidings', '--', ...args], { cwd: process.cwd(), env: { ...process.env, ...settings() }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr: error?.killed ? `${stderr}(killed: it did not exit)` : stderr }));
  });
}

/** A port on 127.0.0.1 nothing listens on (it was free a moment ago). */
function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipPostgres)('the command line on DATABASE_URL', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-cli-pg-'));
    url = await freshDatabase();
    pool = new pg.Pool({ connectionString: url, max: 2 });
    store = postgresStoreAreas(pool);
    site = await new FeedServer().start();
  });

  afterAll(async () => {
    await site?.stop();
    await pool?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('key create makes the schema, the user and a key in PostgreSQL, and prints only the key', async () => {
    const run = await tidings('key', 'create', '--email', 'reader@example.com', '--plan', 'pro', '--name', 'laptop');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^tid_live_[0-9A-Za-z]{20,}\n$/);
    const owner = await findCredentialBySecret(store, run.stdout.trim());
    expect(owner?.user).toMatchObject({ email: 'reader@example.com', plan: 'pro', status: 'active' });
    expect(owner?.credential).toMatchObject({ kind: 'api_key', name: 'laptop', revoked_at: null });
    expect(existsSync(path.join(dataDir, 'service.db'))).toBe(false);
  });

  it('key list shows the key kept in PostgreSQL, and key revoke revokes it there', async () => {
    const key = (await tidings('key', 'create', '--email', 'revoker@example.com')).stdout.trim();
    const listed = await tidings('key', 'list', '--email', 'revoker@example.com', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const keys = JSON.parse(listed.stdout) as Array<{ id: string; prefix: string }>;
    expect(keys).toHaveLength(1);
    expect(key.startsWith(keys[0].prefix)).toBe(true);
    expect(keys[0].id).toBe((await findCredentialBySecret(store, key))?.credential.id);

    const revoked = await tidings('key', 'revoke', '--email', 'revoker@example.com', '--id', keys[0].id);
    expect(revoked.code, revoked.stderr).toBe(0);
    // A revoked key no longer authenticates.
    expect(await findCredentialBySecret(store, key)).toBeNull();
    expect(JSON.parse((await tidings('key', 'list', '--email', 'revoker@example.com', '--json')).stdout)).toEqual([]);
  });

  it('user list, plan and status read and change the users kept in PostgreSQL', async () => {
    await tidings('key', 'create', '--email', 'planner@example.com');
    const listed = await tidings('user', 'list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const emails = (JSON.parse(listed.stdout) as Array<{ email: string }>).map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining(['reader@example.com', 'revoker@example.com', 'planner@example.com']));

    expect((await tidings('user', 'plan', '--email', 'planner@example.com', '--plan', 'plus')).stdout).toBe('planner@example.com is now on the plus plan (was free).\n');
    expect((await tidings('user', 'status', '--email', 'planner@example.com', '--status', 'locked')).code).toBe(0);
    expect(await findUserByEmail(store, 'planner@example.com')).toMatchObject({ plan: 'plus', status: 'locked' });

    const unknown = await tidings('user', 'plan', '--email', 'nobody@example.com', '--plan', 'pro');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('tidings: No user with email nobody@example.com exists.\n');
  });

  it('opml export prints the subscriptions kept in PostgreSQL', async () => {
    const user = (await findUserByEmail(store, 'reader@example.com'))!;
    await store.subscriptions.subscribeToNewFeed(user.id, {
      url: 'https://example.com/river.xml', newsletter_address: null, source_type: 'feed', title: 'River Notes', website: 'https://example.com',
      description: null, language: null, artist: null, podcast_summary: null, explicit: null, artwork_url: null, is_demo: false,
    }, null, { folderId: null, feedLimit: null, historyCap: null, now: new Date() });
    const exported = await tidings('opml', 'export', '--email', 'reader@example.com');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('xmlUrl="https://example.com/river.xml"');
  });

  it('opml import subscribes and fetches into PostgreSQL, and feeds refresh fetches there what changed, as the service on it shows', async () => {
    const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const river = site.route('/river.xml', document(rss('River Notes', [{ guid: 'r1', title: 'River one', date: hourAgo(3) }])));
    const file = path.join(dataDir, 'import.opml');
    writeFileSync(file, `<opml version="2.0"><body><outline text="Reading"><outline text="River" xmlUrl="${river}"/></outline></body></opml>`);
    const key = (await tidings('key', 'create', '--email', 'importer@example.com', '--plan', 'pro')).stdout.trim();
    const imported = await tidings('opml', 'import', '--email', 'importer@example.com', file);
    rmSync(file);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toBe('1 imported, 0 already subscribed, 0 failed.\n');

    site.route('/river.xml', document(rss('River Notes', [{ guid: 'r2', title: 'River two', date: hourAgo(1) }, { guid: 'r1', title: 'River one', date: hourAgo(3) }])));
    const refreshed = await tidings('feeds', 'refresh', '--email', 'importer@example.com', '--all');
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toBe(`River Notes  ${river}  1 new item\n1 feed refreshed: 1 new item, 0 failed.\n`);

    const service = await openService({ databaseUrl: url, config: { allowPrivateUrls: true } });
    try {
      const get = async (route: string) => (await service.fetch(new Request(`http://x${route}`, { headers: { authorization: `Bearer ${key}` } }))).json();
      const subscriptions = (await get('/v1/subscriptions?all=true')) as { data: { title: string }[] };
      expect(subscriptions.data.map((subscription) => subscription.title)).toEqual(['River Notes']);
      const importer = (await findUserByEmail(store, 'importer@example.com'))!;
      expect((await store.folders.list(importer.id)).map((folder) => folder.name)).toEqual(['Reading']);
      const items = (await get('/v1/items')) as { data: { title: string }[] };
      expect(items.data.map((item) => item.title)).toEqual(['River two', 'River one']);
    } finally {
      await service.close();
    }
    expect(existsSync(path.join(dataDir, 'service.db'))).toBe(false);
  });

  it('backup and restore refuse in one sentence, since the data is in PostgreSQL, not in the files they copy', async () => {
    const backup = await tidings('backup', path.join(dataDir, 'copy.sqlite'));
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/^tidings: With DATABASE_URL set, the install's data lives in PostgreSQL, which `backup` does not copy: .*pg_dump.*\n$/);
    writeFileSync(path.join(dataDir, 'old.sqlite'), '');
    const restore = await tidings('restore', path.join(dataDir, 'old.sqlite'));
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('`restore` does not copy');
    expect(readdirSync(dataDir)).toEqual(['old.sqlite']);
  });

  it('a database that does not answer: exit 1 and one sentence naming it without the password, nothing written', async () => {
    const closed = await unusedPort();
    const run = await runTidings({ TIDINGS_DATA_DIR: dataDir, DATABASE_URL: `postgres://tidings:hunter2@127.0.0.1:${closed}/tidings` }, ['user', 'list']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^tidings: Cannot open the PostgreSQL database tidings on 127\\.0\\.0\\.1:${closed} of DATABASE_URL: .+\\n$`));
    expect(run.stderr).not.toContain('hunter2');
    expect(existsSync(path.join(dataDir, 'service.db'))).toBe(false);
  });

  it('npm run -s tidings -- key create exits 0 and prints one line, the key, which PostgreSQL then knows', async () => {
    const run = await npmTidings('key', 'create', '--email', 'spawned@example.com');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^tid_live_[0-9A-Za-z]{20,}\n$/);
    expect((await findCredentialBySecret(store, run.stdout.trim()))?.user.email).toBe('spawned@example.com');
  });
});
