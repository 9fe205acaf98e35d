import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setContextOffline } from './connection';
import { contextPerTest, expectNoAxeViolations } from './browser';
import { feedSitePerFile } from './feed-site';
import { waitForWorker } from './offline-helpers';

/*
 * The reader on a phone (390 x 844) with a long item: the bottom action bar hides while the
 * text scrolls down and is back at the end, covering none of it; the pending-changes badge
 * covers no text either; code and tables scroll inside the text, images fit, footnotes work.
 */

const contexts = contextPerTest();
const site = feedSitePerFile();

const paragraph = 'The harbour wall took the full weight of the spring tide, and the ferry waited in the lee of the breakwater until the pilot came aboard. ';
// A 1 x 1 PNG drawn 2,000 px wide by its attributes.
const image = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const body = [
  `Opening lines<sup id="fnref1"><a href="#fn1">1</a></sup>.</p>`,
  ...Array.from({ length: 24 }, (_, index) => `<p>${index + 1}. ${paragraph.repeat(2)}</p>`),
  `<p><img src="${image}" width="2000" height="1000" alt="The harbour at dawn"></p>`,
  `<pre><code>const tides = ['${'high,low,'.repeat(20)}'];</code></pre>`,
  `<table><tr>${'<th>Sailing</th>'.repeat(8)}</tr><tr>${'<td>06:30 from the north quay</td>'.repeat(8)}</tr></table>`,
  `<ol><li id="fn1">The harbour master’s log. <a href="#fnref1">Back</a></li></ol><p>The end of the item.`,
].join('');

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of the lines of text in the reader's article. */
function textLines(page: Page): Promise<Box[]> {
  return page.locator('article .reading').evaluate((root) => {
    const boxes: Box[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) boxes.push({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
    }
    return boxes;
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function scrollBy(page: Page, dy: number): Promise<void> {
  await page.evaluate((by) => window.scrollBy(0, by), dy);
  await page.waitForTimeout(400);
}

async function toTheEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  await page.waitForTimeout(400);
}

async function longItem(page: Page, path: string): Promise<string> {
  const url = site().feed(path, 'Harbour Log', [{ guid: 'long-1', title: 'A long day at the harbour', body, date: new Date() }]);
  const created = await page.request.post('/api/v1/subscriptions', { data: { url } });
  expect(created.status()).toBe(201);
  const { subscription_id: subscription } = (await created.json()) as { subscription_id: string };
  let id: string | undefined;
  await expect.poll(async () => {
    const listed = (await (await page.request.get(`/api/v1/items?subscription_ids=${subscription}`)).json()) as { data: { id: string }[] };
    id = listed.data[0]?.id;
    return id;
  }, { timeout: 20_000 }).toBeTruthy();
  return id!;
}

describe('the reader on a 390 px phone', () => {
  it('hides the bottom bar while scrolling down, shows it on a scroll up and at the end, where it covers no text', async () => {
    const page = await (await contexts.open('phone')).newPage();
    const id = await longItem(page, '/long-bar.xml');
    await page.goto(`/items/${id}`);
    await page.getByRole('heading', { level: 1, name: 'A long day at the harbour' }).waitFor();
    const bar = page.getByRole('group', { name: 'Item actions' });
    for (const name of ['Read', 'Saved', 'Share', 'Next']) await bar.getByRole('button', { name, exact: true }).waitFor();
    const onScreen = async () => {
      const box = (await bar.boundingBox())!;
      return box.y < 844 && box.y + box.height <= 844 + 1;
    };
    await expect.poll(onScreen).toBe(true);

    await scrollBy(page, 600);
    await expect.poll(onScreen).toBe(false);
    await scrollBy(page, 600);
    await expect.poll(onScreen).toBe(false);
    await scrollBy(page, -200);
    await expect.poll(onScreen).toBe(true);
    await scrollBy(page, 400);
    await expect.poll(onScreen).toBe(false);

    // The end may move as the page below the text loads (similar items): scrolled to again, as a person would.
    await expect.poll(async () => { await toTheEnd(page); return onScreen(); }, { timeout: 10_000 }).toBe(true);
    const barBox = (await bar.boundingBox())!;
    expect((await textLines(page)).filter((line) => overlaps(line, barBox))).toEqual([]);

    // Its Saved goes to the service.
    await bar.getByRole('button', { name: 'Saved', exact: true }).click();
    await expect.poll(async () => ((await (await page.request.get(`/api/v1/items/${id}`)).json()) as { is_saved: boolean }).is_saved).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('shows waiting changes as a badge that covers no text and opens the panel', async () => {
    const page = await (await contexts.open('phone')).newPage();
    const id = await longItem(page, '/long-badge.xml');
    await page.goto(`/items/${id}`);
    await page.getByRole('heading', { level: 1, name: 'A long day at the harbour' }).waitFor();
    await waitForWorker(page);
    await setContextOffline(page.context(), true);
    try {
      await page.getByRole('group', { name: 'Item actions' }).getByRole('button', { name: 'Saved', exact: true }).click();
      const badge = page.getByRole('complementary', { name: 'Offline and sync' }).getByRole('button', { name: '1 change waiting' });
      await badge.waitFor();
      const small = (await badge.boundingBox())!;
      expect(small.width * small.height).toBeLessThan(80 * 60);

      await toTheEnd(page);
      const atEnd = (await badge.boundingBox())!;
      expect((await textLines(page)).filter((line) => overlaps(line, atEnd))).toEqual([]);
      await scrollBy(page, -1500);
      await scrollBy(page, 600);
      // Scrolling down into the text, it is out of the way.
      expect((await badge.boundingBox())!.y).toBeGreaterThanOrEqual(844);

      await scrollBy(page, -300);
      await badge.click();
      await page.getByRole('complementary', { name: 'Offline and sync' }).getByRole('listitem').filter({ hasText: 'A long day at the harbour' }).waitFor();
      expect(await badge.getAttribute('aria-expanded')).toBe('true');
      await expectNoAxeViolations(page);
    } finally {
      await setContextOffline(page.context(), false);
    }
  });

  it('fits images, scrolls code and tables inside the text, and follows footnotes', async () => {
    const page = await (await contexts.open('phone')).newPage();
    const id = await longItem(page, '/long-text.xml');
    await page.goto(`/items/${id}`);
    const text = page.locator('article .reading');
    await text.waitFor();
    const width = (await text.boundingBox())!.width;
    expect((await text.getByRole('img', { name: 'The harbour at dawn' }).boundingBox())!.width).toBeLessThanOrEqual(width);
    for (const block of ['pre', '.table-scroll']) {
      const scrolls = await text.locator(block).evaluate((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === 'auto');
      expect(scrolls).toBe(true);
      expect(await text.locator(block).getAttribute('tabindex')).toBe('0');
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    expect(await text.getByRole('table').count()).toBe(1);

    await text.getByRole('link', { name: '1', exact: true }).click();
    await expect.poll(() => page.evaluate(() => new URL(window.location.href).hash)).toBe('#content-fn1');
    await expect.poll(() => text.locator('#content-fn1').evaluate((note) => {
      const box = note.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/items/${id}`);
    await text.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => page.evaluate(() => new URL(window.location.href).hash)).toBe('#content-fnref1');
  });
});
