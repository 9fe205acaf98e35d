import nodemailer from 'nodemailer';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newAppContext, type ViewportName } from './browser';
import { startFeedSite, type FeedSite } from './feed-site';

let browser: Browser;
let context: BrowserContext | undefined;
let site: FeedSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startFeedSite();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

function isCall(method: string, path: RegExp) {
  return (response: Response) => response.request().method() === method && path.test(new URL(response.url()).pathname);
}

async function openSubscriptions(viewport: ViewportName, query = '', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  context = await newAppContext(browser, viewport, { colorScheme });
  const page = await context.newPage();
  const listed = page.waitForResponse(isCall('GET', /^\/api\/v1\/subscriptions$/));
  await page.goto(`/subscriptions${query}`);
  expect((await listed).status()).toBe(200);
  await page.getByRole('list', { name: 'Subscriptions' }).waitFor();
  return page;
}

/** Whether the page is wider than the window (a horizontal scroll bar). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe.each<ViewportName>(['phone', 'desktop'])('subscriptions on a %s', (viewport) => {
  it('subscribes to a local feed, lists it, and shows its items', async () => {
    const title = `Quayside Bulletin (${viewport})`;
    const url = site.feed(`/quayside-${viewport}.xml`, title, [
      { guid: `q1-${viewport}`, title: `Ferry timetable changes (${viewport})`, body: 'The winter timetable starts on Monday.', date: new Date(Date.now() - 3_600_000) },
      { guid: `q2-${viewport}`, title: `New fish market opens (${viewport})`, body: 'Stalls open at dawn.', date: new Date(Date.now() - 7_200_000) },
    ]);
    const page = await openSubscriptions(viewport);
    await page.getByRole('textbox', { name: 'Feed or website address' }).fill(url);
    const created = page.waitForResponse(isCall('POST', /^\/api\/v1\/subscriptions$/));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await created).status()).toBe(201);
    const form = page.getByRole('textbox', { name: 'Feed or website address' }).locator('xpath=ancestor::form');
    await form.getByRole('status').getByText(`Subscribed: you now follow ${title}.`).waitFor();

    const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('2 unread');
    expect(await row.textContent()).toContain('Healthy');

    // Subscribing again says so and changes nothing.
    await page.getByRole('textbox', { name: 'Feed or website address' }).fill(url);
    const again = page.waitForResponse(isCall('POST', /^\/api\/v1\/subscriptions$/));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await again).status()).toBe(200);
    await form.getByRole('status').getByText(`Already subscribed: you already follow ${title}; nothing changed.`).waitFor();

    await row.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const items = page.getByRole('list', { name: 'Items of this subscription' });
    await items.getByRole('link', { name: `Ferry timetable changes (${viewport})` }).waitFor();
    expect(await items.getByRole('listitem').count()).toBe(2);
    await expectNoAxeViolations(page);

    await items.getByRole('link', { name: `Ferry timetable changes (${viewport})` }).click();
    await page.getByRole('heading', { level: 1, name: `Ferry timetable changes (${viewport})` }).waitFor();
  });

  it('says plainly when an address is not a feed or cannot be reached', async () => {
    const page = await openSubscriptions(viewport);
    const field = page.getByRole('textbox', { name: 'Feed or website address' });
    const status = field.locator('xpath=ancestor::form').getByRole('status');
    // A web page that answers but neither is nor links to a feed: 400, not a feed.
    await field.fill(site.page(`/about-${viewport}.html`, '<!doctype html><html><head><title>About the harbour</title></head><body><p>No feed here.</p></body></html>'));
    const notFeed = page.waitForResponse(isCall('POST', /^\/api\/v1\/subscriptions$/));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await notFeed).status()).toBe(400);
    await status.getByText('No feed found at that address.', { exact: false }).waitFor();
    await field.fill('http://127.0.0.1:9/feed.xml');
    const refused = page.waitForResponse(isCall('POST', /^\/api\/v1\/subscriptions$/));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await refused).status()).toBe(503);
    await status.getByText('The feed could not be reached.', { exact: false }).waitFor();
  });

  it('pauses a selection and resumes it', async () => {
    const page = await openSubscriptions(viewport);
    const list = page.getByRole('list', { name: 'Subscriptions' });
    await list.getByRole('checkbox', { name: 'Select Byte Garden' }).check();
    await list.getByRole('checkbox', { name: 'Select Gridline' }).check();
    const bar = page.getByRole('group', { name: 'Selected subscriptions' });
    await bar.getByText('2 selected').waitFor();

    const paused = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/subscriptions$/));
    await bar.getByRole('button', { name: 'Pause' }).click();
    expect((await paused).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: '2 subscriptions paused.' }).waitFor();
    const garden = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Byte Garden', exact: true }) });
    await garden.getByText('Paused').waitFor();
    await expectNoAxeViolations(page);

    await page.reload();
    await list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Gridline', exact: true }) }).getByText('Paused').waitFor();

    await list.getByRole('checkbox', { name: 'Select Byte Garden' }).check();
    await list.getByRole('checkbox', { name: 'Select Gridline' }).check();
    const resumed = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/subscriptions$/));
    await bar.getByRole('button', { name: 'Resume' }).click();
    expect((await resumed).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: '2 subscriptions resumed.' }).waitFor();
    expect(await garden.getByText('Paused').count()).toBe(0);
  });

  it('creates a newsletter address and shows a mail sent to it as an item', async () => {
    const page = await openSubscriptions(viewport);
    const name = `Harbour Letter ${viewport}`;
    await page.getByRole('textbox', { name: 'Newsletter name' }).fill(name);
    await page.getByRole('button', { name: 'Create address' }).click();
    const addressField = page.getByRole('textbox', { name: 'Newsletter address' });
    await addressField.waitFor();
    const address = await addressField.inputValue();
    expect(address).toMatch(/@/);
    await expectNoAxeViolations(page);

    const subject = `Tides this week (${viewport})`;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inject('smtpPort'), secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Harbour Master <master@harbour.example>', to: address, subject,
      text: 'High tide at 06:12 and 18:40.', html: '<p>High tide at <strong>06:12</strong> and 18:40.</p>',
    });
    transport.close();

    await page.getByRole('link', { name: `Open ${name}` }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const items = page.getByRole('list', { name: 'Items of this subscription' });
    await items.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    await page.getByText('High tide at').first().waitFor();
  });

  it('fits a 320 px screen without sideways scrolling and passes axe in dark mode', async () => {
    const page = await openSubscriptions(viewport, '', 'dark');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflows(page)).toBe(false);
  });
});
