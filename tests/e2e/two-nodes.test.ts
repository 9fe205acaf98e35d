import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, skipPostgres, withPostgres } from '../postgres';
import { launchBrowser, VIEWPORTS } from './browser';
import { ownerApiKey, startDedicatedServer } from './offline-helpers';
import { startProductionServer, type RunningServer } from './server';

/*
 * Two app nodes, each its own `npm start` production server with its own data directory, on one
 * PostgreSQL database (DATABASE_URL, one TIDINGS_SECRET), in front of one hosted service (another
 * server's /v1 mount): a person signs in on one node and reads on the other, as behind a load
 * balancer. Browsers send a host's cookies to every port of it, so the two nodes on 127.0.0.1
 * share the cookie as two nodes behind one name would.
 */

const root = path.resolve(import.meta.dirname, '../..');

withPostgres();

describe.skipIf(skipPostgres)('two app nodes on one PostgreSQL database', () => {
  let hosted: Awaited<ReturnType<typeof startDedicatedServer>>;
  let key: string;
  const nodes: { server: RunningServer; dataDir: string }[] = [];
  let browser: Browser;

  beforeAll(async () => {
    hosted = await startDedicatedServer({});
    key = ownerApiKey(hosted.dataDir);
    const databaseUrl = await freshDatabase();
    // One after the other, as an operator starts them: the first creates the tables.
    for (let node = 0; node < 2; node += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-node-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env, TIDINGS_DATA_DIR: dataDir, FEED_API_BASE_URL: hosted.baseUrl, TIDINGS_SMTP_PORT: '0',
        DATABASE_URL: databaseUrl, TIDINGS_SECRET: 'one secret for both e2e nodes',
      };
      delete env.FEED_API_KEY;
      delete env.TIDINGS_APP_PASSWORD;
      nodes.push({ server: await startProductionServer(root, env), dataDir });
    }
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(nodes.map(({ server }) => server.stop()));
    for (const { dataDir } of nodes) rmSync(dataDir, { recursive: true, force: true });
    await hosted?.stop();
  });

  it('signs a person in on one node and lets them read on the other', async () => {
    const [first, second] = [nodes[0]!.server, nodes[1]!.server];
    const context = await browser.newContext({ ...VIEWPORTS.desktop });
    try {
      const page = await context.newPage();
      await page.goto(`${first.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(key);
      await page.getByRole('button', { name: 'Sign in with API key' }).click();
      await page.waitForURL((url) => url.pathname === '/inbox');

      const listed = (await (await fetch(`${hosted.baseUrl}/v1/items?is_read=unread&limit=1`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { id: string; title: string }[] };
      const item = listed.data[0]!;
      await page.goto(`${second.baseUrl}/inbox`);
      expect(new URL(page.url()).pathname).toBe('/inbox');
      await page.getByRole('list', { name: 'Unread items' }).getByRole('link', { name: item.title, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: item.title, exact: true }).waitFor();
      expect(new URL(page.url()).origin).toBe(second.baseUrl);
    } finally {
      await context.close();
    }
  });
});
