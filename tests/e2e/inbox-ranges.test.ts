import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contextPerTest, isCall, type ViewportName } from './browser';
import { feedSitePerFile } from './feed-site';
import { showInboxOptions } from './inbox-options';

/*
 * Ranges of the river, as a person uses them: marking everything above or below an item
 * read, marking all read up to the moment the list was loaded, and narrowing the list to
 * dates. Each test reads its own subscription, so the demo items other files count stay
 * as they were.
 */

const contexts = contextPerTest();
const site = feedSitePerFile();

type ListedItem = { id: string; title: string; is_read: boolean };

const dayMs = 86_400_000;

/** A calendar day as the date fields and the URL write it (YYYY-MM-DD, UTC as the service reads it). */
function calendarDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Subscribes through the app's proxy and answers the subscription's id. */
async function subscribe(page: Page, url: string): Promise<string> {
  const created = await page.request.post('/api/v1/subscriptions', { data: { url } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { subscription_id: string }).subscription_id;
}

/** Whether each of the subscription's items is read on the service, by title. */
async function readStates(page: Page, subscriptionId: string): Promise<Record<string, boolean>> {
  const answer = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}&limit=100`);
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: ListedItem[] };
  return Object.fromEntries(data.map((item) => [item.title, item.is_read]));
}

/** The titles of the river's rows, top to bottom, once all of the page's are there. */
async function rowTitles(page: Page): Promise<string[]> {
  await page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
  return page.locator('li[data-item-id] h2').allTextContents();
}

/** Opens the inbox narrowed to one subscription and waits for its client fetch and rows with these titles. */
async function openSubscriptionInbox(page: Page, subscriptionId: string, titles: string[], query = ''): Promise<void> {
  const fetched = page.waitForResponse(isCall('GET', /^\/api\/v1\/items$/));
  await page.goto(`/inbox?subscription=${subscriptionId}${query}`);
  expect((await fetched).status()).toBe(200);
  await expect.poll(async () => (await rowTitles(page)).sort(), { timeout: 15_000 }).toEqual([...titles].sort());
}

describe.each<ViewportName>(['phone', 'desktop'])('marking stretches of the inbox read on a %s', (viewport) => {
  it('marks the items above, then the items below, one item as read and leaves that item unread', async () => {
    const titles = [1, 2, 3, 4, 5].map((n) => `Harbour log ${n} (${viewport})`);
    const url = site().feed(`/harbour-log-${viewport}.xml`, `Harbour Log (${viewport})`, titles.map((title, index) => ({
      guid: `log-${index}-${viewport}`, title, body: `Entry ${index + 1}.`, date: new Date(Date.now() - (index + 1) * 3_600_000),
    })));
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    const subscriptionId = await subscribe(page, url);
    await openSubscriptionInbox(page, subscriptionId, titles);
    expect(await rowTitles(page)).toEqual(titles);

    const middle = page.locator('li[data-item-id]').filter({ has: page.getByRole('link', { name: titles[2], exact: true }) });
    const more = middle.getByLabel(`More actions: ${titles[2]}`);
    const status = page.getByRole('status').filter({ hasText: /marked read\.$/ });
    const bulk = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/items$/));
    await more.click();
    await middle.getByRole('button', { name: 'Mark items above as read' }).click();
    expect((await bulk).status()).toBe(200);
    await status.filter({ hasText: '2 items above marked read.' }).waitFor();
    expect(await readStates(page, subscriptionId)).toEqual({
      [titles[0]!]: true, [titles[1]!]: true, [titles[2]!]: false, [titles[3]!]: false, [titles[4]!]: false,
    });

    const below = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/items$/));
    await more.click();
    await middle.getByRole('button', { name: 'Mark items below as read' }).click();
    expect((await below).status()).toBe(200);
    await status.filter({ hasText: '2 items below marked read.' }).waitFor();
    expect(await readStates(page, subscriptionId)).toEqual({
      [titles[0]!]: true, [titles[1]!]: true, [titles[2]!]: false, [titles[3]!]: true, [titles[4]!]: true,
    });

    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  });

  it('marks all as read up to when the list loaded: a newsletter that arrives later stays unread', async () => {
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    const made = await page.request.post('/api/v1/subscriptions/newsletters', { data: { title: `Tide Tables (${viewport})` } });
    expect(made.status()).toBe(200);
    const newsletter = (await made.json()) as { id: string; newsletter_address: string };
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inject('smtpPort'), secure: false, ignoreTLS: true });
    const send = (subject: string) => transport.sendMail({
      from: 'Harbour Master <master@harbour.example>', to: newsletter.newsletter_address, subject, text: `${subject}: high tide at noon.`,
    });
    const early = [`Monday tides (${viewport})`, `Tuesday tides (${viewport})`];
    const late = `Late edition (${viewport})`;
    let loaded = 0;
    try {
      await send(early[0]!);
      await send(early[1]!);
      await expect.poll(async () => Object.keys(await readStates(page, newsletter.id)).length, { timeout: 15_000 }).toBe(2);
      await openSubscriptionInbox(page, newsletter.id, early);

      // A mail's date has whole seconds: send the late one in a second that begins after the list loaded.
      loaded = Date.now();
      await expect.poll(() => Math.floor(Date.now() / 1000) * 1000 > loaded, { timeout: 5_000, interval: 50 }).toBe(true);
      await send(late);
      await expect.poll(async () => Object.keys(await readStates(page, newsletter.id)).length, { timeout: 15_000 }).toBe(3);
    } finally {
      transport.close();
    }
    // The list on screen has not changed: the late mail is not in it.
    expect(await page.locator('li[data-item-id]').count()).toBe(2);

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm mark all as read' });
    expect(await confirm.textContent()).toMatch(/^Mark 2 unread items\b.*, as of .+, as read\?/);
    const marked = page.waitForResponse(isCall('PUT', /^\/api\/v1\/items$/));
    await confirm.getByRole('button', { name: 'Mark all read' }).click();
    const answer = await marked;
    expect(answer.status()).toBe(200);
    const sent = answer.request().postDataJSON() as { subscription_ids: string[]; before: string; is_read: boolean };
    expect(sent.subscription_ids).toEqual([newsletter.id]);
    expect(sent.is_read).toBe(true);
    expect(Date.parse(sent.before)).toBeLessThanOrEqual(loaded);

    expect(await readStates(page, newsletter.id)).toEqual({ [early[0]!]: true, [early[1]!]: true, [late]: false });
    // The unread list, fetched again, holds only the late mail; focus is back on the button.
    await expect.poll(() => rowTitles(page), { timeout: 15_000 }).toEqual([late]);
    expect(await page.getByRole('button', { name: 'Mark all as read' }).evaluate((element) => element === document.activeElement)).toBe(true);

    await page.request.delete(`/api/v1/subscriptions/${newsletter.id}`);
  });

  it('narrows the list to a date range kept in the URL, and clears it', async () => {
    const now = Date.now();
    const entries = [
      { guid: `recent-${viewport}`, title: `Spring tides (${viewport})`, body: 'Five days ago.', date: new Date(now - 5 * dayMs) },
      { guid: `middle-${viewport}`, title: `Winter storms (${viewport})`, body: 'Twenty days ago.', date: new Date(now - 20 * dayMs) },
      { guid: `old-${viewport}`, title: `Autumn gales (${viewport})`, body: 'Forty days ago.', date: new Date(now - 40 * dayMs) },
    ];
    const titles = entries.map((entry) => entry.title);
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    const subscriptionId = await subscribe(page, site().feed(`/almanac-${viewport}.xml`, `Almanac (${viewport})`, entries));
    await openSubscriptionInbox(page, subscriptionId, titles, '&view=all');

    const from = calendarDay(now - 25 * dayMs);
    const to = calendarDay(now - 10 * dayMs);
    // The fields are folded behind the Dates button until asked for (and on a phone, it behind Options).
    await showInboxOptions(page);
    await page.getByRole('button', { name: 'Dates', exact: true }).click();
    const dates = page.getByRole('search', { name: 'Dates' });
    await dates.getByLabel('From', { exact: true }).fill(from);
    await dates.getByLabel('To', { exact: true }).fill(to);
    const narrowed = page.waitForResponse((response) => isCall('GET', /^\/api\/v1\/items$/)(response)
      && new URL(response.url()).searchParams.get('from_date') === from);
    await dates.getByRole('button', { name: 'Show dates' }).click();
    const answer = await narrowed;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).searchParams.get('to_date')).toBe(to);
    await page.waitForURL((address) => address.searchParams.get('from') === from && address.searchParams.get('to') === to);
    expect(new URL(page.url()).searchParams.get('subscription')).toBe(subscriptionId);
    await expect.poll(() => rowTitles(page), { timeout: 15_000 }).toEqual([titles[1]]);

    // The range lives in the URL: a reload shows the same narrowed list and the same dates.
    await page.reload();
    await expect.poll(() => rowTitles(page), { timeout: 15_000 }).toEqual([titles[1]]);
    await showInboxOptions(page);
    expect(await dates.getByLabel('From', { exact: true }).inputValue()).toBe(from);
    expect(await dates.getByLabel('To', { exact: true }).inputValue()).toBe(to);

    await dates.getByRole('button', { name: 'Clear dates' }).click();
    await page.waitForURL((address) => !address.searchParams.has('from') && !address.searchParams.has('to'));
    await expect.poll(() => page.getByRole('button', { name: 'Dates', exact: true }).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => rowTitles(page), { timeout: 15_000 }).toEqual(titles);

    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  });
});

describe('dates in a browser set to another language', () => {
  it('words a date range as the server did, in English, and hydrates without an error', async () => {
    const entries = [{ guid: 'lighthouse-keeper', title: 'The lighthouse keeper', body: 'Ten days ago.', date: new Date(Date.now() - 10 * dayMs) }];
    const context = await contexts.open('desktop', { locale: 'de-DE' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const subscriptionId = await subscribe(page, site().feed('/keeper.xml', 'Keeper', entries));

    // Nothing falls in these days: the page arrives with the empty state rendered on the server.
    await page.goto(`/inbox?subscription=${subscriptionId}&view=all&from=2025-05-01&to=2025-05-31`);
    await expect.poll(() => page.getByRole('heading', { name: 'Nothing in these dates' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText(/There are no items in Keeper/).textContent()).toContain('from May 1, 2025 to May 31, 2025');
    // Refresh answers once the page is hydrated: by then React has compared its render with the server's.
    await page.waitForLoadState('networkidle');
    const refreshed = page.waitForResponse(isCall('GET', /^\/api\/v1\/items$/));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).status()).toBe(200);
    expect(await page.getByText(/There are no items in Keeper/).textContent()).toContain('from May 1, 2025 to May 31, 2025');
    expect(errors).toEqual([]);

    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  });
});
