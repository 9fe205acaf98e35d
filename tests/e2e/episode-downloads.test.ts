import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, VIEWPORTS } from './browser';
import { signInTo, startPodcastHost, waitForWorker, Wire } from './offline-helpers';

/*
 * Downloading an episode for listening offline, on a phone, in Chromium: subscribe to a podcast
 * on this machine, download its episode from its page, then lose the connection (the browser's
 * offline switch and a cut wire to the app, and the podcast's host gone too), and play it from
 * the downloads, seeking included; the position reaches the service once back online.
 */

let browser: Browser;
let wire: Wire | undefined;
let context: BrowserContext | undefined;
let podcast: Awaited<ReturnType<typeof startPodcastHost>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  await wire?.close();
  wire = undefined;
  await podcast?.close();
  podcast = undefined;
});

afterAll(async () => {
  await browser?.close();
});

type Episode = { id: string; title: string; playback_position: number | null };

/** A phone's browser signed in through a wire to the app that the test can cut. */
async function phoneBehindWire(): Promise<Page> {
  wire = await new Wire(inject('baseUrl')).open();
  context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: wire.baseUrl });
  await signInTo(context, wire.baseUrl);
  return context.newPage();
}

async function subscribe(page: Page, feedUrl: string): Promise<{ subscriptionId: string; episode: Episode }> {
  const created = await page.request.post('/api/v1/subscriptions', { data: { url: feedUrl } });
  expect(created.status()).toBe(201);
  const { subscription_id: subscriptionId } = (await created.json()) as { subscription_id: string };
  const listed = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}&item_type=episode`);
  return { subscriptionId, episode: ((await listed.json()) as { data: Episode[] }).data[0]! };
}

/** What is left of downloads under way in IndexedDB: their records and kept parts. */
function leftInProgress(page: Page): Promise<{ downloads: number; parts: number }> {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const opening = indexedDB.open('tidings-episode-downloads');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const tx = db.transaction(['downloads', 'parts']);
      const downloads = tx.objectStore('downloads').count();
      const parts = tx.objectStore('parts').count();
      tx.oncomplete = () => {
        db.close();
        resolve({ downloads: downloads.result, parts: parts.result });
      };
    };
  }));
}

/** The kept copy's size, and how many of its audio bytes differ from the host's file (a wrong splice shows). */
function keptCopy(page: Page, id: string): Promise<{ bytes: number; wrong: number } | null> {
  return page.evaluate(async (episodeId) => {
    const response = await (await caches.open('tidings-episode-downloads')).match(`/api/episode-audio/${episodeId}`);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    let wrong = 0;
    // The host's WAV: a 44-byte header, then 0x70 + (i mod 32) for the i-th sample.
    for (let index = 44; index < bytes.length; index++) if (bytes[index] !== 0x70 + ((index - 44) % 32)) wrong += 1;
    return { bytes: bytes.length, wrong };
  }, id);
}

/** The mini player's clock in seconds ("· 0:42 / 1:00" is 42). */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'Podcast player' }).locator('[data-player-time]').textContent()) ?? '';
  const match = /(\d+):(\d\d) \/ 1:00/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
}

describe('episodes downloaded for offline listening, on a phone', () => {
  it('downloads an episode, plays and seeks it offline, reports the position once online, and removes it', async () => {
    const page = await phoneBehindWire();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    podcast = await startPodcastHost();
    await page.goto('/inbox');
    await waitForWorker(page);
    const { subscriptionId, episode } = await subscribe(page, podcast.feedUrl);
    // Another tab of the app, on the episodes page: it learns of the download, and later of its removal, without a reload.
    const otherTab = await context!.newPage();
    await otherTab.goto('/episodes');
    await otherTab.getByRole('heading', { level: 1 }).waitFor();
    const otherTabDownloads = otherTab.getByRole('region', { name: 'Downloaded' });

    await page.goto(`/items/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const main = page.getByRole('main');
    await main.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 20_000 });
    await otherTabDownloads.getByRole('heading', { level: 3, name: episode.title }).waitFor();
    // 60 s of 8 kHz 8-bit audio and its header: 480,044 bytes.
    expect(await main.getByText('Downloaded · 480 KB').count()).toBe(1);
    expect(await main.getByRole('button', { name: 'Remove download' }).count()).toBe(1);
    const kept = await page.evaluate(async (id) => {
      const response = await (await caches.open('tidings-episode-downloads')).match(`/api/episode-audio/${id}`);
      return response ? (await response.arrayBuffer()).byteLength : null;
    }, episode.id);
    expect(kept).toBe(480_044);
    await expectNoAxeViolations(page);

    // The episodes page lists it with its size, and what is downloaded in all.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Episodes', exact: true }).click();
    const downloads = page.getByRole('region', { name: 'Downloaded' });
    await downloads.getByRole('heading', { level: 3, name: episode.title }).waitFor();
    expect(await downloads.getByText('1 episode · 480 KB on this device').count()).toBe(1);
    await expectNoAxeViolations(page);

    // No connection at all: not to the app, not to the podcast's host.
    await podcast.close();
    podcast = undefined;
    wire!.setCut(true);
    await context!.setOffline(true);

    await downloads.getByRole('button', { name: `Play: ${episode.title}` }).click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    await player.getByRole('button', { name: 'Open the full player' }).click();
    const full = page.getByRole('dialog', { name: episode.title });
    await full.waitFor();
    expect(await full.getByText('Downloaded', { exact: false }).count()).toBeGreaterThanOrEqual(1);
    await full.getByRole('slider', { name: 'Position' }).fill('40');
    // Seeking within the downloaded file works offline, and it plays on from there.
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(41);
    expect(await full.getByRole('alert').count()).toBe(0);
    await expectNoAxeViolations(page);
    await full.getByRole('button', { name: 'Pause', exact: true }).click();
    await full.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const position = Number(await full.getByRole('slider', { name: 'Position' }).inputValue());
    // The position waits in the outbox, as any playback report made offline does.
    await page.getByRole('status').filter({ hasText: /change.? waiting to sync/ }).first().waitFor();
    await full.getByRole('button', { name: 'Close the full player' }).click();

    wire!.setCut(false);
    await context!.setOffline(false);
    await expect.poll(async () => {
      const answer = await page.request.get(`/api/v1/items/${episode.id}`);
      return ((await answer.json()) as Episode).playback_position;
    }, { timeout: 20_000 }).toBe(position);

    await downloads.getByRole('button', { name: `Remove download: ${episode.title}` }).click();
    await downloads.waitFor({ state: 'detached' });
    await otherTabDownloads.waitFor({ state: 'detached' });
    expect(await page.evaluate(async (id) => Boolean(await (await caches.open('tidings-episode-downloads')).match(`/api/episode-audio/${id}`)), episode.id)).toBe(false);
    expect(errors).toEqual([]);

    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  });

  it('says why a download failed when the device is offline, and keeps nothing', async () => {
    const page = await phoneBehindWire();
    podcast = await startPodcastHost();
    await page.goto('/inbox');
    await waitForWorker(page);
    const { subscriptionId, episode } = await subscribe(page, podcast.feedUrl);
    await page.goto(`/items/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();

    wire!.setCut(true);
    await context!.setOffline(true);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not download: this device is offline.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(async () => (await (await caches.open('tidings-episode-downloads')).keys()).length)).toBe(0);

    wire!.setCut(false);
    await context!.setOffline(false);
    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  });

  it('carries on a download a reload interrupted, from the bytes kept, and plays it offline', async () => {
    const page = await phoneBehindWire();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // 480 KB at 40 KB/s: twelve seconds, time enough to reload in the middle.
    podcast = await startPodcastHost({ bytesPerSecond: 40_000 });
    await page.goto('/inbox');
    await waitForWorker(page);
    const { subscriptionId, episode } = await subscribe(page, podcast.feedUrl);
    await page.goto(`/items/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const main = page.getByRole('main');
    const progress = main.getByRole('progressbar', { name: `Download of ${episode.title}` });
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThanOrEqual(25);

    await page.reload();
    await main.getByRole('status').filter({ hasText: 'Downloading…' }).waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThanOrEqual(10);
    await expectNoAxeViolations(page);
    await main.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 30_000 });
    // Two requests to the host: from the start, then only the rest of it.
    expect(podcast.ranges).toHaveLength(2);
    expect(podcast.ranges[0]).toBe('bytes=0-');
    // From what was kept (a part a second), not from zero.
    const resumedFrom = Number(/^bytes=(\d+)-$/.exec(podcast.ranges[1]!)?.[1]);
    expect(resumedFrom).toBeGreaterThanOrEqual(40_000);
    expect(resumedFrom).toBeLessThan(480_044);
    expect(await keptCopy(page, episode.id)).toEqual({ bytes: 480_044, wrong: 0 });
    expect(await leftInProgress(page)).toEqual({ downloads: 0, parts: 0 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Episodes', exact: true }).click();
    const downloads = page.getByRole('region', { name: 'Downloaded' });
    await downloads.getByRole('heading', { level: 3, name: episode.title }).waitFor();
    await podcast.close();
    podcast = undefined;
    wire!.setCut(true);
    await context!.setOffline(true);
    await downloads.getByRole('button', { name: `Play: ${episode.title}` }).click();
    await page.getByRole('region', { name: 'Podcast player' }).getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);

    wire!.setCut(false);
    await context!.setOffline(false);
    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  }, 90_000);

  it('does not carry on a download the person cancelled', async () => {
    const page = await phoneBehindWire();
    podcast = await startPodcastHost({ bytesPerSecond: 40_000 });
    await page.goto('/inbox');
    await waitForWorker(page);
    const { subscriptionId, episode } = await subscribe(page, podcast.feedUrl);
    await page.goto(`/items/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const progress = page.getByRole('main').getByRole('progressbar', { name: `Download of ${episode.title}` });
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    await page.getByRole('main').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Download for offline' }).waitFor();
    await expect.poll(() => leftInProgress(page)).toEqual({ downloads: 0, parts: 0 });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    // Time for a resume to start, were one wrongly kept.
    await page.waitForTimeout(1500);
    expect(await page.getByRole('status').filter({ hasText: 'Downloading…' }).count()).toBe(0);
    expect(podcast.ranges).toHaveLength(1);
    expect(await keptCopy(page, episode.id)).toBeNull();
    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  }, 90_000);

  it('keeps playing an episode whose download is removed while it plays offline, and removes it once the player closes', async () => {
    const page = await phoneBehindWire();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    podcast = await startPodcastHost();
    await page.goto('/inbox');
    await waitForWorker(page);
    const { subscriptionId, episode } = await subscribe(page, podcast.feedUrl);
    await page.goto(`/items/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await page.getByRole('main').getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Episodes', exact: true }).click();
    const downloads = page.getByRole('region', { name: 'Downloaded' });
    await downloads.getByRole('heading', { level: 3, name: episode.title }).waitFor();

    await podcast.close();
    podcast = undefined;
    wire!.setCut(true);
    await context!.setOffline(true);
    // The episode may have been heard by an earlier test of the same feed's item: Play or Resume.
    await downloads.getByRole('button', { name: new RegExp(`^(Play|Resume|Play again): ${episode.title}$`) }).click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    await downloads.getByRole('button', { name: `Remove download: ${episode.title}` }).click();
    await downloads.getByRole('status').filter({ hasText: 'Removed once you stop listening to it' }).waitFor();
    expect(await downloads.getByRole('button', { name: `Keep download: ${episode.title}` }).count()).toBe(1);
    await expectNoAxeViolations(page);
    // Seeking still works offline: the file is still there under the player.
    await player.getByRole('button', { name: 'Open the full player' }).click();
    const full = page.getByRole('dialog', { name: episode.title });
    await full.getByRole('slider', { name: 'Position' }).fill('45');
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(46);
    expect(await full.getByRole('alert').count()).toBe(0);
    expect((await keptCopy(page, episode.id))?.bytes).toBe(480_044);
    await full.getByRole('button', { name: 'Close the full player' }).click();

    await player.getByRole('button', { name: 'Close the player' }).click();
    await downloads.waitFor({ state: 'detached' });
    expect(await keptCopy(page, episode.id)).toBeNull();
    expect(errors).toEqual([]);

    wire!.setCut(false);
    await context!.setOffline(false);
    await page.request.delete(`/api/v1/subscriptions/${subscriptionId}`);
  });
});
