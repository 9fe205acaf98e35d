import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newAppContext } from './browser';

/* The settings page on a 1280 px desktop, where its forms set fields side by side. */

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
});

describe('settings on a desktop', () => {
  it('lines up the boxes of side-by-side read-later fields even when one has a hint above it', async () => {
    context = await newAppContext(browser, 'desktop');
    const page = await context.newPage();
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Link wallabag' });
    const [address, client] = await Promise.all(['Server address', 'Client ID'].map(async (name) => (await form.getByLabel(name).boundingBox())!));
    expect(address.x).toBeLessThan(client.x);
    expect(Math.round(address.y)).toBe(Math.round(client.y));
  });
});
