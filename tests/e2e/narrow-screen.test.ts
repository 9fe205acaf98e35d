import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, newAppContext } from './browser';
import { feedSitePerFile } from './feed-site';

/*
 * The smallest screen the app supports (320 px) against text that has no place to break:
 * a feed named and titled with words wider than the screen, as URLs and run-together names are.
 * Every page must still fit the width; nothing may scroll sideways.
 */

const contexts = contextPerTest();
const site = feedSitePerFile();

const word = 'Supercalifragilisticexpialidocious'.repeat(3);

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
}

async function waitForItemsList(page: Page, path: string): Promise<void> {
  const listed = page.waitForResponse((response) => response.request().method() === 'GET'
    && new URL(response.url()).pathname === '/api/v1/items');
  await page.goto(path);
  await listed;
}

describe('a 320 px wide screen', () => {
  it('fits words wider than the screen in the inbox and its empty state, the reader, its pager and tag suggestions, and search', async () => {
    const now = Date.now();
    const url = site().feed('/long-words.xml', `Feed${word}`, [
      // Code and a table wider than the screen scroll sideways inside the text, not the page.
      { guid: 'narrow-1', title: `First${word}`, body: `A body with ${word} in it.</p><pre>const harbour = ['${'tide,'.repeat(30)}'];</pre><table><tr>${'<td>Harbour</td>'.repeat(9)}</tr></table><p>The end.`, date: new Date(now) },
      { guid: 'narrow-2', title: `Second${word}`, body: `Another ${word}.`, date: new Date(now - 60_000) },
    ]);
    const context = await contexts.open('phone', { viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const created = await page.request.post('/api/v1/subscriptions', { data: { url } });
    expect(created.status()).toBe(201);
    const { subscription_id: subscriptionId } = (await created.json()) as { subscription_id: string };
    try {
      // The inbox narrowed to the feed: its name heads the list, the titles are the rows.
      await waitForItemsList(page, `/inbox?view=all&subscription=${subscriptionId}`);
      await page.getByRole('heading', { level: 2, name: `Subscription: Feed${word}` }).waitFor();
      await page.getByRole('link', { name: `First${word}` }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);

      // Opened from that list, the reader offers the next item and the long title as a tag.
      await page.getByRole('link', { name: `First${word}` }).click();
      await page.getByRole('heading', { level: 1, name: `First${word}` }).waitFor();
      await page.getByRole('navigation', { name: 'Previous and next item' }).getByRole('link', { name: `Next Second${word}` }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^First${word} \\(add this tag\\)$`, 'i') }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      // Each scrolls by itself, and takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      for (const block of ['.reading pre', '.reading .table-scroll']) {
        expect(await page.locator(block).evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        expect(await page.locator(block).getAttribute('tabindex')).toBe('0');
      }
      await expectNoAxeViolations(page);

      // Saved and shared, the read-only page treats the same text the same way, for anyone with the link.
      const itemId = new URL(page.url()).pathname.split('/').pop()!;
      expect((await page.request.patch(`/api/v1/items/${itemId}`, { data: { is_saved: true } })).status()).toBe(200);
      const link = await page.request.post('/api/share-links', { data: { item_id: itemId } });
      expect(link.status()).toBe(201);
      const visitor = await (await newAppContext(contexts.browser(), 'phone', { viewport: { width: 320, height: 640 }, signedIn: false })).newPage();
      try {
        await visitor.goto(((await link.json()) as { url: string }).url);
        await visitor.getByRole('heading', { level: 1, name: `First${word}` }).waitFor();
        for (const block of ['.reading pre', '.reading .table-scroll']) await visitor.locator(`${block}[tabindex="0"]`).waitFor();
        expect(await sidewaysOverflow(visitor)).toBe(0);
        await expectNoAxeViolations(visitor);
      } finally {
        await visitor.context().close();
      }

      await page.goto(`/search?q=${word}`);
      await page.getByRole('link', { name: `Second${word}` }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);

      // Everything read, the narrowed inbox offers everything in the feed, by its name.
      const { data: items } = (await (await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}`)).json()) as { data: { id: string }[] };
      for (const item of items) expect((await page.request.patch(`/api/v1/items/${item.id}`, { data: { is_read: true } })).status()).toBe(200);
      await waitForItemsList(page, `/inbox?subscription=${subscriptionId}`);
      await page.getByRole('link', { name: `See everything in Feed${word}` }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
    } finally {
      await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
    }
  });

  it('keeps a folder name on its line, with its buttons below it', async () => {
    const context = await contexts.open('phone', { viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    await page.goto('/subscriptions');
    const name = page.getByRole('heading', { level: 3, name: 'News & science' });
    const rename = page.getByRole('button', { name: 'Rename News & science' });
    await rename.waitFor();
    const nameBox = (await name.boundingBox())!;
    const renameBox = (await rename.boundingBox())!;
    // Squeezed beside the buttons, the name broke inside its words over five lines.
    expect(nameBox.width).toBeGreaterThan(150);
    expect(renameBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height);
  });
});
