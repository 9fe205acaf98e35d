import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { signInTo, startPodcastHost, waitForWorker, Wire } from './offline-helpers';
import { setContextOffline } from './connection';

/*
 * What the episode-download journeys share: a phone's browser signed in through a wire to
 * the app that a test can cut, the podcast it subscribes to, and questions put to the page
 * (the player's clock, the kept copy, what is left of downloads under way).
 */

type PodcastHost = Awaited<ReturnType<typeof startPodcastHost>>;

/**
 * The hooks of an episode-download test file: one browser for the file, and the phone its tests
 * open, ended after each test, passed or failed.
 */
export function phonePerTest(): EpisodePhone {
  let browser: Browser | undefined;
  const phone = new EpisodePhone(() => browser!);
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(() => phone.end());
  afterAll(async () => {
    await browser?.close();
  });
  return phone;
}

/**
 * One test's phone: `open` starts it; `end` (in afterEach) deletes the subscription `openSubscribed`
 * made and closes the browser context, the wire and the podcast's host.
 */
export class EpisodePhone {
  wire: Wire | undefined;
  context: BrowserContext | undefined;
  podcast: PodcastHost | undefined;
  subscriptionId: string | undefined;

  constructor(private readonly browser: () => Browser) {}

  /** A phone's browser signed in through a wire to the app that the test can cut. */
  async open(): Promise<Page> {
    this.wire = await new Wire(inject('baseUrl')).open();
    this.context = await this.browser().newContext({ ...VIEWPORTS.phone, baseURL: this.wire.baseUrl });
    await signInTo(this.context, this.wire.baseUrl);
    return this.context.newPage();
  }

  /**
   * Opens the phone on the inbox with its service worker in control, starts the podcast's host and
   * subscribes to it; answers the page, the page's errors from then on, the host, and the episode.
   */
  async openSubscribed(options: Parameters<typeof startPodcastHost>[0] = {}): Promise<{ page: Page; errors: string[]; podcast: PodcastHost; subscriptionId: string; episode: Episode }> {
    const page = await this.open();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const podcast = await this.host(options);
    await page.goto('/inbox');
    await waitForWorker(page);
    const { subscriptionId, episode } = await subscribe(page, podcast.feedUrl);
    this.subscriptionId = subscriptionId;
    return { page, errors, podcast, subscriptionId, episode };
  }

  /** Starts the podcast's host (see startPodcastHost), closed by `end`. */
  async host(options: Parameters<typeof startPodcastHost>[0] = {}): Promise<PodcastHost> {
    this.podcast = await startPodcastHost(options);
    return this.podcast;
  }

  /** Cuts (true) or restores (false) every connection: the browser's offline switch and the wire to the app. */
  async setOffline(offline: boolean): Promise<void> {
    // In this order, so the page sees navigator.onLine false before a cut breaks a transfer, and the wire is whole before it sees true.
    if (offline) await setContextOffline(this.context!, true);
    this.wire!.setCut(offline);
    if (!offline) await setContextOffline(this.context!, false);
  }

  async end(): Promise<void> {
    // Passed or failed: a podcast whose host is gone, left subscribed, would head Up Next for the suite's other files.
    // Straight to the app (the wire may be cut), with the session the context holds.
    if (this.subscriptionId) await this.context?.request.delete(`${inject('baseUrl')}/api/v1/subscriptions/${this.subscriptionId}`);
    this.subscriptionId = undefined;
    await this.context?.close();
    this.context = undefined;
    await this.wire?.close();
    this.wire = undefined;
    await this.podcast?.close();
    this.podcast = undefined;
  }
}

export type Episode = { id: string; title: string; playback_position: number | null };

/** Subscribes to a podcast through the app; answers the subscription and its first episode. */
export async function subscribe(page: Page, feedUrl: string): Promise<{ subscriptionId: string; episode: Episode }> {
  const created = await page.request.post('/api/v1/subscriptions', { data: { url: feedUrl }, timeout: 60_000 });
  expect(created.status()).toBe(201);
  const { subscription_id: subscriptionId } = (await created.json()) as { subscription_id: string };
  const listed = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}&item_type=episode`);
  return { subscriptionId, episode: ((await listed.json()) as { data: Episode[] }).data[0]! };
}

/** Opens the episode's page and waits for its heading. */
export async function openEpisode(page: Page, episode: Episode): Promise<void> {
  await page.goto(`/items/${episode.id}`);
  await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
}

/** What is left of downloads under way in IndexedDB: their records and kept parts. */
export function leftInProgress(page: Page): Promise<{ downloads: number; parts: number }> {
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
export function keptCopy(page: Page, id: string): Promise<{ bytes: number; wrong: number } | null> {
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
export async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'Podcast player' }).locator('[data-player-time]').textContent()) ?? '';
  const match = /(\d+):(\d\d) \/ 1:00/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
}
