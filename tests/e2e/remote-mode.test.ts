import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { ownerApiKey, serviceItem, startDedicatedServer } from './offline-helpers';
import { startProductionServer, type RunningServer } from './server';

/*
 * Tidings as the front end of a hosted service (remote mode): one app server with
 * FEED_API_BASE_URL set and no key of its own, in front of another server's /v1 mount
 * standing in for the hosted service. A person signs in with their own API key, reads
 * through the proxy, finds first-party features hidden, and shares a saved item; their key
 * reaches no response the browser receives.
 */

const root = path.resolve(import.meta.dirname, '../..');
// A credential of the service in any form (API key or app token): none may reach a browser.
const credential = /tid_(live|app)_[0-9A-Za-z]{20,}/;

let hosted: Awaited<ReturnType<typeof startDedicatedServer>>;
let app: RunningServer;
let appDataDir: string;
let key: string;
let browser: Browser;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  hosted = await startDedicatedServer({});
  key = ownerApiKey(hosted.dataDir);
  appDataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-remote-'));
  const env: NodeJS.ProcessEnv = { ...process.env, TIDINGS_DATA_DIR: appDataDir, FEED_API_BASE_URL: hosted.baseUrl, TIDINGS_SMTP_PORT: '0' };
  delete env.FEED_API_KEY;
  delete env.TIDINGS_APP_PASSWORD;
  app = await startProductionServer(root, env);
  browser = await launchBrowser();
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await hosted?.stop();
  rmSync(appDataDir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; received: () => Promise<string> }> {
  const context = await browser.newContext({ baseURL: app.baseUrl, ...VIEWPORTS.desktop, permissions: ['clipboard-read', 'clipboard-write'] });
  contexts.push(context);
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    bodies.push(response.body().then((body) => `${JSON.stringify(response.headers())}\n${body.toString('utf8')}`, () => ''));
  });
  return { page, received: async () => (await Promise.all(bodies)).join('\n') };
}

async function signInWithKey(page: Page, apiKey: string): Promise<void> {
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Sign in with API key' }).click();
}

describe('against a hosted service', () => {
  it('signs a person in with their own API key, reads through the proxy and hides first-party features, never sending the key back', async () => {
    const { page, received } = await newPage();
    await page.goto('/inbox');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    // No password of this server and no operator key: the person's own key is the only way in.
    expect(await page.getByRole('heading', { name: 'With your API key' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);

    await signInWithKey(page, 'tid_live_NotAKeyTheServiceKnows0000000000');
    await page.getByText('That did not work. Check what you typed and try again.').waitFor();
    await signInWithKey(page, key);
    await page.waitForURL((url) => url.pathname === '/inbox');
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'tidings_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // The inbox lists what the hosted service has for this key.
    const listed = (await (await fetch(`${hosted.baseUrl}/v1/items?is_read=unread&limit=1`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { title: string }[] };
    const rows = page.getByRole('list', { name: 'Unread items' });
    await rows.getByRole('link', { name: listed.data[0]!.title, exact: true }).waitFor();

    // First-party operations are not offered against a hosted service: hidden, not broken.
    await page.goto('/settings');
    await page.getByText('your plan, API keys and read-later links are managed on that service’s own site').waitFor();
    expect(await page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    // No error in the page (Next's route announcer, an empty alert outside main, aside).
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    expect((await page.request.get('/api/v1/folders')).status()).toBe(404);
    await page.goto('/subscriptions');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Once the capabilities have arrived (the last request of the page), OPML stays hidden.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Export OPML' }).count()).toBe(0);

    expect(await received()).not.toMatch(credential);
  });

  it('shares a saved item with a link that works without signing in, through the person’s key on the server', async () => {
    const { page, received } = await newPage();
    await page.goto('/sign-in');
    await signInWithKey(page, key);
    await page.waitForURL((url) => url.pathname === '/inbox');
    await page.goto('/inbox?view=all');
    const row = page.locator('li[data-item-id]').filter({ has: page.getByRole('button', { name: /^Save: / }) }).first();
    const id = (await row.getAttribute('data-item-id'))!;
    const title = (await row.locator('[data-item-link]').textContent())!.trim();
    await row.locator('[data-item-link]').click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await serviceItem(hosted.baseUrl, key, id)).is_saved).toBe(true);
    await page.locator('summary', { hasText: 'Share' }).click();
    await page.getByRole('button', { name: 'Share link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/share/[A-Za-z0-9_-]{43}$`));

    const visitor = await newPage();
    expect((await visitor.page.goto(url))!.status()).toBe(200);
    await visitor.page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(await visitor.page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
    expect(await visitor.received()).not.toMatch(credential);
    expect(await received()).not.toMatch(credential);
  });
});
