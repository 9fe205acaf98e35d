import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@/components/shell/theme-script';
import { contextPerTest, expectNoAxeViolations, type ViewportName } from './browser';
import { mainNavLink } from './main-nav';

const NAV_LINKS = [
  ['Inbox', '/inbox'],
  ['Stories', '/stories'],
  ['Episodes', '/episodes'],
  ['Search', '/search'],
  ['Subscriptions', '/subscriptions'],
  ['Settings', '/settings'],
] as const;

const contexts = contextPerTest();

async function open(viewport: ViewportName, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await contexts.open(viewport, { colorScheme });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

describe.each<ViewportName>(['phone', 'desktop'])('the app shell on a %s', (viewport) => {
  it('shows the inbox heading and every section in the main navigation', async () => {
    const page = await open(viewport, '/inbox');

    const heading = page.getByRole('heading', { level: 1, name: 'Inbox' });
    expect(await heading.isVisible()).toBe(true);
    expect(await page.title()).toBe('Inbox · Tidings');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of NAV_LINKS) {
      const link = await mainNavLink(page, name);
      expect(await link.isVisible(), `${name} link is visible`).toBe(true);
      expect(await link.getAttribute('href')).toBe(href);
    }
    expect(await nav.getByRole('link', { name: 'Inbox' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Stories' }).getAttribute('aria-current')).toBeNull();
  });

  it('reaches the skip link with the first Tab and moves focus to the main content', async () => {
    const page = await open(viewport, '/inbox');

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);

    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('has no accessibility violations in the light and the dark theme', async () => {
    const light = await open(viewport, '/inbox', 'light');
    await expectNoAxeViolations(light);
    await light.context().close();

    const dark = await open(viewport, '/inbox', 'dark');
    expect(await dark.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 18, 20)');
    await expectNoAxeViolations(dark);
  });

  it('passes axe on the pages no journey passes through: the offline page and a share with no link', async () => {
    const page = await open(viewport, '/offline');
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await expectNoAxeViolations(page);
    await page.goto('/share-target?text=nothing%20to%20follow');
    await page.getByRole('heading', { level: 1, name: 'Nothing to subscribe to' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('fits the screen without sideways scrolling', async () => {
    const page = await open(viewport, '/inbox');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

/** How many rows the header's controls take: the distinct middles of the visible ones (they are centred in a row). */
function headerRows(page: Page): Promise<number> {
  return page.locator('header').first().evaluate((header) => new Set(
    [...header.querySelectorAll('a, button')]
      .map((control) => control.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map((rect) => Math.round(rect.top + rect.height / 2)),
  ).size);
}

describe.each([360, 320])('the app shell on a %i px phone', (width) => {
  it.each(['/inbox', '/subscriptions'])('fits the header on one row on %s, with the other sections one press away', async (path) => {
    const context = await contexts.open('phone', { viewport: { width, height: 740 } });
    const page = await context.newPage();
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
    expect(await headerRows(page)).toBe(1);
    const more = nav.getByRole('button', { name: 'More', exact: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // The current section is marked where it is shown: in the row for the inbox, inside More for the others.
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    for (const [name, href] of NAV_LINKS) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), `${name} link is visible`).toBe(true);
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('aria-current')).toBe(href === path ? 'page' : null);
      const box = (await link.boundingBox())!;
      expect(Math.min(box.width, box.height), `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectNoAxeViolations(page);

    // From the keyboard: Tab goes from More into its links, Escape closes it and gives focus back.
    await more.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stories');
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await nav.getByRole('link', { name: 'Stories', exact: true }).isVisible()).toBe(false);

    // A section chosen from it opens, and the menu closes behind it.
    await more.click();
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    expect(await headerRows(page)).toBe(1);
  });
});

describe('the app shell anywhere', () => {
  it('sends the home page to the inbox', async () => {
    const page = await open('desktop', '/');
    expect(new URL(page.url()).pathname).toBe('/inbox');
  });

  it.each<ViewportName>(['phone', 'desktop'])('answers an unknown address with a not-found page and a way back on a %s', async (viewport) => {
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to your inbox' }).getAttribute('href')).toBe('/inbox');
    await expectNoAxeViolations(page);
  });

  it('fits a 320 px wide screen without sideways scrolling', async () => {
    const context = await contexts.open('phone', { viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    await page.goto('/inbox');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  it('keeps a theme chosen in settings from the first paint', async () => {
    const context = await contexts.open('desktop', { colorScheme: 'light' });
    await context.addInitScript((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
    const page = await context.newPage();
    await page.goto('/inbox');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 18, 20)');
  });
});
