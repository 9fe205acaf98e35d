/*
 * `tidings feeds refresh`, run as a real child process on a temporary data directory: feeds
 * served from 127.0.0.1 change, the command fetches them and says what changed, and the new
 * items show through the real service on the same file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { createService, type SqliteService } from '@/lib/service/service';
import { document, FeedServer, rss } from '../feed-server';

// Each test starts `tsx` child processes: on a busy two-core machine one can take longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

type Run = { code: number; stdout: string; stderr: string };

let dataDir: string;
let service: SqliteService;
let site: FeedServer;
let aliceKey: string;
let bobKey: string;
const tsx = path.resolve('node_modules/.bin/tsx');
const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

function tidings(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(tsx, ['lib/service/cli/main.ts', ...args], {
      cwd: process.cwd(), env: { ...process.env, TIDINGS_DATA_DIR: dataDir, TIDINGS_ALLOW_PRIVATE_URLS: '1' },
    }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

async function call(key: string, method: string, url: string, body?: unknown) {
  const response = await service.fetch(new Request(`http://x${url}`, {
    method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const titles = async (key: string) => ((await call(key, 'GET', '/v1/items?limit=100')).body.data as { title: string }[]).map((item) => item.title).sort();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-cli-refresh-'));
  service = createService({ databaseFile: path.join(dataDir, 'service.db'), config: { allowPrivateUrls: true } });
  aliceKey = (await issueCredential(service.store, (await ensureUser(service.store, 'alice@example.com', { plan: 'pro' })).id, 'api_key', 'test')).secret;
  bobKey = (await issueCredential(service.store, (await ensureUser(service.store, 'bob@example.com', { plan: 'pro' })).id, 'api_key', 'test')).secret;
  site = await new FeedServer().start();
});

afterAll(async () => {
  await site.stop();
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tidings feeds refresh', () => {
  it('fetches due or (with --all) every feed, per user with --email, and reports new items, errors and a total', async () => {
    const river = site.route('/river.xml', document(rss('River Notes', [{ guid: 'r1', title: 'River one', date: hourAgo(3) }])));
    const hill = site.route('/hill.xml', document(rss('Hill Diary', [{ guid: 'h1', title: 'Hill one', date: hourAgo(3) }])));
    const lake = site.route('/lake.xml', document(rss('Lake Log', [{ guid: 'l1', title: 'Lake one', date: hourAgo(3) }])));
    for (const url of [river, hill]) expect((await call(aliceKey, 'POST', '/v1/subscriptions', { url })).status).toBe(201);
    expect((await call(bobKey, 'POST', '/v1/subscriptions', { url: lake })).status).toBe(201);

    site.route('/river.xml', document(rss('River Notes', [
      { guid: 'r3', title: 'River three', date: hourAgo(1) }, { guid: 'r2', title: 'River two', date: hourAgo(2) },
      { guid: 'r1', title: 'River one', date: hourAgo(3) },
    ])));
    site.route('/hill.xml', (_request, response) => { response.writeHead(500); response.end('down'); });
    site.route('/lake.xml', document(rss('Lake Log', [{ guid: 'l2', title: 'Lake two', date: hourAgo(1) }, { guid: 'l1', title: 'Lake one', date: hourAgo(3) }])));

    // Their time has come: a new subscription's next fetch is at the feed's pace, so move it into the past.
    service.db.prepare('UPDATE feeds SET next_fetch_at = ?').run(hourAgo(1).toISOString());
    const refreshed = await tidings('feeds', 'refresh', '--email', 'alice@example.com');
    expect(refreshed.code).toBe(0);
    expect(refreshed.stdout.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Hill Diary  ${hill}  failed: .*500`)),
      `River Notes  ${river}  2 new items`,
      '2 feeds refreshed: 2 new items, 1 failed.',
      '',
    ]);
    expect(await titles(aliceKey)).toEqual(['Hill one', 'River one', 'River three', 'River two']);
    // Bob's feed was not Alice's to refresh.
    expect(await titles(bobKey)).toEqual(['Lake one']);

    // Now neither is due (the next fetch in 30 minutes, the failed one after its backoff): nothing is fetched.
    const hits = site.hits.get('/river.xml');
    const notDue = await tidings('feeds', 'refresh', '--email', 'alice@example.com');
    expect(notDue).toMatchObject({ code: 0, stdout: 'No feeds are due; --all refreshes every feed.\n' });
    expect(site.hits.get('/river.xml')).toBe(hits);

    // --all fetches them anyway; without --email, Bob's feed is fetched too.
    const everyone = await tidings('feeds', 'refresh', '--all');
    expect(everyone.stdout).toContain(`Lake Log  ${lake}  1 new item\n`);
    expect(everyone.stdout).toMatch(/3 feeds refreshed: 1 new item, 1 failed\.\n$/);
    expect(await titles(bobKey)).toEqual(['Lake one', 'Lake two']);
  }, 60_000);

  it('refuses an unknown user (1) and a stray argument (2)', async () => {
    const unknown = await tidings('feeds', 'refresh', '--email', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No user with email nobody@example.com/);
    expect((await tidings('feeds', 'refresh', 'now')).code).toBe(2);
  }, 30_000);
});
