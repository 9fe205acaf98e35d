import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newAppContext } from './browser';
import { waitForWorker } from './offline-helpers';

/*
 * The inbox on small phones (360 × 740): pull to refresh belongs to the list, not to the
 * fixed things over it (mini player, outbox panel).
 */

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

function isItemsList(response: Response): boolean {
  return response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/v1/items';
}

/** Opens the inbox at `query` on a touch phone `width` px wide and waits for its rows. */
async function openInbox(width: number, query = ''): Promise<Page> {
  context = await newAppContext(browser, 'phone', { viewport: { width, height: 740 } });
  const page = await context.newPage();
  await page.goto(`/inbox${query}`);
  await page.locator('li[data-item-id]').first().waitFor();
  return page;
}

/** A one-finger drag straight down from (x, y), far enough for a pull from the list to refresh; `lift` ends it. */
async function dragDown(page: Page, x: number, y: number): Promise<{ lift: () => Promise<void> }> {
  const touch = await page.context().newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 8; step += 1) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + step * 30 }] });
  }
  // Two frames: React has drawn the indicator by then, if the drag stretched it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return { lift: () => touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }).then(() => undefined) };
}

/** Drags down from the middle of `from` and lets go: neither the indicator nor a fetch of the list may follow. */
async function expectNoRefreshPullingOn(page: Page, from: Locator): Promise<void> {
  const box = (await from.boundingBox())!;
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/v1/items') fetched.push(request.url());
  });
  const drag = await dragDown(page, box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
  expect(await page.getByText(/Pull to refresh|Release to refresh/).count()).toBe(0);
  await drag.lift();
  await page.waitForTimeout(500);
  expect(await page.getByText('Refreshing…').count()).toBe(0);
  expect(fetched).toEqual([]);
}

describe('the inbox on a 360 px phone, pulled down', () => {
  it('does not refresh when the pull starts on the mini player', async () => {
    const page = await openInbox(360, '?view=all&type=episode');
    await page.locator('li[data-item-id]').first().getByRole('button', { name: /^(Play|Resume|Play again):/ }).click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoRefreshPullingOn(page, player);
    // The player is still there, not opened by the drag.
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('does not refresh when the pull starts on the offline panel', async () => {
    const page = await openInbox(360);
    // Offline before the worker holds the app's code, the outbox (which shows the panel) might not load.
    await waitForWorker(page);
    await context!.setOffline(true);
    const panel = page.getByRole('complementary', { name: 'Offline and sync' });
    await panel.getByText('You are offline.').waitFor();
    await expectNoRefreshPullingOn(page, panel.getByRole('status'));
    await context!.setOffline(false);
  });

  it('still refreshes when the pull starts on the list, with the player showing', async () => {
    const page = await openInbox(360, '?view=all&type=episode');
    await page.locator('li[data-item-id]').first().getByRole('button', { name: /^(Play|Resume|Play again):/ }).click();
    await page.getByRole('region', { name: 'Podcast player' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const refetch = page.waitForResponse(isItemsList);
    const drag = await dragDown(page, 180, 300);
    await page.getByText('Release to refresh').waitFor();
    await drag.lift();
    expect((await refetch).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Refreshed.' }).waitFor();
  });
});
