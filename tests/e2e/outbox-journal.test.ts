import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest } from './browser';
import { ownerApiKey, serviceItem, signInTo } from './offline-helpers';
import { ownServer } from './own-server';

/*
 * A change made just before the page is left: a phone whose outbox code (a chunk of its own,
 * loaded after the page) has not arrived yet when the person marks an item read and closes the
 * tab at once. The change was shown; it must reach the service when the app is opened again.
 * The service worker is blocked so the test, not a cache, decides when that chunk arrives.
 */

const server = ownServer();
const contexts = contextPerTest();

/** A text only the outbox runtime's code holds (the name of its replay lock). */
const runtimeMarker = 'tidings-outbox-replay';

describe('a change made just before the page is left', () => {
  it('reaches the service from the next tab when the first was closed before its outbox code had loaded', async () => {
    const key = ownerApiKey(server().dataDir);
    // This file's own server: signed in there, not on the suite's.
    const context = await contexts.open('desktop', { baseURL: server().baseUrl, serviceWorkers: 'block', signedIn: false });
    await signInTo(context, server().baseUrl);
    // The outbox runtime's chunk is held back (a slow link), every other chunk goes through.
    const held: Route[] = [];
    let holding = true;
    await context.route('**/_next/static/chunks/**', async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (holding && body.includes(runtimeMarker)) {
          held.push(route);
          return;
        }
        await route.fulfill({ response, body });
      } catch {
        // The tab closed while this chunk was on its way (the test closes it on purpose): nothing to answer.
      }
    });

    const page = await context.newPage();
    await page.goto('/inbox?view=all');
    const markRead = page.locator('li[data-item-id] button[aria-label^="Mark read: "]').first();
    const label = (await markRead.getAttribute('aria-label'))!;
    const id = await markRead.evaluate((button) => button.closest('li[data-item-id]')!.getAttribute('data-item-id')!);
    expect((await serviceItem(server().baseUrl, key, id)).is_read).toBe(false);
    // The page asked for the outbox's code and is still waiting for it.
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);

    await markRead.click();
    await page.getByRole('button', { name: label.replace(/^Mark read: /, 'Mark unread: '), exact: true }).waitFor();
    await page.close();
    holding = false;
    for (const route of held) await route.abort().catch(() => undefined);

    const next = await context.newPage();
    await next.goto('/inbox?view=all');
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, id)).is_read, { timeout: 20_000, interval: 200 }).toBe(true);
    await next.getByRole('status').filter({ hasText: /waiting to sync/ }).waitFor({ state: 'detached' });
  }, 90_000);
});
