import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newAppContext, type ViewportName } from './browser';

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

function isCall(method: string, path: RegExp) {
  return (response: Response) => response.request().method() === method && path.test(new URL(response.url()).pathname);
}

/** Opens the inbox at `query`, then the item at `index` by its title link, as a person would. */
async function openItemFromInbox(viewport: ViewportName, index: number, query = '?view=all', colorScheme: 'light' | 'dark' = 'light') {
  context = await newAppContext(browser, viewport, { colorScheme });
  const page = await context.newPage();
  await page.goto(`/inbox${query}`);
  const link = page.locator('li[data-item-id] [data-item-link]').nth(index);
  await link.waitFor();
  const title = (await link.textContent())!;
  const href = (await link.getAttribute('href'))!;
  const detail = page.waitForResponse(isCall('GET', /^\/api\/v1\/items\/[0-9a-f-]{36}$/));
  await link.click();
  await page.waitForURL(`**${href}`);
  expect((await detail).status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  return { page, title, href };
}

async function isFocused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => document.activeElement === document.querySelector(css), selector);
}

describe.each<ViewportName>(['phone', 'desktop'])('the reader on a %s', (viewport) => {
  it('shows the item with its source, original link and content, and marks it read on opening', async () => {
    context = await newAppContext(browser, viewport);
      const page = await context.newPage();
    await page.goto('/inbox');
    const link = page.locator('li[data-item-id] [data-item-link]').first();
    await link.waitFor();
    const title = (await link.textContent())!;
    const markedRead = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === '{"is_read":true}');
    await link.click();

    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect((await markedRead).status()).toBe(200);
    await page.getByRole('button', { name: 'Mark unread', exact: true }).waitFor();
    expect(await page.title()).toBe(`${title} · Tidings`);
    const article = page.getByRole('article');
    expect((await article.locator('.reading').innerText()).trim().length).toBeGreaterThan(0);
    const original = page.getByRole('link', { name: /^Open original/ });
    if (await original.count()) expect(await original.getAttribute('target')).toBe('_blank');
  });

  it('saves and unsaves the item through the proxy', async () => {
    const { page } = await openItemFromInbox(viewport, 2);
    const patch = (body: string) => page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === body);
    const wasSaved = await page.getByRole('button', { name: 'Unsave', exact: true }).isVisible();
    const first = patch(`{"is_saved":${!wasSaved}}`);
    await page.getByRole('button', { name: wasSaved ? 'Unsave' : 'Save', exact: true }).click();
    expect((await first).status()).toBe(200);
    const second = patch(`{"is_saved":${wasSaved}}`);
    await page.getByRole('button', { name: wasSaved ? 'Save' : 'Unsave', exact: true }).click();
    expect((await second).status()).toBe(200);
    await page.getByRole('button', { name: wasSaved ? 'Unsave' : 'Save', exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: wasSaved ? 'Saved.' : 'Unsaved.' }).waitFor();
  });

  it('goes to the next and previous item without going back to the list', async () => {
    const { page, href } = await openItemFromInbox(viewport, 3);
    const pager = page.getByRole('navigation', { name: 'Previous and next item' });
    const next = pager.getByRole('link', { name: /^Next/ });
    const nextHref = (await next.getAttribute('href'))!;
    await next.click();
    await page.waitForURL(`**${nextHref}`);
    await pager.getByRole('link', { name: /^Previous/ }).click();
    await page.waitForURL(`**${href}`);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  });

  it('has no accessibility violations in the light and the dark theme', async () => {
    const { page } = await openItemFromInbox(viewport, 0);
    await expectNoAxeViolations(page);
    await context?.close();
    const { page: dark } = await openItemFromInbox(viewport, 1, '?view=all', 'dark');
    await expectNoAxeViolations(dark);
  });

  it('fits the screen without sideways scrolling', async () => {
    const { page } = await openItemFromInbox(viewport, 0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

describe('the reader with a keyboard', () => {
  it('steps with j and k, focusing the new title, and toggles saved with s and read with m', async () => {
    const { page, href } = await openItemFromInbox('desktop', 4);
    const nextHref = (await page.getByRole('navigation', { name: 'Previous and next item' }).getByRole('link', { name: /^Next/ }).getAttribute('href'))!;
    await page.keyboard.press('j');
    await page.waitForURL(`**${nextHref}`);
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');

    const wasSaved = await page.getByRole('button', { name: 'Unsave', exact: true }).isVisible();
    const saved = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === `{"is_saved":${!wasSaved}}`);
    await page.keyboard.press('s');
    expect((await saved).status()).toBe(200);
    const unread = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === '{"is_read":false}');
    await page.keyboard.press('m');
    expect((await unread).status()).toBe(200);

    await page.keyboard.press('k');
    await page.waitForURL(`**${href}`);
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');
    expect(await isFocused(page, '#item-title')).toBe(true);
  });

  it('adds a tag from the suggestions with one click', async () => {
    const { page } = await openItemFromInbox('desktop', 5);
    const tags = page.getByRole('region', { name: 'Tags' });
    const suggestion = tags.getByRole('button', { name: /\(add this tag\)$/ }).first();
    if (!(await suggestion.count())) {
      await tags.getByRole('textbox', { name: 'Add tags' }).fill('e2e-tag');
      await tags.getByRole('button', { name: 'Add' }).click();
      await tags.getByRole('button', { name: 'Remove tag e2e-tag' }).waitFor();
      return;
    }
    const name = (await suggestion.innerText()).replace('+', '').replace('(add this tag)', '').trim();
    const patched = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/));
    await suggestion.click();
    expect((await patched).status()).toBe(200);
    await tags.getByRole('button', { name: `Remove tag ${name}` }).waitFor();
  });
});
