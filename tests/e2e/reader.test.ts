import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { contextPerTest, expectNoAxeViolations, isCall, type ViewportName, VIEWPORTS } from './browser';

const contexts = contextPerTest();

/** Opens the inbox at `query`, then the item at `index` by its title link, as a person would. */
async function openItemFromInbox(viewport: ViewportName, index: number, query = '?view=all', colorScheme: 'light' | 'dark' = 'light', size = VIEWPORTS[viewport].viewport) {
  const context = await contexts.open(viewport, { colorScheme, viewport: size });
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

/**
 * The inbox narrowed to the demo's Riverside Courier (long articles, with reports of the same
 * events elsewhere): other test files add feeds to this server, never items to it.
 */
async function courierInbox(page: Page): Promise<string> {
  const { data } = (await (await page.request.get('/api/v1/subscriptions?all=true&limit=100')).json()) as { data: { id: string; title: string }[] };
  const courier = data.find((subscription) => subscription.title === 'The Riverside Courier');
  expect(courier, 'the demo data has The Riverside Courier').toBeDefined();
  return `?view=all&subscription=${courier!.id}`;
}

async function isFocused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => document.activeElement === document.querySelector(css), selector);
}

describe('the reader as the server sends it', () => {
  it('holds the notes with the article, so nothing arrives below the text once scripts run', async () => {
    // Without JavaScript the page is what the server rendered: the plan that allows notes came with the item.
    const context = await contexts.open('phone', { javaScriptEnabled: false });
    const page = await context.newPage();
    const { data } = (await (await page.request.get('/api/v1/items?item_type=article&limit=1')).json()) as { data: { id: string; title: string }[] };
    await page.goto(`/items/${data[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: data[0]!.title, exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Notes' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save notes' }).count()).toBe(1);
  });
});

describe.each<ViewportName>(['phone', 'desktop'])('the reader on a %s', (viewport) => {
  it('shows the item with its source, original link and content, and marks it read on opening', async () => {
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    // Unread articles: an episode, which the demo may list first once the tests before have read
    // the articles above it, stays unread until heard.
    await page.goto('/inbox?type=article');
    const link = page.locator('li[data-item-id] [data-item-link]').first();
    await link.waitFor();
    const title = (await link.textContent())!;
    const markedRead = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === '{"is_read":true}');
    const detail = page.waitForResponse(isCall('GET', /^\/api\/v1\/items\/[0-9a-f-]{36}$/));
    await link.click();

    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect((await markedRead).status()).toBe(200);
    await page.getByRole('button', { name: 'Mark unread', exact: true }).waitFor();
    expect(await page.title()).toBe(`${title} · Tidings`);
    const article = page.getByRole('article');
    expect((await article.locator('.reading').innerText()).trim().length).toBeGreaterThan(0);
      // The original link is the service's canonical_url, opening in a new tab; an item without one has none.
    const { canonical_url: canonical } = (await (await detail).json()) as { canonical_url: string | null };
    const original = page.getByRole('link', { name: /^Open original/ });
    if (canonical === null) expect(await original.count()).toBe(0);
    else expect([await original.getAttribute('href'), await original.getAttribute('target')]).toEqual([canonical, '_blank']);
  });

  it('draws an icon of the same size before the words of each action at the top', async () => {
    const probe = await contexts.open(viewport);
    const { page } = await openItemFromInbox(viewport, 0, await courierInbox(await probe.newPage()));
    const header = page.locator('article[aria-labelledby="item-title"] header');
    await header.getByRole('button', { name: 'Full article' }).waitFor();
    const actions = await header.evaluate((element) => [...element.querySelectorAll('button, a, summary')].flatMap((control) => {
      const words = control.textContent!.replace(' (opens in a new tab)', '').trim();
      if (!/^(Mark read|Mark unread|Save|Unsave|Full article|Open original|Share)$/.test(words)) return [];
      const icon = control.firstElementChild;
      const box = icon?.getBoundingClientRect();
      return [{ words, icon: icon?.localName === 'svg' && icon.getAttribute('aria-hidden') === 'true' ? `${box!.width}x${box!.height}` : null }];
    }));
    expect(actions.map((action) => action.words)).toEqual(expect.arrayContaining(['Full article', 'Open original', 'Share']));
    expect(actions).toHaveLength(5);
    for (const action of actions) expect(action, action.words).toEqual({ words: action.words, icon: '16x16' });
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

  it('tags the item from a suggestion and by name, and the tags are stored', async () => {
    const { page, href } = await openItemFromInbox(viewport, viewport === 'phone' ? 5 : 6);
    const tags = page.getByRole('region', { name: 'Tags' });
    const patched = (name: string) => page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && ((response.request().postDataJSON() as { tags?: string[] }).tags ?? []).includes(name));
    const suggestion = tags.getByRole('button', { name: /\(add this tag\)$/ }).first();
    await suggestion.waitFor();
    const suggested = (await suggestion.innerText()).replace('+', '').replace('(add this tag)', '').trim();
    const tookSuggestion = patched(suggested);
    await suggestion.click();
    expect((await tookSuggestion).status()).toBe(200);
    await tags.getByRole('button', { name: `Remove tag ${suggested}`, exact: true }).waitFor();

    const own = `harbour-${viewport}`;
    // A field with completions is a combobox to assistive technology, a plain one a textbox: the label finds either.
    await tags.getByLabel('Add tags').fill(own);
    const added = patched(own);
    await tags.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await added).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: `Tagged ${own}.` }).waitFor();

    const stored = (await (await page.request.get(`/api/v1${href}`)).json()) as { tags: { name: string }[] };
    expect(stored.tags.map((tag) => tag.name).sort()).toEqual([own, suggested].sort());
    await page.reload();
    await tags.getByRole('button', { name: `Remove tag ${own}`, exact: true }).waitFor();
    expect(await tags.getByRole('button', { name: `Remove tag ${suggested}`, exact: true }).count()).toBe(1);
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
    expect(await page.locator('#item-title').isVisible()).toBe(true);
  });

  it('has no accessibility violations in the light and the dark theme', async () => {
    const { page } = await openItemFromInbox(viewport, 0);
    await expectNoAxeViolations(page);
    await page.context().close();
    const { page: dark } = await openItemFromInbox(viewport, 1, '?view=all', 'dark');
    await expectNoAxeViolations(dark);
  });

  it('offers the way back to the list as a target a finger can hit, where one line of text was', async () => {
    const { page } = await openItemFromInbox(viewport, 1);
    const back = page.getByRole('link', { name: '← Back to the list' });
    const [link, title] = [await back.boundingBox(), await page.locator('#item-title').boundingBox()];
    expect(link!.height).toBeGreaterThanOrEqual(44);
    // It covers no other control or text: the title below starts after it.
    expect(link!.y + link!.height).toBeLessThanOrEqual(title!.y);
  });

  it('fits the screen without sideways scrolling', async () => {
    const { page } = await openItemFromInbox(viewport, 0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

// The reader as a page of its own: below 1200 px (from there it sits beside the list, whose keys it follows: three-panes.test.ts).
const belowPanes = { width: 1100, height: 800 };

describe('the reader with a keyboard', () => {
  it('steps with j and k, focusing the new title, and toggles saved with s and read with m', async () => {
    const { page, href } = await openItemFromInbox('desktop', 4, '?view=all', 'light', belowPanes);
    const nextHref = (await page.getByRole('navigation', { name: 'Previous and next item' }).getByRole('link', { name: /^Next/ }).getAttribute('href'))!;
    await page.keyboard.press('j');
    await page.waitForURL(`**${nextHref}`);
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');

    const wasSaved = await page.getByRole('button', { name: 'Unsave', exact: true }).isVisible();
    const saved = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === `{"is_saved":${!wasSaved}}`);
    await page.keyboard.press('s');
    expect((await saved).status()).toBe(200);
    // An article is read once opened, an episode stays unread until heard: m turns either over.
    const wasRead = await page.getByRole('button', { name: 'Mark unread', exact: true }).isVisible();
    const toggled = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
      && response.request().postData() === `{"is_read":${!wasRead}}`);
    await page.keyboard.press('m');
    expect((await toggled).status()).toBe(200);

    await page.keyboard.press('k');
    await page.waitForURL(`**${href}`);
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');
    expect(await isFocused(page, '#item-title')).toBe(true);
  });

  it('puts focus on the title of an item opened from the inbox with Enter, and not on a fresh load', async () => {
    const context = await contexts.open('desktop', { viewport: belowPanes });
    const page = await context.newPage();
    await page.goto('/inbox?view=all');
    const link = page.locator('li[data-item-id] [data-item-link]').nth(2);
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');

    // The reader's own request from the browser starts after hydration, once its effects have run.
    const reloaded = page.waitForResponse(isCall('GET', /^\/api\/v1\/items\/[0-9a-f-]{36}$/));
    await page.reload();
    expect((await reloaded).status()).toBe(200);
    await page.locator('#item-title').waitFor();
    expect(await isFocused(page, '#item-title')).toBe(false);
  });
});

describe('the reader when marking read is by hand', () => {
  it('leaves an item opened straight from its address unread', async () => {
    const context = await contexts.open('phone');
    await context.addInitScript((key) => localStorage.setItem(key, 'manual'), MARK_READ_STORAGE_KEY);
    const page = await context.newPage();
    const { data } = (await (await page.request.get('/api/v1/items?is_read=unread&item_type=article&limit=1')).json()) as { data: { id: string; title: string }[] };
    expect(data, 'the demo data has an unread article').toHaveLength(1);
    const [item] = data;
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
    });
    // The page hydrates, then asks for the item again: by then it would have marked it.
    const revalidated = page.waitForResponse(isCall('GET', /^\/api\/v1\/items\/[0-9a-f-]{36}$/));
    await page.goto(`/items/${item!.id}`);
    expect((await revalidated).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: item!.title, exact: true }).waitFor();

    expect(await page.getByRole('button', { name: 'Mark read', exact: true }).isVisible()).toBe(true);
    expect(patches).toEqual([]);
    expect(((await (await page.request.get(`/api/v1/items/${item!.id}`)).json()) as { is_read: boolean }).is_read).toBe(false);
  });
});

describe('similar items in the reader', () => {
  it('loads when the section nears the screen and links to each similar item', async () => {
    const context = await contexts.open('phone');
    const query = await courierInbox(await context.newPage());
    await context.close();
    const { page } = await openItemFromInbox('phone', 0, query);
    const similarCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/items\/[0-9a-f-]{36}\/similar$/.test(new URL(request.url()).pathname)) similarCalls.push(request.url());
    });
    const section = page.getByRole('region', { name: 'Similar items' });
    // The demo item is long enough on a phone that the section starts well out of reach: nothing asked yet.
    expect(await section.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight + 700)).toBe(true);
    expect(similarCalls).toEqual([]);

    const answered = page.waitForResponse(isCall('GET', /^\/api\/v1\/items\/[0-9a-f-]{36}\/similar$/));
    await section.scrollIntoViewIfNeeded();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).searchParams.get('limit')).toBe('5');
    const { data } = await answer.json() as { data: { id: string; title: string }[] };
    expect(data.length).toBeGreaterThan(0);
    const links = section.getByRole('link');
    await links.first().waitFor();
    expect(await links.count()).toBe(data.length);
    expect(await links.first().getAttribute('href')).toBe(`/items/${data[0]!.id}`);
    await links.first().click();
    await page.waitForURL(`**/items/${data[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: data[0]!.title, exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');
  });
});

/** A site on 127.0.0.1 with a feed whose one (old, so it sits at the end of lists) article links to a page with the whole article. */
async function startArticleSite(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const paragraphs = [
    'The lighthouse keeper climbed the hundred and twelve steps every evening at dusk, trimming the wick and polishing the great lens.',
    'In winter the storms came in from the west, and the keeper logged every ship that passed, every wreck and every rescue attempted.',
    'When the light was automated in 1987, the last keeper handed the logbooks to the county archive, where they can still be read today.',
  ];
  let baseUrl = '';
  const server = http.createServer((request, response) => {
    if (request.url === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Coast Weekly</title><link>${baseUrl}/</link>
        <description>Coast Weekly</description><item><guid>keeper</guid><title>The last keeper of the light</title><link>${baseUrl}/keeper</link>
        <pubDate>${new Date(Date.UTC(2021, 0, 4)).toUTCString()}</pubDate><description>&lt;p&gt;A short teaser about the lighthouse.&lt;/p&gt;</description></item></channel></rss>`);
    } else if (request.url === '/keeper') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>The last keeper</title></head><body><nav><a href="/">Home</a></nav>
        <article><h1>The last keeper of the light</h1>${paragraphs.map((text) => `<p>${text}</p>`).join('')}</article><footer>Copyright</footer></body></html>`);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

describe('the full-article toggle', () => {
  it('shows the web page\'s article in place of the feed\'s teaser and back, with no accessibility violations', async () => {
    const site = await startArticleSite();
    try {
      const context = await contexts.open('phone');
      const page = await context.newPage();
      await page.goto('/inbox');
      const origin = new URL(page.url()).origin;
      const subscribed = await page.request.post('/api/v1/subscriptions', { data: { url: `${site.baseUrl}/feed.xml` }, headers: { origin } });
      expect([200, 201]).toContain(subscribed.status());
      const { subscription_id: subscriptionId } = await subscribed.json() as { subscription_id: string };
      const listed = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}`);
      const [item] = (await listed.json() as { data: { id: string }[] }).data;
      await page.goto(`/items/${item!.id}`);
      await page.getByRole('heading', { level: 1, name: 'The last keeper of the light' }).waitFor();
      const reading = page.getByRole('article').locator('.reading');
      expect(await reading.innerText()).toContain('A short teaser about the lighthouse.');

      const toggle = page.getByRole('button', { name: 'Full article' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      const turnedOn = page.waitForResponse((response) => isCall('PATCH', /^\/api\/v1\/items\/[0-9a-f-]{36}$/)(response)
        && response.request().postData() === '{"prefers_full_content":true}');
      await toggle.click();
      expect((await turnedOn).status()).toBe(200);
      await reading.getByText('When the light was automated in 1987').waitFor();
      expect(await reading.innerText()).not.toContain('Copyright');
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('status').filter({ hasText: 'Showing the full article.' }).waitFor();
      await expectNoAxeViolations(page);

      await toggle.click();
      await reading.getByText('A short teaser about the lighthouse.').waitFor();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    } finally {
      await site.close();
    }
  });
});

describe('swiping in the reader on a phone', () => {
  it('goes to the next item on a swipe left and back on a swipe right', async () => {
    const { page, href } = await openItemFromInbox('phone', 3);
    const nextHref = (await page.getByRole('navigation', { name: 'Previous and next item' }).getByRole('link', { name: /^Next/ }).getAttribute('href'))!;
    const touch = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      const box = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const y = box.y + box.height / 2;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 6; step += 1) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y }] });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(300, 90);
    await page.waitForURL(`**${nextHref}`);
    await page.waitForFunction(() => document.activeElement?.id === 'item-title');
    await swipe(90, 300);
    await page.waitForURL(`**${href}`);
  });
});

describe('the installed app on a phone', () => {
  it('has a Back control, and after the system closes it reopens on the item at the place reached', async () => {
    const context = await contexts.open('phone');
    // Chromium cannot emulate (display-mode: standalone); iOS's navigator.standalone is the other signal the app reads.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
    const page = await context.newPage();
    await page.goto(`/inbox${await courierInbox(page)}`);
    const link = page.locator('li[data-item-id] [data-item-link]').first();
    const title = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();

    const back = page.getByRole('banner').getByRole('button', { name: 'Back' });
    await back.click();
    await page.waitForURL((url) => url.pathname === '/inbox' && url.searchParams.has('subscription'));
    // The inbox is the app's home: no Back there.
    await back.waitFor({ state: 'detached' });
    await link.click();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();

    const place = 400;
    await page.evaluate((y) => window.scrollTo(0, y), place);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tidings:last-route') ?? 'null') as { href: string; scrollY: number } | null))
      .toMatchObject({ href, scrollY: place });
    await page.close();

    // A cold start opens start_url in a new window: the app goes back to the item and the place.
    const reopened = await context.newPage();
    await reopened.goto('/inbox');
    await reopened.waitForURL(`**${href}`);
    await reopened.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await expect.poll(() => reopened.evaluate(() => Math.round(window.scrollY))).toBe(place);
    // With the list it was read from: next/previous, and Back to that list.
    await reopened.getByRole('navigation', { name: 'Previous and next item' }).waitFor();
    expect(await reopened.getByRole('link', { name: '← Back to the list' }).getAttribute('href')).toMatch(/^\/inbox\?.*subscription=/);
  });
});
