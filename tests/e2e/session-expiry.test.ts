import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './browser';
import { ownerApiKey, rows, serviceItem, waitForOutboxEmpty, waitForWorker, type Wire } from './offline-helpers';
import { ownServer, relayedBrowserPerTest } from './own-server';
import { setContextOffline } from './connection';

/*
 * A session that ends while the device is offline (the cookie gone, as when it expired or
 * was signed out elsewhere): coming back, what was on screen stays with a way to sign in
 * again, and what was changed offline waits for that and is sent once signed in.
 */

const server = ownServer();
const browser = relayedBrowserPerTest();

/**
 * Cuts or restores the connection, for the page (offline emulation) and the worker (the relay),
 * and waits until the page has heard of it: toggled back at once, it may hear neither event.
 */
async function setOffline(wire: Wire, context: BrowserContext, page: Page, on: boolean): Promise<void> {
  wire.setCut(on);
  await setContextOffline(context, on);
  await page.waitForFunction((offline) => navigator.onLine !== offline, on);
}

/** The DevTools session of each page taken offline alone, kept: its emulation ends with it. */
const sessions = new WeakMap<Page, CDPSession>();

/**
 * The same for the page alone, through DevTools, with the worker held off by the relay only:
 * restored in that order, the worker has its network back before the page hears "online".
 * Through context.setOffline the page could hear it first, refetch, and get the worker's kept
 * copy (its fetch still failing), so no 401 and no notice.
 */
async function setPageOffline(wire: Wire, page: Page, on: boolean): Promise<void> {
  let devtools = sessions.get(page);
  if (!devtools) sessions.set(page, devtools = await page.context().newCDPSession(page));
  wire.setCut(on);
  await devtools.send('Network.emulateNetworkConditions', { offline: on, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.waitForFunction((offline) => navigator.onLine !== offline, on);
}

/** Signs in on the sign-in page the app's link led to, which then goes back where the person was. */
async function signInOnPage(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/sign-in');
  await page.getByLabel('Password', { exact: true }).fill(inject('appPassword'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

describe('a session that ends while offline', () => {
  it('keeps the article on screen when it comes back, under a notice whose link signs in and returns to it', async () => {
    const key = ownerApiKey(server().dataDir);
    const { wire, context, page } = await browser.start(server().baseUrl);
    // The reader as a page of its own (from 1200 px an item's address shows it beside the list: three-panes.test.ts).
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto('/inbox?view=all');
    const [item] = await rows(page);
    await waitForWorker(page);
    await page.goto(`/items/${item!.id}`);
    const heading = page.getByRole('heading', { level: 1, name: item!.title });
    await heading.waitFor();
    // Opening it marks it read: that change is let through, and its answer heard, before the connection goes, so nothing waits to be sent.
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, item!.id)).is_read, { timeout: 15_000 }).toBe(true);
    await waitForOutboxEmpty(page);

    await setPageOffline(wire, page, true);
    await context.clearCookies();
    // A while offline, as a person is: SWR folds a refresh into one begun less than 2 s before
    // (its dedupingInterval), here the one of the page's load, and would fetch nothing on reconnecting.
    await page.waitForTimeout(2_500);
    await setPageOffline(wire, page, false);

    // The reader refetches on reconnecting and gets 401: the article stays, the notice sits above it.
    const notice = page.getByRole('article').getByRole('status').filter({ hasText: /^Your session has ended/ });
    await notice.waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(await page.locator('.reading').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Please sign in again' }).count()).toBe(0);
    // The offline badge goes once the outbox's replay on reconnecting has found nothing to send, which may end after the 401.
    // Up to 30 s: beside a concurrent shard on a loaded machine 10 s were not enough.
    await expect.poll(() => page.getByRole('complementary', { name: 'Offline and sync' }).count(), { timeout: 30_000 }).toBe(0);
    const link = notice.getByRole('link', { name: 'Sign in', exact: true });
    expect(await link.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent(`/items/${item!.id}`)}`);
    await expectNoAxeViolations(page);

    await link.click();
    await signInOnPage(page);
    expect(new URL(page.url()).pathname).toBe(`/items/${item!.id}`);
    await heading.waitFor();
    expect(await notice.count()).toBe(0);
  }, 90_000);

  it('says so in both panes at 1440 px, the list and the reader beside it, with one sign-in link in the reader\'s, and holds a change made in the reader until signed in', async () => {
    const key = ownerApiKey(server().dataDir);
    const { wire, context, page } = await browser.start(server().baseUrl);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/inbox?view=all');
    const item = (await rows(page)).find((row) => !row.isRead && !row.isSaved);
    expect(item, 'the demo data has an unread, unsaved item').toBeTruthy();
    await waitForWorker(page);
    // Opened from the list: the reader beside it, the address set by history.pushState.
    await page.locator(`li[data-item-id="${item!.id}"] [data-item-link]`).click();
    const reader = page.getByRole('region', { name: 'Reader' });
    const heading = reader.getByRole('heading', { level: 1, name: item!.title });
    await heading.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/items/${item!.id}`);
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, item!.id)).is_read, { timeout: 15_000 }).toBe(true);
    await waitForOutboxEmpty(page);

    await setPageOffline(wire, page, true);
    await context.clearCookies();
    await reader.getByRole('button', { name: 'Save', exact: true }).click();
    await reader.getByRole('button', { name: 'Unsave', exact: true }).waitFor();
    // A while offline, past SWR's dedupingInterval (see the first journey).
    await page.waitForTimeout(2_500);
    await setPageOffline(wire, page, false);

    const ended = /^Your session has ended/;
    const list = page.locator('[data-panes] > :not([data-reader-pane])');
    await list.getByRole('status').filter({ hasText: ended }).waitFor({ timeout: 20_000 });
    const notice = reader.getByRole('status').filter({ hasText: ended });
    await notice.waitFor({ timeout: 20_000 });
    expect(await heading.isVisible()).toBe(true);
    expect(await page.locator('li[data-item-id] [data-item-link]').count()).toBeGreaterThan(0);
    const panel = page.getByRole('complementary', { name: 'Offline and sync' });
    const held = panel.getByRole('status').filter({ hasText: '1 change waiting to sync: your session has ended' });
    await held.waitFor({ timeout: 20_000 });
    expect((await serviceItem(server().baseUrl, key, item!.id)).is_saved).toBe(false);
    await expectNoAxeViolations(page);

    // One sign-in link on the page, in the notice above what the person reads: the list's notice and the panel say it without one.
    const link = notice.getByRole('link', { name: 'Sign in', exact: true });
    expect(await link.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent(`/items/${item!.id}`)}`);
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(1);
    expect(await held.innerText()).toContain('They stay on this device and are sent once you sign in again.');
    await link.click();
    await signInOnPage(page);
    expect(new URL(page.url()).pathname).toBe(`/items/${item!.id}`);
    await heading.waitFor();
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, item!.id)).is_saved, { timeout: 30_000 }).toBe(true);
    await panel.getByRole('status').filter({ hasText: /waiting to sync/ }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByRole('status').filter({ hasText: ended }).count()).toBe(0);
  }, 120_000);

  it('holds a change made offline, offers to sign in once (in the list\'s notice, not again in the panel), and sends the change once signed in', async () => {
    const key = ownerApiKey(server().dataDir);
    const { wire, context, page } = await browser.start(server().baseUrl);
    await page.goto('/inbox?view=all');
    const item = (await rows(page)).find((row) => !row.isRead);
    expect(item, 'the demo data has an unread item').toBeTruthy();
    await waitForWorker(page);

    await setOffline(wire, context, page, true);
    await page.getByRole('button', { name: `Mark read: ${item!.title}`, exact: true }).click();
    await page.getByRole('button', { name: `Mark unread: ${item!.title}`, exact: true }).waitFor();
    const panel = page.getByRole('complementary', { name: 'Offline and sync' });
    await panel.getByRole('status').filter({ hasText: '1 change waiting to sync: you are offline' }).waitFor();
    await context.clearCookies();
    await setOffline(wire, context, page, false);

    const held = panel.getByRole('status').filter({ hasText: '1 change waiting to sync: your session has ended' });
    await held.waitFor({ timeout: 20_000 });
    expect(await held.innerText()).toContain('They stay on this device and are sent once you sign in again.');
    expect((await serviceItem(server().baseUrl, key, item!.id)).is_read).toBe(false);
    // Nothing was refused, and the list keeps its rows, the queued change on them.
    expect(await page.getByRole('heading', { name: /not saved/ }).count()).toBe(0);
    expect((await rows(page)).find((row) => row.id === item!.id)).toMatchObject({ isRead: true });

    // The list says the session ended too, and its notice carries the page's one sign-in link.
    const notice = page.getByRole('status').filter({ hasText: /^Your session has ended/ });
    await notice.waitFor({ timeout: 20_000 });
    expect(await held.getByRole('link').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(1);
    await notice.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInOnPage(page);
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe('/inbox?view=all');
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, item!.id)).is_read, { timeout: 30_000 }).toBe(true);
    await panel.getByRole('status').filter({ hasText: /waiting to sync/ }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByRole('heading', { name: /not saved/ }).count()).toBe(0);
  }, 120_000);
});
