/*
 * `tidings backup` and `tidings restore`. The content is made
 * through the real service over HTTP (subscriptions to feeds served from 127.0.0.1, read,
 * saved and tagged items, an API key) and the app (a session, a share link); the backup is
 * taken while the service keeps writing, restored into a fresh directory, and a service
 * started there finds all of it. That first backup and restore run as real child processes (the
 * entry point's exit codes and output); the later cases run its entry function in-process.
 */
import { serve, type ServerType } from '@hono/node-server';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabases } from '@/lib/server/app-database';
import { findSession, startSession } from '@/lib/server/session';
import { createShareLink, openShareLink } from '@/lib/server/share-links';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { readPasswordRecord, verifyPassword, writePassword } from '@/lib/service/domain/app-password';
import { createService, type SqliteService } from '@/lib/service/service';
import { document, FeedServer, rss } from '../feed-server';
import { runTidings, spawnTidings } from './tidings-cli';

// The first test starts `tsx` child processes: on a busy two-core machine one can take longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('server-only', () => ({}));

type Running = { service: SqliteService; server: ServerType; baseUrl: string };

const hour = 3_600_000;
let root: string;
let dataDir: string;
let site: FeedServer;
let running: Running;
let key: string;
let appToken: string;

const tidings = (directory: string, ...args: string[]) => runTidings({ TIDINGS_DATA_DIR: directory }, args);
const spawned = (directory: string, ...args: string[]) => spawnTidings({ TIDINGS_DATA_DIR: directory }, args);

/** The real service on a data directory, served on 127.0.0.1; the app talks to it as its upstream. */
async function startService(directory: string): Promise<Running> {
  const service = createService({ config: { dataDir: directory, allowPrivateUrls: true } });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  Object.assign(process.env, { TIDINGS_DATA_DIR: directory, FEED_API_BASE_URL: baseUrl });
  return { service, server, baseUrl };
}

async function stopService({ service, server }: Running): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    (server as ServerType & { closeAllConnections(): void }).closeAllConnections();
  });
  service.close();
  closeAppDatabases();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
async function call(method: string, pathAndQuery: string, body?: unknown, token = key): Promise<{ status: number; body: any }> {
  const response = await fetch(`${running.baseUrl}${pathAndQuery}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** What a reader sees: subscriptions, and every item with its states and tags. */
async function readerView() {
  const subscriptions = await call('GET', '/v1/subscriptions?limit=100');
  const items = await call('GET', '/v1/items?limit=100');
  expect([subscriptions.status, items.status]).toEqual([200, 200]);
  // Tags come with an item's detail only.
  const details = await Promise.all((items.body.data as { id: string }[]).map(({ id }) => call('GET', `/v1/items/${id}`)));
  return {
    subscriptions: (subscriptions.body.data as { id: string; title: string; feed_url: string }[]).map(({ id, title, feed_url }) => ({ id, title, feed_url })),
    items: details.map(({ body: { id, title, is_read, is_saved, tags } }: { body: { id: string; title: string; is_read: boolean; is_saved: boolean; tags: { name: string }[] } }) =>
      ({ id, title, is_read, is_saved, tags: tags.map((tag) => tag.name).sort() })),
  };
}

async function folderNames(): Promise<string[]> {
  const answer = await call('GET', '/v1/folders', undefined, appToken);
  expect(answer.status).toBe(200);
  return (answer.body.data as { name: string }[]).map((folder) => folder.name);
}

function modes(directory: string): Record<string, string> {
  const found: Record<string, string> = { '.': (statSync(directory).mode & 0o777).toString(8) };
  for (const name of readdirSync(directory)) found[name] = (statSync(path.join(directory, name)).mode & 0o777).toString(8);
  return found;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tidings-backup-'));
  dataDir = path.join(root, 'data');
  delete process.env.TIDINGS_SECRET;
  delete process.env.FEED_API_KEY;
  site = await new FeedServer().start();
  const now = Date.now();
  const items = (name: string) => [1, 2, 3].map((n) => ({ guid: `${name}-${n}`, title: `${name} ${n}`, date: new Date(now - n * hour) }));
  site.route('/river.xml', document(rss('River Notes', items('River'))));
  site.route('/hill.xml', document(rss('Hill Diary', items('Hill'))));
  running = await startService(dataDir);
  const user = await ensureUser(running.service.store, 'reader@example.com', { plan: 'pro' });
  key = (await issueCredential(running.service.store, user.id, 'api_key', 'backup test')).secret;
  appToken = (await issueCredential(running.service.store, user.id, 'app_token', 'backup test')).secret;
});

afterAll(async () => {
  await stopService(running);
  await site.stop();
  delete process.env.FEED_API_BASE_URL;
  rmSync(root, { recursive: true, force: true });
});

describe('tidings backup and restore', () => {
  it('backs up while the service writes, and a service on the restored copy finds everything', async () => {
    for (const feed of ['/river.xml', '/hill.xml']) expect((await call('POST', '/v1/subscriptions', { url: `${site.baseUrl}${feed}` })).status).toBe(201);
    const [read, saved, both] = (await readerView()).items;
    expect((await call('PATCH', `/v1/items/${read.id}`, { is_read: true })).status).toBe(200);
    expect((await call('PATCH', `/v1/items/${saved.id}`, { is_saved: true, tags: ['keep', 'later'] })).status).toBe(200);
    expect((await call('PATCH', `/v1/items/${both.id}`, { is_read: true, is_saved: true })).status).toBe(200);
    const person = { kind: 'person', apiKey: key } as const;
    const cookie = (await startSession(new Request('http://localhost:3000/api/session', { method: 'POST' }), person)).split(';')[0];
    const link = await createShareLink(person, saved.id, null);
    await writePassword(dataDir, 'a long enough password');
    const before = await readerView();
    expect(before.items).toHaveLength(6);
    expect(before.items.filter((item) => item.is_saved)).toHaveLength(2);

    // Folders are made one after another all through the backup: the copy holds some first part of them.
    // Paced, so a slow backup on a busy machine does not spend the token's 1,200 requests a minute (429).
    let made = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        expect((await call('POST', '/v1/folders', { name: `Folder ${made++}` }, appToken)).status).toBe(201);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const madeBefore = made;
    const backup = await spawned(dataDir, 'backup', path.join(root, 'tidings.backup'));
    const madeAfter = made;
    writing = false;
    await writer;
    expect(backup.stderr).toContain('Backed up app-password.json, app-secret.key, app.db, service.db');
    expect(backup.code).toBe(0);
    expect(madeAfter - madeBefore).toBeGreaterThan(5);
    expect(statSync(path.join(root, 'tidings.backup')).mode & 0o777).toBe(0o600);

    const restoredDir = path.join(root, 'restored');
    const restore = await spawned(restoredDir, 'restore', path.join(root, 'tidings.backup'));
    expect(restore.stderr).toContain(`into ${restoredDir}`);
    expect(restore.code).toBe(0);
    expect(modes(restoredDir)).toEqual({ '.': '700', 'app-password.json': '600', 'app-secret.key': '600', 'app.db': '600', 'service.db': '600' });

    await stopService(running);
    running = await startService(restoredDir);
    expect(await readerView()).toEqual(before);
    const folders = await folderNames();
    expect(folders.length).toBeGreaterThanOrEqual(madeBefore);
    expect(folders.length).toBeLessThanOrEqual(madeAfter);
    expect(folders.sort()).toEqual(Array.from({ length: folders.length }, (_, n) => `Folder ${n}`).sort());
    expect((await findSession(cookie, false))?.session.caller).toEqual(person);
    expect((await openShareLink(link.url.replace('/share/', '')))?.title).toBe(saved.title);
    expect(await verifyPassword('a long enough password', readPasswordRecord(restoredDir)!)).toBe(true);
  }, 60_000);

  it('refuses to restore into a directory a running service has open, and changes nothing', async () => {
    const restoredDir = path.join(root, 'restored');
    const before = readdirSync(restoredDir).sort();
    const run = await tidings(restoredDir, 'restore', path.join(root, 'tidings.backup'), '--force');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is in use: (app|service)\.db is open in another process\. Stop Tidings .* nothing was changed\.\n$/);
    expect(readdirSync(restoredDir).sort()).toEqual(before);
  });

  it('restores over a stopped directory only with --force, keeping its files aside', async () => {
    await stopService(running);
    const restoredDir = path.join(root, 'restored');
    const refused = await tidings(restoredDir, 'restore', path.join(root, 'tidings.backup'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds data');

    const forced = await tidings(restoredDir, 'restore', path.join(root, 'tidings.backup'), '--force');
    expect(forced.code).toBe(0);
    const aside = readdirSync(restoredDir).find((name) => name.startsWith('.before-restore-'));
    expect(aside).toBeDefined();
    expect(readdirSync(path.join(restoredDir, aside!))).toEqual(expect.arrayContaining(['app.db', 'service.db']));
    running = await startService(restoredDir);
    expect((await readerView()).items).toHaveLength(6);
  }, 60_000);

  it('refuses a damaged backup without creating the data directory', async () => {
    const damaged = path.join(root, 'damaged.backup');
    copyFileSync(path.join(root, 'tidings.backup'), damaged);
    const bytes = readFileSync(damaged);
    bytes.fill(0x41, bytes.length - 9000, bytes.length - 8000);
    writeFileSync(damaged, bytes);
    const target = path.join(root, 'from-damaged');
    const run = await tidings(target, 'restore', damaged);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/damaged/);
    expect(() => statSync(target)).toThrow();
  });
});
