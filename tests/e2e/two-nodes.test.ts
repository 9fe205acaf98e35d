import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, skipPostgres, withPostgres } from '../postgres';
import { document, FeedServer, rss } from '../lib/service/feed-server';
import { launchBrowser, VIEWPORTS } from './browser';
import { signInTo } from './offline-helpers';
import { startProductionServer, type RunningServer } from './server';

/*
 * Two app nodes, each its own `npm start` production server with its own data directory, on one
 * PostgreSQL database (DATABASE_URL, one TIDINGS_SECRET) that holds everything: the app's
 * sessions and the embedded service's data. A person signs in on one node and reads on the
 * other, as behind a load balancer; a feed is fetched by one node's scheduler, not by both.
 * Browsers send a host's cookies to every port of it, so the two nodes on 127.0.0.1 share the
 * cookie as two nodes behind one name would.
 */

const root = path.resolve(import.meta.dirname, '../..');
const password = 'one password for both e2e nodes';

withPostgres();

/** A key of the owner, made by the command line on the shared database (it prints only the key). */
function ownerKeyIn(databaseUrl: string, dataDir: string): string {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['lib/service/cli/main.ts', 'key', 'create', '--email', 'owner@tidings.local', '--name', 'two nodes'], {
    cwd: root, env: { ...process.env, TIDINGS_DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`key create failed: ${result.stderr}`);
  return result.stdout.trim();
}

describe.skipIf(skipPostgres)('two app nodes on one PostgreSQL database', () => {
  const nodes: { server: RunningServer; dataDir: string }[] = [];
  const site = new FeedServer();
  let databaseUrl: string;
  let key: string;
  let browser: Browser;

  beforeAll(async () => {
    await site.start();
    databaseUrl = await freshDatabase();
    // One after the other, as an operator starts them: the first creates the tables.
    for (let node = 0; node < 2; node += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-node-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env, TIDINGS_DATA_DIR: dataDir, TIDINGS_SMTP_PORT: '0', TIDINGS_ALLOW_PRIVATE_URLS: '1',
        DATABASE_URL: databaseUrl, TIDINGS_SECRET: 'one secret for both e2e nodes', TIDINGS_APP_PASSWORD: password,
      };
      delete env.FEED_API_BASE_URL;
      delete env.FEED_API_KEY;
      nodes.push({ server: await startProductionServer(root, env), dataDir });
    }
    key = ownerKeyIn(databaseUrl, nodes[0]!.dataDir);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(nodes.map(({ server }) => server.stop()));
    for (const { dataDir } of nodes) rmSync(dataDir, { recursive: true, force: true });
    await site.stop();
  });

  it('signs a person in on one node and lets them read on the other what they subscribed to through the first', async () => {
    const [first, second] = [nodes[0]!.server, nodes[1]!.server];
    const title = 'Written once, read on either node';
    const url = site.route('/both.xml', document(rss('Both nodes', [{ guid: 'both-1', title, date: new Date(Date.now() - 3_600_000) }])));
    const subscribed = await fetch(`${first.baseUrl}/v1/subscriptions`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }),
    });
    expect(subscribed.status).toBe(201);

    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    try {
      await signInTo(context, first.baseUrl, password);
      const page = await context.newPage();
      await page.goto(`${second.baseUrl}/inbox`);
      expect(new URL(page.url()).pathname).toBe('/inbox');
      await page.getByRole('list', { name: 'Unread items' }).getByRole('link', { name: title, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(new URL(page.url()).origin).toBe(second.baseUrl);
    } finally {
      await context.close();
    }
  });

  it('has a due feed fetched by one node of the two, not by both', async () => {
    const url = site.route('/due.xml', document(rss('Due', [{ guid: 'due-1', title: 'Due item', date: new Date(Date.now() - 3_600_000) }])));
    const subscribed = await fetch(`${nodes[1]!.server.baseUrl}/v1/subscriptions`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }),
    });
    expect(subscribed.status).toBe(201);
    expect(site.hits.get('/due.xml')).toBe(1);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("UPDATE feeds SET next_fetch_at = '2000-01-01T00:00:00.000Z' WHERE url = $1", [url]);
    } finally {
      await client.end();
    }
    // Each node's scheduler looks every 30 s: within one look of each, exactly one has fetched it.
    await expect.poll(() => site.hits.get('/due.xml'), { timeout: 45_000, interval: 500 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 31_000));
    expect(site.hits.get('/due.xml')).toBe(2);
  }, 120_000);
});
