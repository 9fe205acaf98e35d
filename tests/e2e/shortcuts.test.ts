import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHORTCUTS_STORAGE_KEY } from '@/lib/client/shortcuts';
import { contextPerTest, expectNoAxeViolations, VIEWPORTS, type ViewportName } from './browser';
import { feedSitePerFile } from './feed-site';

/*
 * Keyboard shortcuts as a person sets them up: remapped in settings, then used in the inbox
 * and in search results, and listed by `?`. On a phone they serve a hardware keyboard (a tablet's or one paired by
 * Bluetooth); every action they do also has a button, which the other files press by touch.
 */

const contexts = contextPerTest();
const site = feedSitePerFile();

function focusedHref(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);
}

describe.each<ViewportName>(['phone', 'desktop'])('keyboard shortcuts on a %s', (viewport) => {
  it('takes a key remapped in settings in the inbox and lists it with ?, in a dialog that fits and closes by its button', async () => {
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    await page.goto('/settings');
    const next = page.getByRole('list', { name: 'Keyboard shortcuts' }).getByLabel('Next item', { exact: true });
    await next.focus();
    await page.keyboard.press('n');
    await page.getByRole('status').filter({ hasText: 'Next item: now n.' }).waitFor();
    expect(await next.inputValue()).toBe('n');
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SHORTCUTS_STORAGE_KEY)) ?? '{}')).toEqual({ next: 'n' });

    // The list is in the server's HTML; keys are taken once the page has hydrated, which the
    // list's own request from the browser marks (a key pressed before that does nothing).
    const listed = page.waitForResponse((response) => response.request().method() === 'GET'
      && new URL(response.url()).pathname === '/api/v1/items');
    await page.goto('/inbox?view=all');
    await listed;
    const links = page.getByRole('list', { name: 'Items' }).locator('[data-item-link]');
    await links.nth(1).waitFor();
    // j no longer moves; n does.
    await page.keyboard.press('j');
    expect(await focusedHref(page)).toBeNull();
    await page.keyboard.press('n');
    const first = await links.nth(0).getAttribute('href');
    expect(await focusedHref(page)).toBe(first);

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const keysFor = (label: string) => dialog.evaluate((element, name) => [...element.querySelectorAll('dd')]
      .find((entry) => entry.textContent === name)?.previousElementSibling?.textContent ?? null, label);
    expect(await keysFor('Next item')).toBe('n');
    expect(await keysFor('Previous item')).toBe('k');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].viewport.width);
    await expectNoAxeViolations(page);

    const close = dialog.getByRole('button', { name: 'Close' });
    if (viewport === 'phone') await close.tap();
    else await close.click();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the item it was on.
    expect(await focusedHref(page)).toBe(first);

    // Opened, read and left by the browser's Back: focus is on that item again, so j goes on from it.
    await page.keyboard.press('o');
    await page.waitForURL(`**${first}`);
    await page.locator('#item-title').waitFor();
    await page.goBack();
    await page.waitForURL('**/inbox?view=all');
    await expect.poll(() => focusedHref(page)).toBe(first);
    await page.keyboard.press('n');
    expect(await focusedHref(page)).toBe(await links.nth(1).getAttribute('href'));
  });
});

describe('the shared shortcuts', () => {
  it('lists the shortcuts with ? and goes to search with / from stories, subscriptions and settings, and / on search returns to the box', async () => {
    const context = await contexts.open('desktop');
    const page = await context.newPage();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const path of ['/stories', '/subscriptions', '/settings']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Keys are taken once the page has hydrated: press until the help answers.
      await expect.poll(async () => {
        await page.keyboard.press('?');
        return dialog.isVisible();
      }, { timeout: 15_000, message: `? on ${path}` }).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.keyboard.press('/');
      await page.waitForURL('**/search');
    }

    await page.goto('/search?q=river');
    const box = page.getByRole('searchbox', { name: 'Search for' });
    await box.waitFor();
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(false);
    await expect.poll(async () => {
      await page.keyboard.press('/');
      return box.evaluate((element) => element === document.activeElement);
    }, { timeout: 15_000 }).toBe(true);
    expect(await box.evaluate((element: HTMLInputElement) => element.selectionEnd! - element.selectionStart!)).toBe('river'.length);
    expect(new URL(page.url()).search).toBe('?q=river');
  });
});

describe('list keys in search results', () => {
  it('moves between results with j and k and marks the focused one read and unread with m, which the row shows', async () => {
    const context = await contexts.open('desktop');
    const page = await context.newPage();
    const when = Date.now() - 3_600_000;
    const feed = site().feed('/quokka.xml', 'Quokka Quarterly', [0, 1, 2].map((index) => ({
      guid: `quokka-${index}`, title: `Quokka sighting number ${index + 1}`, body: 'A quokka was seen on the island.', date: new Date(when - index * 60_000),
    })));
    await page.goto('/search');
    const subscribed = await page.request.post('/api/v1/subscriptions', { data: { url: feed }, headers: { origin: new URL(page.url()).origin } });
    expect([200, 201]).toContain(subscribed.status());

    const searched = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/v1/items');
    await page.goto('/search?q=quokka');
    await searched;
    const links = page.getByRole('list', { name: 'Matching items' }).locator('[data-item-link]');
    await links.nth(2).waitFor();
    const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));

    // Keys are taken once the page has hydrated: press until j answers.
    await expect.poll(async () => {
      await page.keyboard.press('j');
      return focusedHref(page);
    }, { timeout: 15_000 }).toBe(hrefs[0]);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect(await focusedHref(page)).toBe(hrefs[2]);
    await page.keyboard.press('k');
    expect(await focusedHref(page)).toBe(hrefs[1]);
    // Focus is seen.
    expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);

    const row = page.locator(`li[data-item-id="${hrefs[1]!.replace('/items/', '')}"]`);
    const marked = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/v1${hrefs[1]}`);
    await page.keyboard.press('m');
    expect((await marked).status()).toBe(200);
    await row.getByText('Read', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: `Marked read: ${await links.nth(1).textContent()}` }).waitFor();
    expect(await focusedHref(page)).toBe(hrefs[1]);
    await expectNoAxeViolations(page);

    const unmarked = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/v1${hrefs[1]}`);
    await page.keyboard.press('m');
    expect((await unmarked).status()).toBe(200);
    await row.getByText('Unread', { exact: true }).waitFor();

    // Opened by key, the results are the list the reader steps through.
    await page.keyboard.press('o');
    await page.waitForURL(`**${hrefs[1]}`);
    expect(await page.getByRole('link', { name: '← Back to the list' }).getAttribute('href')).toBe('/search?q=quokka');
  });
});
