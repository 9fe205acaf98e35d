import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations } from './browser';

/*
 * Issue 28, lists that scan: on a 390×844 phone each row of the inbox takes two lines (at most
 * 88 px) and at least 7 fit the first screen, each with its source's icon (an image or a tile
 * named after the source); a swipe right marks an item read, through to the service.
 */

const contexts = contextPerTest();

async function openInbox(viewport: 'phone' | 'desktop', query = '?view=all'): Promise<Page> {
  const context = await contexts.open(viewport);
  const page = await context.newPage();
  await page.goto(`/inbox${query}`);
  await page.locator('li[data-item-id]').nth(7).waitFor();
  return page;
}

/** Each row's height and whether it is wholly on the first screen, not under anything fixed. */
function rowsOnScreen(page: Page): Promise<{ height: number; shown: boolean }[]> {
  return page.evaluate(() => [...document.querySelectorAll('li[data-item-id]')].slice(0, 15).map((row) => {
    const rect = row.getBoundingClientRect();
    const middle = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return { height: rect.height, shown: rect.top >= 0 && rect.bottom <= window.innerHeight && Boolean(middle && row.contains(middle)) };
  }));
}

/** Each listed row's source icon: the name it has and whether it is an image (else a role=img tile). */
function iconsOf(page: Page): Promise<{ source: string; name: string | null; image: boolean; loaded: boolean }[]> {
  // Every row, not only the first: other tests' feeds (icon-less) may hold the newest items.
  return page.evaluate(() => [...document.querySelectorAll('li[data-item-id]')].map((row) => {
    const icon = row.querySelector('img[alt]:not([alt=""]), [role="img"]');
    const source = row.querySelector('h2 + p .truncate')?.textContent ?? '';
    const image = icon instanceof HTMLImageElement;
    return { source, name: image ? icon.alt : icon?.getAttribute('aria-label') ?? null, image, loaded: image && icon.naturalWidth > 1 };
  }));
}

describe('the inbox’s rows on a 390×844 phone', () => {
  it('are two lines, at most 88 px each, at least 7 on the first screen, each with its source’s named icon', async () => {
    const page = await openInbox('phone');
    await page.waitForFunction(() => [...document.querySelectorAll('li[data-item-id] img[alt]:not([alt=""])')].every((image) => (image as HTMLImageElement).complete));
    // The demo's icons come from the app: wait until one has arrived, however busy the machine.
    await page.waitForFunction(() => [...document.querySelectorAll('li[data-item-id] img[alt]:not([alt=""])')]
      .some((image) => (image as HTMLImageElement).naturalWidth > 1), undefined, { timeout: 15_000 });
    const rows = await rowsOnScreen(page);
    const tallest = Math.max(...rows.map((row) => row.height));
    expect(tallest, 'tallest row').toBeLessThanOrEqual(88);
    expect(rows.filter((row) => row.shown).length, 'rows wholly on the first screen').toBeGreaterThanOrEqual(7);

    const icons = await iconsOf(page);
    for (const icon of icons) expect(icon.name, `icon of a row from ${icon.source}`).toBe(icon.source);
    // The demo's sources have icons of their own, served by the app.
    expect(icons.filter((icon) => icon.loaded).length).toBeGreaterThan(0);
    // The permanent line of actions is gone: read and save are in the menu and the swipes.
    expect(await page.locator('li[data-item-id]').first().getByRole('button', { name: /^Mark (un)?read: / }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('marks an item read with a swipe right, through to the service, and offers to undo it', async () => {
    const page = await openInbox('phone', '');
    const row = page.locator('li[data-item-id]').first();
    await row.scrollIntoViewIfNeeded();
    const id = (await row.getAttribute('data-item-id'))!;
    const box = (await row.boundingBox())!;
    const y = box.y + box.height / 2;
    const written = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/v1/items/${id}`);
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 120, y }] });
    for (let step = 1; step <= 8; step += 1) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 120 + step * 20, y }] });
    // The hint behind the row says what letting go will do (its code loads with the first swipe: wait for it, as the finger does).
    await row.getByText('Mark read', { exact: true }).waitFor();
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect((await written).ok()).toBe(true);
    const stored = await page.request.get(`/api/v1/items/${id}`);
    expect(((await stored.json()) as { is_read: boolean }).is_read).toBe(true);
    // The swipe opened nothing.
    expect(new URL(page.url()).pathname).toBe('/inbox');
    await page.getByRole('button', { name: /^Undo: Marked read: / }).click();
    await expect.poll(async () => ((await (await page.request.get(`/api/v1/items/${id}`)).json()) as { is_read: boolean }).is_read).toBe(false);
  });
});

/** How opaque an element shows, all its ancestors' opacity counted. */
function shownOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let at: Element | null = element; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
    return opacity;
  });
}

/** A row's controls: its read and save buttons, its menu button and its checkbox. */
function controlsOf(row: Locator): Locator[] {
  return [
    row.getByRole('button', { name: /^(Mark read|Mark unread): / }),
    row.getByRole('button', { name: /^(Save|Unsave): / }),
    row.getByRole('button', { name: /^More actions: / }),
    row.getByRole('checkbox'),
  ];
}

type Box = { left: number; top: number; right: number; bottom: number };

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Where a row's text column starts and ends within it, its title's first line, and its source icon's box. */
function textColumnOf(row: Locator): Promise<{ fromRowStart: number; toRowEnd: number; titleLine: Box; icon: Box }> {
  return row.evaluate((element) => {
    const box = (rect: DOMRect) => ({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
    const rowBox = element.getBoundingClientRect();
    const text = element.querySelector('h2')!.parentElement!.getBoundingClientRect();
    return {
      fromRowStart: text.left - rowBox.left,
      toRowEnd: rowBox.right - text.right,
      titleLine: box(element.querySelector('[data-item-link]')!.getClientRects()[0]!),
      icon: box(element.querySelector('label + *')!.getBoundingClientRect()),
    };
  });
}

/** The boxes of a row's controls, in controlsOf's order. */
function controlBoxes(row: Locator): Promise<Box[]> {
  return Promise.all(controlsOf(row).map(async (control) => {
    const { x, y, width, height } = (await control.boundingBox())!;
    return { left: x, top: y, right: x + width, bottom: y + height };
  }));
}

async function opacities(row: Locator): Promise<number[]> {
  return Promise.all(controlsOf(row).map(shownOpacity));
}

describe('the inbox’s rows on a desktop with a mouse', () => {
  it('show their checkbox and buttons only while hovered or focused, or while a selection is made, rows keeping their height', async () => {
    const page = await openInbox('desktop');
    // Away from the list: no row is hovered.
    await page.mouse.move(0, 0);
    const rows = page.locator('li[data-item-id]');
    const first = rows.first();
    const heightBefore = (await first.boundingBox())!.height;
    await expect.poll(() => opacities(first)).toEqual([0, 0, 0, 0]);
    // Out of sight, still there for the keyboard and screen readers.
    for (const control of controlsOf(first)) expect(await control.count()).toBe(1);

    // No column is kept for them: a resting row's title and summary run from its icon to its end.
    const resting = await textColumnOf(first);
    expect(resting.fromRowStart, 'text column from the row start').toBeLessThanOrEqual(40);
    expect(resting.toRowEnd, 'text column to the row end').toBeLessThanOrEqual(8);

    await first.hover();
    await expect.poll(() => opacities(first)).toEqual([1, 1, 1, 1]);
    expect((await first.boundingBox())!.height).toBe(heightBefore);
    // Shown, they leave the title's first line (where a click on the title lands) clear, in every row, however
    // long its title and with or without a summary; the checkbox takes the icon's place.
    for (let index = 0; index < 8; index++) {
      const row = rows.nth(index);
      await row.hover();
      await expect.poll(() => shownOpacity(row.getByRole('button', { name: /^More actions: / }))).toBe(1);
      const { titleLine, icon } = await textColumnOf(row);
      const controls = await controlBoxes(row);
      for (const control of controls) expect(overlap(control, titleLine), `a control over the title of row ${index}`).toBe(false);
      const checkbox = controls[3]!;
      const middle = { left: (checkbox.left + checkbox.right) / 2, top: (checkbox.top + checkbox.bottom) / 2 };
      expect(overlap({ ...middle, right: middle.left + 1, bottom: middle.top + 1 }, icon), `the checkbox on the icon of row ${index}`).toBe(true);
    }
    await page.mouse.move(0, 0);
    await expect.poll(() => opacities(first)).toEqual([0, 0, 0, 0]);

    // Focus in a row (j/k and Tab land on its title) shows its controls; Tab then reaches them.
    const third = rows.nth(2);
    await third.locator('[data-item-link]').focus();
    await expect.poll(() => opacities(third)).toEqual([1, 1, 1, 1]);
    await page.keyboard.press('Tab');
    expect(await third.evaluate((row) => row.contains(document.activeElement) && document.activeElement instanceof HTMLButtonElement)).toBe(true);
    await expect.poll(() => opacities(third)).toEqual([1, 1, 1, 1]);
    expect(await shownOpacity(first.getByRole('checkbox'))).toBe(0);

    // While a selection is being made every row shows its checkbox, hovered or not.
    await third.getByRole('checkbox').check();
    await page.getByText('1 selected').waitFor();
    await page.mouse.move(0, 0);
    await expect.poll(() => shownOpacity(first.getByRole('checkbox'))).toBe(1);
    expect(await shownOpacity(first.getByRole('button', { name: /^More actions: / }))).toBe(0);
    await third.getByRole('checkbox').uncheck();
    await expect.poll(() => shownOpacity(first.getByRole('checkbox'))).toBe(0);

    for (const icon of await iconsOf(page)) expect(icon.name).toBe(icon.source);
    await expectNoAxeViolations(page);
  });

  it('always show them on a wide touch screen, which cannot hover', async () => {
    const context = await contexts.open('desktop', { viewport: { width: 1440, height: 900 }, hasTouch: true, isMobile: false });
    const page = await context.newPage();
    await page.goto('/inbox?view=all');
    const first = page.locator('li[data-item-id]').first();
    await first.waitFor();
    expect(await page.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches)).toBe(false);
    expect(await opacities(first)).toEqual([1, 1, 1, 1]);
  });
});
