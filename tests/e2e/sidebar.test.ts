import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, type ViewportName } from './browser';

const contexts = contextPerTest();

type Folder = { id: string; name: string; unread_count: number };

async function openInbox(viewport: ViewportName, query = ''): Promise<Page> {
  const context = await contexts.open(viewport);
  const page = await context.newPage();
  await page.goto(`/inbox${query}`);
  await page.getByRole('list').filter({ has: page.locator('li[data-item-id]') }).first().waitFor();
  return page;
}

/** The unread count a sidebar link shows (0 when it shows none). */
async function unreadOf(link: Locator): Promise<number> {
  const match = /(\d+) unread/.exec((await link.textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

async function isFocusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => Boolean(document.activeElement && document.querySelector(css)?.contains(document.activeElement)), selector);
}

/**
 * Where the focused control's ring is cut off by the nearest box that scrolls: the sides it
 * crosses ('left', 'right', 'top' while that box is scrolled to the top), none when whole.
 */
function clippedRingSides(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    let box = element.parentElement;
    while (box && getComputedStyle(box).overflowY === 'visible') box = box.parentElement;
    if (!box || reach <= 0) return [];
    const ring = element.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    const left = outer.left + box.clientLeft;
    const top = outer.top + box.clientTop;
    const sides: string[] = [];
    if (ring.left - reach < left - 0.5) sides.push('left');
    if (ring.right + reach > left + box.clientWidth + 0.5) sides.push('right');
    if (box.scrollTop === 0 && ring.top - reach < top - 0.5) sides.push('top');
    return sides;
  });
}

describe('the inbox sidebar on a desktop', () => {
  it('shows the whole focus ring of each source as Tab reaches it, none of it cut off by the scrolling column', async () => {
    const page = await openInbox('desktop');
    const sources = page.getByRole('navigation', { name: 'Sources' });
    await sources.getByRole('group', { name: 'Tags' }).waitFor();
    for (let presses = 0; presses < 30 && !(await isFocusInside(page, 'nav[aria-label="Sources"]')); presses += 1) {
      await page.keyboard.press('Tab');
    }
    const clipped: string[] = [];
    let visited = 0;
    while (await isFocusInside(page, 'nav[aria-label="Sources"]')) {
      const sides = await clippedRingSides(page);
      if (sides.length) clipped.push(`${await page.evaluate(() => document.activeElement?.textContent)}: ${sides.join(', ')}`);
      visited += 1;
      await page.keyboard.press('Tab');
    }
    expect(visited).toBeGreaterThan(5);
    expect(clipped).toEqual([]);
  });

  it('arrives after the page beside the river without moving it, with each folder’s unread count', async () => {
    const page = await openInbox('desktop', '?view=all');
    const heading = page.getByRole('heading', { level: 1, name: 'Inbox' });
    const before = await heading.boundingBox();
    const sources = page.getByRole('navigation', { name: 'Sources' });
    await sources.getByRole('group', { name: 'Folders' }).waitFor();
    expect(await heading.boundingBox()).toEqual(before);
    expect((await sources.boundingBox())!.x).toBeLessThan((await page.locator('li[data-item-id]').first().boundingBox())!.x);
    // Read in order, the page's heading comes before the sources' own.
    expect(await page.locator('main').getByRole('heading').first().textContent()).toBe('Inbox');

    const folders = ((await (await page.request.get('/api/v1/folders')).json()) as { data: Folder[] }).data;
    expect(folders.length).toBeGreaterThan(0);
    const links = sources.getByRole('group', { name: 'Folders' }).getByRole('link');
    expect(await links.count()).toBe(folders.length);
    for (const [index, folder] of folders.entries()) {
      const link = links.nth(index);
      expect(await link.getAttribute('href')).toBe(`/inbox?view=all&folder=${folder.id}`);
      expect(await unreadOf(link)).toBe(folder.unread_count);
    }
    expect(await sources.getByRole('link', { name: /^All items/ }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page);
  });

  it('lowers the counts when an item is marked read, and marks the folder followed', async () => {
    const page = await openInbox('desktop', '?view=all');
    const sources = page.getByRole('navigation', { name: 'Sources' });
    const everything = sources.getByRole('link', { name: /^All items/ });
    await everything.filter({ hasText: 'unread' }).waitFor();
    const before = await unreadOf(everything);
    await page.getByRole('main').getByRole('button', { name: /^Mark read: / }).first().click();
    await expect.poll(() => unreadOf(everything)).toBe(before - 1);

    const folder = sources.getByRole('group', { name: 'Folders' }).getByRole('link').first();
    const href = (await folder.getAttribute('href'))!;
    await folder.click();
    await page.waitForURL((url) => url.search === href.slice('/inbox'.length));
    expect(await folder.getAttribute('aria-current')).toBe('page');
    expect(await everything.getAttribute('aria-current')).toBeNull();
  });
});

describe('the inbox narrowed to a folder', () => {
  it('lists only the followed folder’s items under its name, and renders them on the server', async () => {
    const page = await openInbox('desktop', '?view=all');
    const sources = page.getByRole('navigation', { name: 'Sources' });
    const folders = ((await (await page.request.get('/api/v1/folders')).json()) as { data: Folder[] }).data;
    const folder = folders[0]!;
    await sources.getByRole('group', { name: 'Folders' }).getByRole('link', { name: new RegExp(`^${folder.name}`) }).click();
    await page.waitForURL((url) => url.search === `?view=all&folder=${folder.id}`);

    const heading = page.getByRole('heading', { level: 2, name: `Folder: ${folder.name}` });
    await heading.waitFor();
    const expected = ((await (await page.request.get(`/api/v1/items?folder_ids=${folder.id}&limit=30`)).json()) as { data: { id: string; title: string }[] }).data;
    expect(expected.length).toBeGreaterThan(0);
    const river = page.getByRole('list', { name: `Items in ${folder.name}` });
    await expect.poll(() => river.locator('li[data-item-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id'))))
      .toEqual(expected.map((item) => item.id));
    await expectNoAxeViolations(page);

    const html = await (await page.request.get(`/inbox?view=all&folder=${folder.id}`)).text();
    expect(html).toContain(`data-item-id="${expected[0]!.id}"`);
    // React escapes text in HTML: "News & science" arrives as "News &amp; science".
    expect(html).toContain(folder.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
  });
});

describe('the inbox sidebar on a phone', () => {
  it('is a drawer behind the header’s Sources button: focus in and kept, Escape closes, focus back', async () => {
    const page = await openInbox('phone');
    expect(await page.getByRole('navigation', { name: 'Sources' }).count()).toBe(0);
    const opener = page.getByRole('banner').getByRole('button', { name: 'Sources' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Sources' });
    await drawer.getByRole('group', { name: 'Folders' }).waitFor();
    expect(await isFocusInside(page, 'dialog[open]')).toBe(true);
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      expect(await isFocusInside(page, 'dialog[open]'), `focus stays in the drawer after ${step + 1} Tabs`).toBe(true);
    }
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('closes with its Close button, and when a tag is followed', async () => {
    const page = await openInbox('phone');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Sources' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Sources' });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    await opener.click();
    const tag = drawer.getByRole('group', { name: 'Tags' }).getByRole('link').first();
    await tag.waitFor();
    const href = (await tag.getAttribute('href'))!;
    expect(href).toMatch(/^\/inbox\?tag=[0-9a-f-]{36}$/);
    await tag.click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname + url.search === href);
  });
});
