import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './browser';
import { ownerApiKey, rows, serviceItem, waitForWorker, type Row } from './offline-helpers';
import { ownServer, relayedBrowserPerTest } from './own-server';
import { setContextOffline } from './connection';

/*
 * A phone on a bad connection: changes made offline in two tabs, then a connection that
 * drops again while they are sent. What the service ends with is the last thing done to
 * each item, and nothing is refused on the way.
 */

const server = ownServer();
const browser = relayedBrowserPerTest();

/** Presses a row's button by its name, and waits for the row to show the change. */
async function press(page: Page, name: string, shown: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: shown, exact: true }).waitFor();
}

const waiting = (page: Page, count: number) => page.getByRole('status').filter({ hasText: `${count} changes waiting to sync` });

describe('coming back on a bad connection', () => {
  it('sends changes made offline in two tabs once, through a connection that drops again, ending in the last state of each item', async () => {
    const key = ownerApiKey(server().dataDir);
    const { wire, context, page: first } = await browser.start(server().baseUrl);
    await first.goto('/inbox?view=all');
    const list = await rows(first);
    await waitForWorker(first);
    const second = await context.newPage();
    await second.goto('/inbox?view=all');
    await rows(second);
    // The list is kept for offline by the worker once its refresh on opening lands.
    const allListKept = () => second.evaluate(async () => (await (await caches.open('tidings-items')).keys()).some((request) => new URL(request.url).search === '?limit=30'));
    await expect.poll(allListKept, { timeout: 15_000 }).toBe(true);

    const fresh = list.filter((row) => !row.isRead && !row.isSaved);
    expect(fresh.length, 'the demo data has five unread, unsaved items').toBeGreaterThanOrEqual(5);
    const [item, a, b, c, d] = fresh as [Row, Row, Row, Row, Row];
    // Neither opened nor kept ahead: the worker keeps the first items of the unread inbox only.
    const never = list.find((row) => row.isRead && !row.isSaved)!;
    expect(never, 'the demo data has a read, unsaved item').toBeTruthy();

    const offline = async (on: boolean) => {
      wire.setCut(on);
      await setContextOffline(context, on);
    };
    await offline(true);
    // One item changed back and forth: read, unread, read, save, unsave.
    await press(first, `Mark read: ${item.title}`, `Mark unread: ${item.title}`);
    await press(first, `Mark unread: ${item.title}`, `Mark read: ${item.title}`);
    await press(first, `Mark read: ${item.title}`, `Mark unread: ${item.title}`);
    await press(first, `Save: ${item.title}`, `Unsave: ${item.title}`);
    await press(first, `Unsave: ${item.title}`, `Save: ${item.title}`);
    await press(first, `Mark read: ${a.title}`, `Mark unread: ${a.title}`);
    await press(first, `Save: ${b.title}`, `Unsave: ${b.title}`);

    // The other tab, opened again offline, shows what the first one queued, and changes more (a back to unread).
    await second.reload();
    expect((await rows(second)).find((row) => row.id === item.id)).toMatchObject({ isRead: true, isSaved: false });
    await press(second, `Mark unread: ${a.title}`, `Mark read: ${a.title}`);
    await press(second, `Mark read: ${c.title}`, `Mark unread: ${c.title}`);
    await press(second, `Save: ${d.title}`, `Unsave: ${d.title}`);
    // Coalesced per item and field: the item's read and unsave, b, c, d, and a's unread.
    await waiting(second, 6).waitFor();

    // An item whose detail was never kept: the reader shows it as a kept list had it, and says so.
    await second.goto(`/items/${never.id}`);
    await second.getByRole('heading', { level: 1, name: never.title }).waitFor();
    await second.getByRole('heading', { level: 2, name: 'You are offline: showing what the list had' }).waitFor();
    expect(await second.getByRole('button', { name: 'Load the whole item' }).count()).toBe(1);
    await expectNoAxeViolations(second);
    // One that no kept list holds either: the reader says it is offline, not a blank page or an endless skeleton.
    await second.goto('/items/00000000-0000-4000-8000-000000000000');
    const notice = second.getByRole('alert').filter({ hasText: 'You are offline' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('This item could not be loaded.');
    await second.goto('/inbox?view=all');
    await waiting(second, 6).waitFor();

    // Back online in both tabs; the connection drops again as soon as the first change got through
    // (sent by a tab, or by the worker on Background Sync, which the browser may start first), then returns.
    // A slow link, so the queue is still going when the connection drops.
    wire.latencyMs = 300;
    await offline(false);
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, item.id)).is_read, { timeout: 30_000, interval: 50 }).toBe(true);
    await offline(true);
    // The drop came mid-queue: d's save, fifth in line, had not gone yet.
    expect((await serviceItem(server().baseUrl, key, d.id)).is_saved).toBe(false);
    await second.getByRole('status').filter({ hasText: /waiting to sync: you are offline/ }).waitFor();
    await offline(false);
    for (const page of [first, second]) {
      await page.getByRole('status').filter({ hasText: /waiting to sync/ }).waitFor({ state: 'detached', timeout: 90_000 });
    }

    expect(await serviceItem(server().baseUrl, key, item.id)).toMatchObject({ is_read: true, is_saved: false });
    expect(await serviceItem(server().baseUrl, key, a.id)).toMatchObject({ is_read: false, is_saved: false });
    expect(await serviceItem(server().baseUrl, key, b.id)).toMatchObject({ is_read: false, is_saved: true });
    expect(await serviceItem(server().baseUrl, key, c.id)).toMatchObject({ is_read: true, is_saved: false });
    expect(await serviceItem(server().baseUrl, key, d.id)).toMatchObject({ is_read: false, is_saved: true });
    for (const page of [first, second]) {
      expect(await page.getByRole('heading', { name: /not saved/ }).count()).toBe(0);
    }
    // Both tabs show what the service has.
    for (const page of [first, second]) {
      await page.goto('/inbox?view=all');
      const shown = await rows(page);
      expect(shown.find((row) => row.id === item.id)).toMatchObject({ isRead: true, isSaved: false });
      expect(shown.find((row) => row.id === a.id)).toMatchObject({ isRead: false });
      expect(shown.find((row) => row.id === d.id)).toMatchObject({ isSaved: true });
    }
  }, 150_000);
});
