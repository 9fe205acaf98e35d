import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, isCall, type ViewportName } from './browser';
import { feedSitePerFile } from './feed-site';

const contexts = contextPerTest();
const site = feedSitePerFile();

async function openSubscriptions(viewport: ViewportName, query = '', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await contexts.open(viewport, { colorScheme });
  const page = await context.newPage();
  const listed = page.waitForResponse(isCall('GET', /^\/api\/v1\/subscriptions$/));
  await page.goto(`/subscriptions${query}`);
  expect((await listed).status()).toBe(200);
  await page.getByRole('list', { name: 'Subscriptions' }).waitFor();
  return page;
}

/** Adding sits behind its button for someone with subscriptions (the list comes first). */
async function openAdding(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add a subscription' }).click();
}

/** Whether the page is wider than the window (a horizontal scroll bar). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe.each<ViewportName>(['phone', 'desktop'])('subscriptions on a %s', (viewport) => {
  it('subscribes to a local feed, lists it, and shows its items', async () => {
    const title = `Quayside Bulletin (${viewport})`;
    const url = site().feed(`/quayside-${viewport}.xml`, title, [
      { guid: `q1-${viewport}`, title: `Ferry timetable changes (${viewport})`, body: 'The winter timetable starts on Monday.', date: new Date(Date.now() - 3_600_000) },
      { guid: `q2-${viewport}`, title: `New fish market opens (${viewport})`, body: 'Stalls open at dawn.', date: new Date(Date.now() - 7_200_000) },
    ]);
    const page = await openSubscriptions(viewport);
    await openAdding(page);
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
    // The message's link to the subscription stands out from its sentence (axe: link-in-text-block).
    await expectNoAxeViolations(page);

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
    await openAdding(page);
    const field = page.getByRole('textbox', { name: 'Feed or website address' });
    const status = field.locator('xpath=ancestor::form').getByRole('status');
    // A web page that answers but neither is nor links to a feed: 400, not a feed.
    await field.fill(site().page(`/about-${viewport}.html`, '<!doctype html><html><head><title>About the harbour</title></head><body><p>No feed here.</p></body></html>'));
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
    await openAdding(page);
    await page.getByRole('textbox', { name: 'Newsletter name' }).fill(name);
    await page.getByRole('button', { name: 'Create address' }).click();
    const addressField = page.getByRole('textbox', { name: 'Newsletter address' });
    await addressField.waitFor();
    const address = await addressField.inputValue();
    expect(address).toMatch(/@/);
    // Shown whole on a phone too: the address wraps rather than hiding its end in a one-line field.
    expect(await addressField.evaluate((field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight + 1)).toBe(true);
    await expectNoAxeViolations(page);

    // In the list the address is text to take, above the row's stretched link: a click selects it whole and stays on the page.
    const listed = page.getByRole('list', { name: 'Subscriptions' }).getByText(address, { exact: true });
    await listed.click();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(address);
    expect(new URL(page.url()).pathname).toBe('/subscriptions');

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

  it('copies a new newsletter address to the clipboard with the Copy button', async () => {
    const context = await contexts.open(viewport, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto('/subscriptions');
    await openAdding(page);
    await page.getByRole('textbox', { name: 'Newsletter name' }).fill(`Pier Notices ${viewport}`);
    await page.getByRole('button', { name: 'Create address' }).click();
    const address = await page.getByRole('textbox', { name: 'Newsletter address' }).inputValue();
    expect(address).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).not.toBe(address);

    const copy = page.getByRole('button', { name: 'Copy the newsletter address' });
    await copy.click();
    await copy.locator('xpath=..').getByRole('status').getByText('Copied.', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    const href = await page.getByRole('link', { name: `Open Pier Notices ${viewport}` }).getAttribute('href');
    await page.request.delete(`/api/v1${href}`);
  });

  it('exports every subscription by folder as an OPML download', async () => {
    const page = await openSubscriptions(viewport);
    const exportButton = page.getByRole('button', { name: 'Export OPML' });
    const downloaded = page.waitForEvent('download');
    await exportButton.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^tidings-subscriptions-\d{4}-\d{2}-\d{2}\.opml$/);
    await page.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()}.` }).waitFor();
    const opml = readFileSync(await download.path(), 'utf8');
    // Read as the browser reads XML: each top-level outline is a feed, or a folder of feeds.
    const exported = await page.evaluate((text) => {
      const body = new DOMParser().parseFromString(text, 'text/xml').querySelector('opml > body')!;
      const feeds = (parent: Element) => [...parent.children].filter((outline) => outline.hasAttribute('xmlUrl'))
        .map((outline) => outline.getAttribute('text')!).sort();
      const folders = Object.fromEntries([...body.children].filter((outline) => !outline.hasAttribute('xmlUrl'))
        .map((folder) => [folder.getAttribute('text')!, feeds(folder)]));
      return { top: feeds(body), folders };
    }, opml);

    // The service's subscriptions, newsletters aside (they have no feed address to take elsewhere).
    const titles = async (query: string) => {
      const answer = await page.request.get(`/api/v1/subscriptions?limit=100${query}`);
      const { data } = (await answer.json()) as { data: { title: string; source_type: string }[] };
      return data.filter((entry) => entry.source_type !== 'newsletter').map((entry) => entry.title).sort();
    };
    const { data: folders } = (await (await page.request.get('/api/v1/folders')).json()) as { data: { id: string; name: string }[] };
    const expected: Record<string, string[]> = {};
    for (const folder of folders) {
      const inFolder = await titles(`&folder_id=${folder.id}`);
      if (inFolder.length) expected[folder.name] = inFolder;
    }
    expect(exported.top).toEqual(await titles(''));
    expect(exported.folders).toEqual(expected);
    expect(exported.folders['Making things']).toContain('Gridline');
    expect(Object.values(exported.folders).flat()).not.toContain('The Sunday Margin');
  });

  it('imports an OPML file: its feeds are subscribed in its folder at once, fetched behind, and a feed that fails is named', async () => {
    const folder = `Coast ${viewport}`;
    const feeds = [
      { title: `Lighthouse Keepers ${viewport}`, path: `/lighthouse-${viewport}.xml`, folder },
      { title: `Coastguard Notes ${viewport}`, path: `/coastguard-${viewport}.xml`, folder },
      { title: `Pier Gossip ${viewport}`, path: `/pier-${viewport}.xml`, folder: null },
    ].map((feed) => ({ ...feed, url: site().feed(feed.path, feed.title, [
      { guid: `${feed.path}-1`, title: `First word from ${feed.title}`, body: 'Hello.', date: new Date(Date.now() - 3_600_000) },
    ]) }));
    // One per viewport: a feed the instance already stores is subscribed without being fetched again.
    const gone = `http://127.0.0.1:9/gone-${viewport}.xml`;
    const outline = (title: string, url: string) => `<outline type="rss" text="${title}" title="${title}" xmlUrl="${url}"/>`;
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>From another reader</title></head><body>
  <outline text="${folder}" title="${folder}">
    ${feeds.filter((feed) => feed.folder).map((feed) => outline(feed.title, feed.url)).join('\n    ')}
    ${outline('Gone Away', gone)}
  </outline>
  ${outline(feeds[2]!.title, feeds[2]!.url)}
</body></opml>`;

    const page = await openSubscriptions(viewport);
    await page.getByLabel('OPML file to import').setInputFiles({ name: 'from-another-reader.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) });
    const imported = page.waitForResponse(isCall('POST', /^\/api\/v1\/opml\/import$/));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    expect((await imported).status()).toBe(200);
    const status = page.getByRole('status').filter({ hasText: 'Imported 4 feeds; 0 already subscribed; 0 failed.' });
    await status.waitFor({ timeout: 15_000 });
    await page.getByText('Fetched 4 imported feeds; 1 feed failed.').waitFor({ timeout: 15_000 });
    // The failures are listed beside the announced summary, not read out inside it.
    expect(await page.getByRole('list', { name: 'Imported feeds that could not be fetched' }).getByRole('listitem').filter({ hasText: gone }).count()).toBe(1);

    const list = page.getByRole('list', { name: 'Subscriptions' });
    for (const feed of feeds) await list.getByRole('link', { name: feed.title, exact: true }).waitFor();
    const { data: folders } = (await (await page.request.get('/api/v1/folders')).json()) as { data: { id: string; name: string }[] };
    const made = folders.find((entry) => entry.name === folder);
    expect(made).toBeDefined();
    const answer = await page.request.get(`/api/v1/subscriptions?folder_id=${made!.id}`);
    const inFolder = ((await answer.json()) as { data: { id: string; title: string }[] }).data;
    expect(inFolder.map((entry) => entry.title).sort()).toEqual([feeds[1]!.title, 'Gone Away', feeds[0]!.title]);

    const { data: all } = (await (await page.request.get('/api/v1/subscriptions?all=true&limit=100')).json()) as { data: { id: string; title: string }[] };
    const ours = all.filter((entry) => entry.title === 'Gone Away' || feeds.some((feed) => feed.title === entry.title)).map((entry) => entry.id);
    expect(ours).toHaveLength(4);
    await page.request.delete('/api/v1/subscriptions', { data: { subscription_ids: ours } });
    await page.request.delete(`/api/v1/folders/${made!.id}`);
  });

  it('answers a cut-off subscription link with the not-found page, not a validation error', async () => {
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    const response = await page.goto('/subscriptions/3f2c9a1e-not-a-whole-id');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('Some details need fixing').count()).toBe(0);
  });

  it('fits a 320 px screen without sideways scrolling and passes axe in dark mode', async () => {
    const page = await openSubscriptions(viewport, '', 'dark');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflows(page)).toBe(false);
  });
});
