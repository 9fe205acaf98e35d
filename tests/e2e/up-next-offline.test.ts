import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForWorker } from './offline-helpers';
import { ownServer, relayedBrowserPerTest } from './own-server';
import { setContextOffline } from './connection';

/*
 * Up Next arranged on a phone without a connection: the new order stays on screen, also after
 * a reload, waits in the pending-changes panel in words, and reaches the service once the
 * connection returns.
 */

const server = ownServer();
const browser = relayedBrowserPerTest();

/** Up Next as the service has it, asked past the relay (the session cookie is the host's). */
async function serviceQueue(page: Page): Promise<string[]> {
  const answer = await page.request.get(`${server().baseUrl}/api/v1/up-next`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { title: string }[] }).data.map((entry) => entry.title);
}

async function shownQueue(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Up Next' }).getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();
}

describe('Up Next offline', () => {
  it('keeps a reorder made offline on screen and in the pending list, and sends the order the person saw when the connection returns', async () => {
    const { wire, context, page } = await browser.start(server().baseUrl);
    await page.goto('/episodes');
    await page.getByRole('region', { name: 'Up Next' }).getByRole('listitem').first().waitFor();
    await waitForWorker(page);
    // The worker keeps the episodes page, its lists and Up Next ahead, as it does the inbox.
    await expect.poll(() => page.evaluate(async () => {
      const kept = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
      const paths = kept.flat().map((request) => new URL(request.url).pathname);
      const lists = kept.flat().map((request) => new URL(request.url)).filter((url) => url.pathname === '/api/v1/items' && url.searchParams.get('item_type') === 'episode');
      return ['/episodes', '/api/v1/up-next', '/api/capabilities'].every((path) => paths.includes(path))
        && ['true', 'false'].every((inProgress) => lists.some((url) => url.searchParams.get('in_progress') === inProgress));
    }), { timeout: 30_000 }).toBe(true);
    const before = await serviceQueue(page);
    expect(before.length, 'the demo data queues at least two episodes').toBeGreaterThanOrEqual(2);
    await expect.poll(() => shownQueue(page)).toEqual(before);

    const offline = async (on: boolean) => {
      wire.setCut(on);
      await setContextOffline(context, on);
    };
    await offline(true);
    const [first, second, ...rest] = before as [string, string, ...string[]];
    await page.getByRole('button', { name: `Move down: ${first}`, exact: true }).click();
    let expected = [second, first, ...rest];
    await expect.poll(() => shownQueue(page)).toEqual(expected);
    const labels = ['Reorder Up Next'];
    if (rest.length) {
      // A second reorder replaces the first in the queue; a removal waits after it.
      await page.getByRole('button', { name: `Move down: ${first}`, exact: true }).click();
      const [third, ...others] = rest as [string, ...string[]];
      expected = [second, third, first, ...others];
      await expect.poll(() => shownQueue(page)).toEqual(expected);
      await page.getByRole('button', { name: `Remove from Up Next: ${second}`, exact: true }).click();
      expected = expected.filter((title) => title !== second);
      await expect.poll(() => shownQueue(page)).toEqual(expected);
      labels.push(`Remove “${second}” from Up Next`);
    }
    // No failure in Up Next (the page's own "You are offline" notice is an alert too).
    expect(await page.getByRole('region', { name: 'Up Next' }).getByRole('alert').count()).toBe(0);
    const waiting = page.getByRole('status').filter({ hasText: `${labels.length} ${labels.length === 1 ? 'change' : 'changes'} waiting to sync` });
    await waiting.waitFor();
    await page.getByRole('button', { name: `${labels.length} ${labels.length === 1 ? 'change' : 'changes'} waiting`, exact: true }).click();
    expect(await waiting.getByRole('listitem').allTextContents()).toEqual(labels);
    expect(await serviceQueue(page)).toEqual(before);

    // Opened again while offline (the worker's kept copy has the old order), it still shows the change.
    await page.reload();
    await page.getByRole('region', { name: 'Up Next' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => shownQueue(page)).toEqual(expected);
    // The page's other lists were kept ahead as well.
    expect(await page.getByText(/could not be loaded/).count()).toBe(0);

    await offline(false);
    await page.getByRole('status').filter({ hasText: /waiting to sync/ }).waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => serviceQueue(page), { timeout: 15_000 }).toEqual(expected);
    expect(await page.getByRole('heading', { name: /not saved/ }).count()).toBe(0);
    await page.reload();
    await page.getByRole('region', { name: 'Up Next' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => shownQueue(page)).toEqual(expected);
  }, 120_000);
});
