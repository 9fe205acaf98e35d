import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, newAppContext } from './browser';

/*
 * The inbox on a wide screen (1440 x 900): sources, list and reader side by side. Opening an
 * item keeps the list where it was (same rows, same scroll place); j and k move in the list
 * and the reader follows; Back closes the reader again.
 */

const contexts = contextPerTest();
const wide = { viewport: { width: 1440, height: 900 } };

async function openInbox(page: Page, query = '?view=all'): Promise<void> {
  await page.goto(`/inbox${query}`);
  await page.locator('li[data-item-id] [data-item-link]').nth(8).waitFor();
}

function reader(page: Page) {
  return page.getByRole('region', { name: 'Reader' });
}

function list(page: Page) {
  return page.locator('ul:has(> li[data-item-id])');
}

/** Opens the list's nth item beside it and waits until the reader shows it; answers its title and address. */
async function openFromList(page: Page, nth: number): Promise<{ title: string; href: string }> {
  const link = page.locator('li[data-item-id] [data-item-link]').nth(nth);
  const [title, href] = [(await link.textContent())!, (await link.getAttribute('href'))!];
  await link.click();
  await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  return { title, href };
}

/** Sources, list and reader each shown, side by side in that order. */
async function expectThreePanes(page: Page): Promise<void> {
  await list(page).locator('[data-item-link]').first().waitFor();
  const boxes = await Promise.all([page.getByRole('navigation', { name: 'Sources' }).boundingBox(), list(page).boundingBox(), reader(page).boundingBox()]);
  const [sources, rows, pane] = boxes.map((box) => box!);
  expect(sources!.x + sources!.width).toBeLessThanOrEqual(rows!.x);
  expect(rows!.x + rows!.width).toBeLessThanOrEqual(pane!.x);
  expect(pane!.width).toBeGreaterThan(500);
}

/** Opens the first article beside the list: its text at 60 to 75 characters a line, and axe clean. */
async function readsComfortablyAndPassesAxe(page: Page): Promise<void> {
  await openInbox(page, '?view=all&type=article');
  await openFromList(page, 0);
  // Characters per full line of the text's longest paragraph: 60 to 75.
  const perLine = await reader(page).locator('.reading').evaluate((text) => {
    const paragraph = [...text.querySelectorAll('p')].sort((a, b) => b.textContent!.length - a.textContent!.length)[0]!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    return lines > 2 ? paragraph.textContent!.length / lines : null;
  });
  if (perLine !== null) {
    expect(perLine).toBeGreaterThanOrEqual(55);
    expect(perLine).toBeLessThanOrEqual(75);
  }
  await expectNoAxeViolations(page);
}

describe('three panes at 1440 px', () => {
  it('shows sources, list and reader side by side, and opening an item keeps the list and its scroll place', async () => {
    const page = await (await contexts.open('desktop', wide)).newPage();
    await openInbox(page);
    await reader(page).getByText('Choose an item to read it here.').waitFor();
    const boxes = await Promise.all([
      page.getByRole('navigation', { name: 'Sources' }).boundingBox(),
      page.locator('ul:has(> li[data-item-id])').boundingBox(),
      reader(page).boundingBox(),
    ]);
    const [sources, list, pane] = boxes.map((box) => box!);
    // Side by side, each a real column, all within the screen.
    expect(sources!.x + sources!.width).toBeLessThanOrEqual(list!.x);
    expect(list!.x + list!.width).toBeLessThanOrEqual(pane!.x);
    expect(pane!.x + pane!.width).toBeLessThanOrEqual(1440);
    expect(Math.min(sources!.width, list!.width, pane!.width)).toBeGreaterThan(180);
    expect(pane!.width).toBeGreaterThan(500);

    // Scrolled down the list, open an item some way down.
    await page.evaluate(() => {
      window.scrollTo(0, 600);
      (document.querySelector('ul:has(> li[data-item-id])') as HTMLElement & { kept?: boolean }).kept = true;
    });
    const link = page.locator('li[data-item-id] [data-item-link]').nth(7);
    await link.scrollIntoViewIfNeeded();
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(300);
    const [title, href] = [(await link.textContent())!, (await link.getAttribute('href'))!];
    await link.click();
    await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    // The item's own address, so a reload or a copied link opens it.
    expect(new URL(page.url()).pathname).toBe(href);
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
    // The same list element: not rendered again, its rows where they were.
    expect(await page.evaluate(() => (document.querySelector('ul:has(> li[data-item-id])') as HTMLElement & { kept?: boolean }).kept)).toBe(true);
    expect(await link.isVisible()).toBe(true);

    // Another item opened from the list replaces the reader's, and Back closes it again.
    await openFromList(page, 8);
    await page.goBack();
    await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.goBack();
    await reader(page).getByText('Choose an item to read it here.').waitFor();
    expect(new URL(page.url()).search).toBe('?view=all');
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
  });

  it('moves in the list with j and k while the reader follows, focus staying in the list', async () => {
    const page = await (await contexts.open('desktop', wide)).newPage();
    await openInbox(page);
    const links = page.locator('li[data-item-id] [data-item-link]');
    const titles = await links.evaluateAll((elements) => elements.slice(0, 3).map((element) => element.textContent!));
    const focusedRow = () => page.evaluate(() => document.activeElement?.closest('li[data-item-id]')?.querySelector('[data-item-link]')?.textContent);

    await page.keyboard.press('j');
    await reader(page).getByRole('heading', { level: 1, name: titles[0], exact: true }).waitFor();
    expect(await focusedRow()).toBe(titles[0]);
    await page.keyboard.press('j');
    await reader(page).getByRole('heading', { level: 1, name: titles[1], exact: true }).waitFor();
    expect(await focusedRow()).toBe(titles[1]);
    await page.keyboard.press('j');
    await reader(page).getByRole('heading', { level: 1, name: titles[2], exact: true }).waitFor();
    await page.keyboard.press('k');
    await reader(page).getByRole('heading', { level: 1, name: titles[1], exact: true }).waitFor();
    expect(await focusedRow()).toBe(titles[1]);
    expect(new URL(page.url()).pathname).toBe(await links.nth(1).getAttribute('href'));
    // One history entry for the reading, not one per step: Back is the list.
    await page.goBack();
    await reader(page).getByText('Choose an item to read it here.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/inbox');
  });

  it('reads at a comfortable measure and has no accessibility violations, light and dark', async () => {
    // Both schemes at once: axe keeps Chromium busy for seconds while the runner only waits.
    await Promise.all((['light', 'dark'] as const).map(async (colorScheme) => {
      const context = await newAppContext(contexts.browser(), 'desktop', { ...wide, colorScheme });
      try {
        await readsComfortablyAndPassesAxe(await context.newPage());
      } finally {
        await context.close();
      }
    }));
  });

  it('reloading an item opened beside the list shows the three panes again, with the list it came from, and Back and Forward still step through', async () => {
    const page = await (await contexts.open('desktop', wide)).newPage();
    await openInbox(page);
    const { title, href } = await openFromList(page, 2);
    await page.reload();
    await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    await expectThreePanes(page);
    // The list is the one the item was opened from (all items, not the inbox's default unread view), the item in it.
    await expect.poll(() => page.getByRole('navigation', { name: 'Views' }).locator('[aria-current="page"]').textContent()).toBe('All');
    await list(page).locator(`[data-item-link][href="${href}"]`).waitFor();

    // Opening another item from the reloaded list, then Back, Back and Forward.
    const { href: otherHref } = await openFromList(page, 4);
    expect(new URL(page.url()).pathname).toBe(otherHref);
    await page.goBack();
    await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    await page.goBack();
    await reader(page).getByText('Choose an item to read it here.').waitFor();
    expect(new URL(page.url()).search).toBe('?view=all');
    await list(page).locator(`[data-item-link][href="${href}"]`).waitFor();
    await page.goForward();
    await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    await expectThreePanes(page);
  });

  it("opens an item's address typed in afresh as the three panes beside the inbox, and as the item's own page on a phone", async () => {
    const first = await (await contexts.open('desktop', wide)).newPage();
    await openInbox(first);
    const link = first.locator('li[data-item-id] [data-item-link]').nth(1);
    const [title, href] = [(await link.textContent())!, (await link.getAttribute('href'))!];
    await first.context().close();

    const page = await (await contexts.open('desktop', wide)).newPage();
    await page.goto(href);
    await reader(page).getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await expectThreePanes(page);
    // No list was opened in this tab: the inbox's own.
    expect(await page.getByRole('navigation', { name: 'Views' }).locator('[aria-current="page"]').textContent()).toBe('Unread');
    await expectNoAxeViolations(page);
    await page.context().close();

    const phone = await (await contexts.open('phone')).newPage();
    await phone.goto(href);
    await phone.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(await phone.locator('li[data-item-id]').count()).toBe(0);
    expect(await phone.getByRole('heading', { level: 1, name: 'Inbox' }).isVisible()).toBe(false);
    expect(await phone.getByRole('navigation', { name: 'Sources' }).isVisible()).toBe(false);
  });

  it("narrowed below 1200 px with an item open shows that item's reader, as its address says, and Back returns to the list", async () => {
    const page = await (await contexts.open('desktop', wide)).newPage();
    await openInbox(page);
    const { title, href } = await openFromList(page, 3);
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect.poll(() => list(page).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1, name: title, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'Inbox' }).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe(href);
    // The reader is the page's: it takes the width.
    expect((await reader(page).boundingBox())!.width).toBeGreaterThan(600);

    await page.goBack();
    await list(page).locator('[data-item-link]').first().waitFor({ state: 'visible' });
    expect(new URL(page.url()).search).toBe('?view=all');
    expect(await reader(page).isVisible()).toBe(false);
    // And widened again with an item open, the panes come back.
    await list(page).locator(`[data-item-link][href="${href}"]`).click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await page.setViewportSize(wide.viewport);
    await expectThreePanes(page);
  });
});
