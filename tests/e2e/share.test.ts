import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, VIEWPORTS, type ViewportName } from './browser';
import { signInTo, startDedicatedServer } from './offline-helpers';

// A credential of the service in any form (API key or app token): none may reach a browser.
const credential = /tid_(live|app)_[0-9A-Za-z]{20,}/;

let server: Awaited<ReturnType<typeof startDedicatedServer>>;
let browser: Browser;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Share links change items (saved state), so they get a server of their own.
  server = await startDedicatedServer({});
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(signedIn: boolean, viewport: ViewportName = 'desktop'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseUrl, ...VIEWPORTS[viewport], permissions: ['clipboard-read', 'clipboard-write'] });
  contexts.push(context);
  if (signedIn) await signInTo(context, server.baseUrl);
  return context;
}

/** Opens the first unsaved item of the inbox in the reader and saves it; answers its id and title. */
async function openAndSave(page: Page): Promise<{ id: string; title: string }> {
  await page.goto('/inbox?view=all');
  // On a phone a row's Save sits in its menu, out of sight until opened: found by its name, seen or not.
  const row = page.locator('li[data-item-id]').filter({ has: page.locator('button[aria-label^="Save: "]') }).first();
  const id = (await row.getAttribute('data-item-id'))!;
  const title = (await row.locator('[data-item-link]').textContent())!.trim();
  await row.locator('[data-item-link]').click();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH'
    && new URL(response.url()).pathname === `/api/v1/items/${id}` && response.request().postData() === '{"is_saved":true}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  return { id, title };
}

/** Makes a link with the reader's Share action and answers it (copied, as this browser has no share sheet, and shown as text). */
async function share(page: Page, lifetime = 'Until I revoke it'): Promise<string> {
  await page.locator('summary', { hasText: 'Share' }).click();
  await page.getByLabel('Link works').selectOption({ label: lifetime });
  await page.getByRole('button', { name: 'Share link' }).click();
  await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(await page.getByRole('textbox', { name: 'Link to share' }).inputValue()).toBe(copied);
  return copied;
}

/** Everything the browser received while opening a page: statuses, headers and bodies. */
async function visit(page: Page, url: string): Promise<{ status: number; received: string }> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    bodies.push(response.body().then((body) => `${JSON.stringify(response.headers())}\n${body.toString('utf8')}`, () => ''));
  });
  const response = await page.goto(url);
  await page.waitForLoadState('networkidle');
  return { status: response!.status(), received: (await Promise.all(bodies)).join('\n') };
}

describe('read-only share links', () => {
  it('shows a shared saved item to anyone without signing in, and nothing else; unsaving it ends the link', async () => {
    const owner = await (await newContext(true)).newPage();
    const item = await openAndSave(owner);
    const url = await share(owner, '7 days');
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/share/[A-Za-z0-9_-]{43}$`));
    // The link is on screen to read and select, whole, beside its Copy button.
    const shown = owner.getByRole('textbox', { name: 'Link to share' });
    expect(await shown.isVisible()).toBe(true);
    expect(await shown.evaluate((field) => field.scrollWidth <= field.clientWidth)).toBe(true);
    await owner.getByRole('button', { name: 'Copy the link' }).waitFor();
    await expectNoAxeViolations(owner);

    const visitor = await (await newContext(false)).newPage();
    const { status, received } = await visit(visitor, url);
    expect(status).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: item.title, exact: true }).waitFor();
    expect((await visitor.locator('.reading').innerText()).length).toBeGreaterThan(20);
    expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toBe(item.title);
    expect(await visitor.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    // No way into the app, no other item, no account: the page holds the item alone.
    expect(await visitor.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await visitor.locator('a[href^="/items/"]').count()).toBe(0);
    expect(received).not.toMatch(credential);
    expect(received).not.toContain('owner@tidings.local');
    await expectNoAxeViolations(visitor);
    // The link is mostly opened on phones: the same page there, also free of violations.
    const phoneVisitor = await (await newContext(false, 'phone')).newPage();
    expect((await phoneVisitor.goto(url))!.status()).toBe(200);
    await phoneVisitor.getByRole('heading', { level: 1, name: item.title, exact: true }).waitFor();
    await expectNoAxeViolations(phoneVisitor);

    const unsaved = owner.waitForResponse((response) => response.request().method() === 'PATCH'
      && new URL(response.url()).pathname === `/api/v1/items/${item.id}` && response.request().postData() === '{"is_saved":false}');
    await owner.getByRole('button', { name: 'Unsave', exact: true }).click();
    expect((await unsaved).status()).toBe(200);
    const after = await visit(visitor, url);
    expect(after.status).toBe(404);
    await visitor.getByRole('heading', { level: 1, name: 'Link not found' }).waitFor();
    expect(await visitor.getByText(item.title).count()).toBe(0);
    expect(after.received).not.toMatch(credential);
  });

  it('offers the link through the device’s share sheet where it has one, and the shared link opens the item', async () => {
    const context = await newContext(true, 'phone');
    // Chromium on Linux has no share sheet: a stand-in records what the page hands to it, and
    // the second time acts as a person who closes the sheet without choosing anywhere to share.
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedThroughSheet: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push(data);
          if (shared.length > 1) throw new DOMException('Share canceled', 'AbortError');
        },
      });
    });
    const owner = await context.newPage();
    const item = await openAndSave(owner);
    await owner.locator('summary', { hasText: 'Share' }).click();
    await owner.getByRole('button', { name: 'Share link' }).click();
    await owner.getByRole('status').filter({ hasText: 'Link shared.' }).waitFor();
    const [sheet] = await owner.evaluate(() => (window as unknown as { sharedThroughSheet: ShareData[] }).sharedThroughSheet);
    expect(sheet!.title).toBe(item.title);
    expect(sheet!.url).toMatch(new RegExp(`^${server.baseUrl}/share/[A-Za-z0-9_-]{43}$`));
    expect(await owner.getByRole('textbox', { name: 'Link to share' }).inputValue()).toBe(sheet!.url);
    await owner.getByRole('button', { name: 'Share via…' }).waitFor();

    await owner.getByRole('button', { name: 'Share link' }).click();
    await owner.getByRole('status').filter({ hasText: 'Sharing cancelled; the link was made and is listed under Settings, Share links.' }).waitFor();
    const cancelled = (await owner.evaluate(() => (window as unknown as { sharedThroughSheet: ShareData[] }).sharedThroughSheet))[1]!.url!;
    await owner.goto('/settings/share-links');
    await owner.getByRole('listitem').filter({ hasText: cancelled }).waitFor();

    const visitor = await (await newContext(false, 'phone')).newPage();
    const { status, received } = await visit(visitor, sheet!.url!);
    expect(status).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: item.title, exact: true }).waitFor();
    expect(received).not.toMatch(credential);
  });

  it('lists live links in Settings and ends one when it is revoked', async () => {
    const owner = await (await newContext(true)).newPage();
    const item = await openAndSave(owner);
    const url = await share(owner);

    await owner.goto('/settings/share-links');
    const entry = owner.getByRole('listitem').filter({ hasText: url });
    await entry.waitFor();
    expect(await entry.getByRole('link', { name: item.title }).getAttribute('href')).toBe(`/items/${item.id}`);
    await expectNoAxeViolations(owner);
    const onPhone = await (await newContext(true, 'phone')).newPage();
    await onPhone.goto('/settings/share-links');
    await onPhone.getByRole('listitem').filter({ hasText: url }).waitFor();
    await expectNoAxeViolations(onPhone);
    // By keyboard: the focused Revoke button goes away with its row, and focus must not go to <body>.
    await entry.getByRole('button', { name: `Revoke the link to ${item.title}` }).focus();
    await owner.keyboard.press('Enter');
    await owner.getByRole('status').filter({ hasText: 'no longer works' }).waitFor();
    expect(await owner.getByRole('listitem').filter({ hasText: url }).count()).toBe(0);
    expect(await owner.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('main') !== null)).toBe(true);

    const visitor = await (await newContext(false)).newPage();
    expect((await visit(visitor, url)).status).toBe(404);
  });

  // Last: it spends this machine's visit budget, which every visit of this file shares.
  it('tells a visitor past 60 visits a minute, with a 429 page, that they went too fast', async () => {
    const owner = await (await newContext(true)).newPage();
    await openAndSave(owner);
    const url = await share(owner);

    const statuses: number[] = [];
    while (statuses.length < 61 && statuses.at(-1) !== 429) statuses.push((await fetch(url)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);

    const visitor = await (await newContext(false)).newPage();
    const response = await visitor.goto(url);
    expect(response!.status()).toBe(429);
    expect(Number(await response!.headerValue('retry-after'))).toBeGreaterThanOrEqual(1);
    await visitor.getByRole('heading', { level: 1, name: 'Too many visits' }).waitFor();
    await visitor.getByText(/opened shared links more than 60 times in a minute; try again in \d+ seconds?\./).waitFor();
  });
});
