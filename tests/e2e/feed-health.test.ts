/*
 * A failing subscription says what is wrong, when it was last tried and will be tried again,
 * and "Try now" fetches the feed from its server at once (at most once every 10 seconds).
 * The feed's site is a server of this file's own, which counts requests and can fail on cue.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIResponse, Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations, isCall, launchBrowser, newAppContext, type ViewportName } from './browser';
import { rssDocument } from './feed-site';

let browser: Browser;

/** Paths that answer 404 (the feed is gone) until taken off; every request is counted by path. */
const gone = new Set<string>();
const hits = new Map<string, number>();
let site: http.Server;
let baseUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  site = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (gone.has(path)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not found');
    }
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(rssDocument(`Harbour Notices ${path}`, [
      { guid: `${path}-1`, title: `Tide tables for ${path}`, body: 'High water at noon.', date: new Date(Date.now() - 3_600_000) },
    ]));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

/** Waits until `ms` have passed since `since`: "Try now" waits 10 seconds after a feed's last fetch. */
async function waitSince(since: number, ms: number): Promise<void> {
  const left = since + ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The throttle counts every fetch of the feed, so if one came after the test's own (an automatic
 * one, say) "Try now" answers 429: the refusal is logged and its retry_after honoured once.
 */
async function afterRefusal<Answer extends APIResponse | Response>(answer: Answer, again: () => Promise<Answer>): Promise<Answer> {
  if (answer.status() !== 429) return answer;
  const refused = await answer.json() as { message: string; retry_after: number };
  console.info(`Try now refused: ${refused.message} (retry_after ${refused.retry_after})`);
  await sleep(refused.retry_after * 1000 + 500);
  return again();
}

/** "Try now" through the API, honouring one refusal. */
async function tryNowByApi(page: Page, subscriptionId: string) {
  const press = () => page.request.post(`/api/v1/subscriptions/${subscriptionId}/refresh`);
  return afterRefusal(await press(), press);
}

/** Presses a "Try now" button and answers the service's response, honouring one refusal. */
async function pressTryNow(page: Page, button: Locator, subscriptionId: string) {
  const press = async () => {
    const answered = page.waitForResponse(isCall('POST', new RegExp(`^/api/v1/subscriptions/${subscriptionId}/refresh$`)));
    await button.click();
    return answered;
  };
  return afterRefusal(await press(), press);
}

/** Whether the page is wider than the window (a horizontal scroll bar). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

const goneSentence = 'The feed server answered 404: the feed is gone from that address.';

// The two screens at once, each on a feed of its own: most of a test is waiting out the 10 seconds of Try now.
describe.concurrent.each<ViewportName>(['phone', 'desktop'])('feed health on a %s', (viewport) => {
  // The test's own expect: tests running at once must not share one (vitest's advice for concurrent tests).
  it('shows a failing feed\'s error, last and next try; Try now reaches the feed server and clears it', async ({ expect, onTestFinished }) => {
    const path = `/notices-${viewport}.xml`;
    const title = `Harbour Notices ${path}`;
    const context = await newAppContext(browser, viewport);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/subscriptions');

    const created = await page.request.post('/api/v1/subscriptions', { data: { url: `${baseUrl}${path}` } });
    expect(created.status()).toBe(201);
    const subscribedAt = Date.now();
    const subscriptionId = ((await created.json()) as { subscription_id: string }).subscription_id;

    // The feed goes away; the first try after it records the failure on the subscription.
    gone.add(path);
    await waitSince(subscribedAt, 10_500);
    const failed = await tryNowByApi(page, subscriptionId);
    expect(failed.status()).toBe(200);
    let failedAt = Date.now();
    expect(await failed.json()).toMatchObject({ status: 'failing', last_error: goneSentence });

    // In the list: the error in a line and a compact Try now, which says when it is too soon.
    const listed = page.waitForResponse(isCall('GET', /^\/api\/v1\/feed-health$/));
    await page.goto('/subscriptions');
    expect((await listed).status()).toBe(200);
    const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row.getByText(goneSentence).waitFor();
    expect(await row.textContent()).toContain('Failing');
    expect(await row.textContent()).toContain('Last tried');
    // A loaded machine may take most of the throttle's 10 seconds to show the page: then the feed is
    // fetched once more, so that the press below surely comes too soon.
    if (Date.now() - failedAt > 5_000) {
      expect((await tryNowByApi(page, subscriptionId)).status()).toBe(200);
      failedAt = Date.now();
    }
    const hitsBefore = hits.get(path);
    const tooSoon = page.waitForResponse(isCall('POST', new RegExp(`^/api/v1/subscriptions/${subscriptionId}/refresh$`)));
    await row.getByRole('button', { name: `Try ${title} now` }).click();
    expect((await tooSoon).status()).toBe(429);
    await row.getByRole('status').getByText(/^This feed was fetched moments ago; try again in \d+ seconds?\.$/).waitFor();
    expect(hits.get(path)).toBe(hitsBefore);
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);

    // On its page: what is wrong, when it was tried and will be, and Try now.
    await row.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const section = page.getByRole('region', { name: 'What is wrong' });
    await section.getByText(goneSentence).waitFor();
    expect(await section.textContent()).toMatch(/Last tried .+\. Next try in .+\./);
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);

    // The feed is back: Try now fetches it from its server and the error goes.
    gone.delete(path);
    await waitSince(failedAt, 10_500);
    const hitsBeforeTry = hits.get(path) ?? 0;
    const tried = await pressTryNow(page, section.getByRole('button', { name: 'Try now' }), subscriptionId);
    expect(tried.status()).toBe(200);
    expect(hits.get(path)).toBe(hitsBeforeTry + 1);
    await page.getByText('The feed answered: it works again.').waitFor();
    await page.getByRole('region', { name: 'What is wrong' }).waitFor({ state: 'detached' });
    await page.locator('dl').getByText('Healthy').waitFor();
    expect(await page.getByText(goneSentence).count()).toBe(0);
    const health = await page.request.get(`/api/v1/subscriptions/${subscriptionId}/health`);
    expect(await health.json()).toMatchObject({ status: 'healthy', last_error: null });
  }, 90_000);
});
