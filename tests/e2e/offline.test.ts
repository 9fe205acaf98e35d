import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Profile, ownerApiKey, serviceItem, signInTo, waitForWorker } from './offline-helpers';

let context: BrowserContext | undefined;
let profile: Profile | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
  profile?.remove();
  profile = undefined;
});

type Row = { id: string; title: string };

async function rows(page: Page): Promise<Row[]> {
  await page.locator('li[data-item-id] [data-item-link]').first().waitFor();
  return page.locator('li[data-item-id]').evaluateAll((items) => items.map((item) => ({
    id: item.getAttribute('data-item-id')!,
    title: item.querySelector('[data-item-link]')!.textContent!.trim(),
  })));
}

describe('the app without a connection', () => {
  it('installs a worker from /sw.js that controls the app', async () => {
    profile = new Profile(inject('baseUrl'));
    context = await profile.launch();
    await signInTo(context, inject('baseUrl'));
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto('/inbox');
    await waitForWorker(page);
    const script = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
    expect(script).toBe(`${inject('baseUrl')}/sw.js`);
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
  });

  it('opens the inbox and a read item offline, queues changes across a restart, and sends exactly them when back online', async () => {
    const baseUrl = inject('baseUrl');
    const key = ownerApiKey(inject('dataDir'));
    profile = new Profile(baseUrl);
    context = await profile.launch();
    await signInTo(context, baseUrl);
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto('/inbox?view=all');
    const list = await rows(page);
    await waitForWorker(page);
    // Read one item online so its page and content are kept.
    const opened = list[0]!;
    await page.locator(`li[data-item-id="${opened.id}"] [data-item-link]`).click();
    await page.getByRole('heading', { level: 1, name: opened.title, exact: true }).waitFor();
    await page.goto('/inbox?view=all');
    await rows(page);

    await context.setOffline(true);
    await page.reload();
    const offlineList = await rows(page);
    expect(offlineList.map((row) => row.id)).toEqual(list.map((row) => row.id));

    await page.goto(`/items/${opened.id}`);
    await page.getByRole('heading', { level: 1, name: opened.title, exact: true }).waitFor();
    expect((await page.locator('.reading').innerText()).length).toBeGreaterThan(20);
    console.log(await serviceItem(baseUrl, key, opened.id));
  });
});
