import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations } from './browser';
import { waitForWorker } from './offline-helpers';
import { setContextOffline } from './connection';

/*
 * The inbox on small phones (320 to 412 px wide): the rows its controls take above the list, the
 * selection bar's rows, and pull to refresh, which belongs to the list and not to the fixed things
 * over it (mini player, outbox panel).
 */

const contexts = contextPerTest();

function isItemsList(response: Response): boolean {
  return response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/v1/items';
}

/** Opens the inbox at `query` on a touch phone `width` px wide and waits for its rows. */
async function openInbox(width: number, query = ''): Promise<Page> {
  const context = await contexts.open('phone', { viewport: { width, height: 740 } });
  const page = await context.newPage();
  await page.goto(`/inbox${query}`);
  await page.locator('li[data-item-id]').first().waitFor();
  return page;
}

/**
 * How many rows the visible children of `box` take: the distinct middles of their boxes (they are
 * centred in a row). An empty status line takes no room, so it is no row.
 */
function rowsOf(box: Locator): Promise<number> {
  return box.evaluate((element) => new Set([...element.children]
    .map((child) => child.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0)
    .map((rect) => Math.round(rect.top + rect.height / 2))).size);
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

/** How many rows the controls above the first item take in the main area: the distinct middles of their boxes. */
function controlRowsAboveList(page: Page): Promise<number> {
  return page.getByRole('main').evaluate((main) => {
    const firstRow = main.querySelector('li[data-item-id]')!.getBoundingClientRect().top;
    return new Set([...main.querySelectorAll('a[href], button, input, select')]
      .map((control) => control.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.bottom <= firstRow)
      .map((rect) => Math.round(rect.top + rect.height / 2))).size;
  });
}

describe.each([360, 412])('the inbox toolbar on a %i px phone', (width) => {
  it('takes two rows above the list, with dates, item types and the read mode one Options press away', async () => {
    const page = await openInbox(width, '?view=all');
    expect(await controlRowsAboveList(page)).toBe(2);
    const main = page.getByRole('main');
    for (const name of ['Select all', 'Mark all as read', 'Refresh']) {
      expect(await main.getByRole(name === 'Select all' ? 'checkbox' : 'button', { name, exact: true }).isVisible(), `${name} is visible`).toBe(true);
    }
    const episodes = main.getByRole('navigation', { name: 'Item types' }).getByRole('link', { name: 'Episodes', exact: true });
    expect(await episodes.isVisible()).toBe(false);

    const options = main.getByRole('button', { name: /^Options/ });
    expect(await options.textContent()).toBe('Options');
    await options.click();
    expect(await options.getAttribute('aria-expanded')).toBe('true');
    for (const control of [main.getByRole('button', { name: 'Dates', exact: true }), episodes, main.getByRole('combobox', { name: 'Mark as read' })]) {
      expect(await control.isVisible()).toBe(true);
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectNoAxeViolations(page);

    // Folded again, the button says how many filters are in use.
    await episodes.click();
    await page.waitForURL((address) => address.searchParams.get('type') === 'episode');
    await options.click();
    expect(await options.getAttribute('aria-expanded')).toBe('false');
    await main.getByRole('button', { name: /^Options\W*1 in use$/ }).waitFor();
    await expect.poll(() => episodes.isVisible()).toBe(false);
  });
});

describe.each([360, 320])('the inbox selection bar on a %i px phone', (width) => {
  it('takes two rows at most, offers every action by its full name, and stays above the mini player', async () => {
    const page = await openInbox(width, '?view=all&type=episode');
    const rows = page.locator('li[data-item-id]');
    await rows.first().getByRole('button', { name: /^(Play|Resume|Play again):/ }).click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.waitFor();
    // On a phone the checkboxes show once a selection starts: here from the row's menu (or a long press).
    await rows.nth(1).getByRole('button', { name: /^More actions: / }).click();
    await rows.nth(1).getByRole('button', { name: 'Select', exact: true }).click();
    await rows.nth(2).getByRole('checkbox').check();

    const bar = page.getByRole('group', { name: 'Selected items' });
    // The bar's actions load with the first tick (a chunk of their own): wait for them as a person would.
    await bar.getByText('2 selected').waitFor();
    expect(await rowsOf(bar)).toBeLessThanOrEqual(2);
    for (const name of ['Mark read', 'Mark unread', 'Save', 'Unsave', 'Clear selection']) {
      const button = bar.getByRole('button', { name, exact: true });
      expect(await button.isVisible(), `${name} is visible`).toBe(true);
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height), `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    await expect.poll(async () => {
      const [barBox, playerBox] = [await bar.boundingBox(), await player.boundingBox()];
      return barBox && playerBox ? Math.round(barBox.y + barBox.height - playerBox.y) : null;
    }).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    const bulk = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/v1/items');
    await bar.getByRole('button', { name: 'Unsave', exact: true }).click();
    expect(((await bulk).request().postDataJSON() as { action: string }).action).toBe('unsave');
    await expectNoAxeViolations(page);
  });
});

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
    await setContextOffline(page.context(), true);
    const panel = page.getByRole('complementary', { name: 'Offline and sync' });
    await panel.getByText('You are offline.').waitFor();
    // Folded, the panel shows only its badge: that is where a thumb lands on it.
    await expectNoRefreshPullingOn(page, panel.getByRole('button', { name: 'Offline' }));
    await setContextOffline(page.context(), false);
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
