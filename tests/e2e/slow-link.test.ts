/*
 * A phone on a bad connection: the link is up but slow. What the person did stays done on the
 * copies kept for offline reading, and an answer that comes late still reaches the screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { RelayedBrowser, ownerApiKey, rows, serviceItems, startDedicatedServer, waitForWorker, type Wire } from './offline-helpers';
import { setContextOffline } from './connection';

let server: Awaited<ReturnType<typeof startDedicatedServer>>;

beforeAll(async () => {
  server = await startDedicatedServer({});
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * A signed-in browser on a fresh profile behind a relay the test can slow down or cut, with the worker in
 * control of the inbox; each test has its own (ended after it), so tests that only wait can run at once.
 */
async function inboxUnderWorker(path: string, onTestFinished: TestContext['onTestFinished']): Promise<{ page: Page; wire: Wire; context: BrowserContext }> {
  const browser = new RelayedBrowser();
  onTestFinished(() => browser.end());
  const started = await browser.start(server.baseUrl);
  const { page } = started;
  await page.goto(path);
  await waitForWorker(page);
  // Loaded again under the worker, the list is kept.
  await page.goto(path);
  await rows(page);
  return started;
}

describe('a slow or failing link', () => {
  it('opens an item of the inbox offline that was listed but never opened, with its text', async ({ onTestFinished }) => {
    const { page, wire, context } = await inboxUnderWorker('/inbox', onTestFinished);
    const target = (await rows(page)).filter((row) => !row.isSaved)[1]!;
    // The worker keeps the first page's items after the page has loaded.
    await expect.poll(() => page.evaluate((id) => caches.match(`/api/v1/items/${id}`).then(Boolean), target.id), { timeout: 30_000 }).toBe(true);
    wire.setCut(true);
    await setContextOffline(context, true);
    await page.locator(`li[data-item-id="${target.id}"] [data-item-link]`).click();
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('This item could not be loaded').count()).toBe(0);
    expect((await page.locator('article').innerText()).length).toBeGreaterThan(target.title.length + 100);
  }, 90_000);

  it('keeps "mark all as read" on the inbox kept for offline, so it does not come back unread', async ({ onTestFinished }) => {
    const { page, wire, context } = await inboxUnderWorker('/inbox?view=all', onTestFinished);
    expect((await rows(page)).some((row) => !row.isRead)).toBe(true);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(async () => (await rows(page)).filter((row) => !row.isRead).length, { timeout: 10_000 }).toBe(0);
    expect(await serviceItems(server.baseUrl, ownerApiKey(server.dataDir), 'is_read=unread&limit=100')).toEqual([]);
    // The worker writes the change into its kept lists after the answer (waitUntil): on a busy machine, wait for it.
    await expect.poll(() => page.evaluate(async () => {
      let unread = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (new URL(request.url).pathname !== '/api/v1/items') continue;
          const body = (await (await cache.match(request))!.json()) as { data?: { is_read: boolean }[] };
          unread += (body.data ?? []).filter((item) => !item.is_read).length;
        }
      }
      return unread;
    }), { timeout: 10_000 }).toBe(0);

    wire.setCut(true);
    await setContextOffline(context, true);
    await page.reload();
    const kept = await rows(page);
    // The page comes from the kept copy; its list is then read from the kept answers.
    await expect.poll(async () => (await rows(page)).filter((row) => !row.isRead).map((row) => row.title), { timeout: 10_000 }).toEqual([]);
    expect(kept.length).toBeGreaterThan(0);
  }, 90_000);

  // The last two mostly wait out the worker's deadlines, and the second changes nothing: they run at once,
  // each with its own expect (vitest's advice for concurrent tests).
  it.concurrent('shows the kept list while a refresh is slow, then the fresh one by itself once it lands', async ({ expect, onTestFinished }) => {
    const { page, wire } = await inboxUnderWorker('/inbox?view=all', onTestFinished);
    const target = (await rows(page))[0]!;
    // Marked read, or unread, on another device meanwhile.
    const key = ownerApiKey(server.dataDir);
    const read = await fetch(`${server.baseUrl}/v1/items/${target.id}`, {
      method: 'PATCH', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ is_read: !target.isRead }),
    });
    expect(read.status).toBe(200);
    // Reads of lists take 8 s, longer than the worker waits for the network (5 s); everything else goes through as usual.
    wire.slowRequests = { line: /^GET \/api\/v1\/items\?/, ms: 8_000 };
    const keptAnswer = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/v1/items', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    // The worker's answer once it stops waiting, seconds before the network's.
    await keptAnswer;
    // The kept copy stands in: the row is still as it was.
    expect((await rows(page)).find((row) => row.id === target.id)?.isRead).toBe(target.isRead);
    // No second refresh: the worker keeps the late answer and says so, and the list shows it.
    await expect.poll(async () => (await rows(page)).find((row) => row.id === target.id)?.isRead, { timeout: 30_000 }).toBe(!target.isRead);
  }, 90_000);

  it.concurrent('answers a read with nothing kept and no answer in time as too slow, not as offline', async ({ expect, onTestFinished }) => {
    const { page, wire } = await inboxUnderWorker('/inbox?view=all', onTestFinished);
    wire.slowRequests = { line: /^GET \/api\/v1\/items\/[0-9a-f-]{36} /, ms: 20_000 };
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/v1/items/00000000-0000-4000-8000-000000000000');
      return { status: response.status, body: await response.json() as { message: string } };
    });
    expect(answer).toEqual({ status: 504, body: { message: 'No answer came in time: the connection is very slow. This shows as soon as it arrives.' } });
  }, 90_000);
});
