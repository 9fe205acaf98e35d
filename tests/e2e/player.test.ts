import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newAppContext, type ViewportName } from './browser';
import { mainNavLink } from './main-nav';

/*
 * The podcast player in Chromium: subscribe to a local podcast whose one episode is a
 * minute of real (silent) audio, play it from the reader, seek, pause, reload, and find
 * the position kept both in the mini player and on the service.
 */

const seconds = 60;
const sampleRate = 8000;

/** A WAV file of silence: a RIFF header and 8-bit mono samples at the midpoint (silence for unsigned 8-bit PCM). */
function silenceWav(length: number): Buffer {
  const samples = length * sampleRate;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

function podcastFeed(origin: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>Quiet Hours ${name}</title>
    <link>${origin}/</link>
    <description>A podcast of silence, for testing the player.</description>
    <itunes:author>Tidings tests</itunes:author>
    <item>
      <title>A minute of silence (${name})</title>
      <guid isPermaLink="false">silence-${name}</guid>
      <pubDate>${new Date().toUTCString()}</pubDate>
      <description>Nothing at all, for a whole minute.</description>
      <enclosure url="${origin}/silence.wav" length="${44 + seconds * sampleRate}" type="audio/wav"/>
      <itunes:duration>${seconds}</itunes:duration>
    </item>
  </channel>
</rss>`;
}

/** Serves the feeds and the audio (with byte ranges, as media elements ask for them) on 127.0.0.1. */
function startPodcastHost(): Promise<{ server: Server; origin: string }> {
  const audio = silenceWav(seconds);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(podcastFeed(origin(), url.searchParams.get('name') ?? 'test'));
      return;
    }
    if (url.pathname !== '/silence.wav') {
      response.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': audio.length, 'accept-ranges': 'bytes' });
      response.end(audio);
      return;
    }
    const start = range[1] ? Number(range[1]) : 0;
    const end = range[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
    response.writeHead(206, {
      'content-type': 'audio/wav', 'accept-ranges': 'bytes',
      'content-range': `bytes ${start}-${end}/${audio.length}`, 'content-length': end - start + 1,
    });
    response.end(audio.subarray(start, end + 1));
  });
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: origin() })));
}

let browser: Browser;
let host: { server: Server; origin: string };
let context: BrowserContext | undefined;
/** The subscriptions the running test made: deleted after it, passed or failed (its podcast's host stops with the file). */
const subscribed: string[] = [];

beforeAll(async () => {
  [browser, host] = await Promise.all([launchBrowser(), startPodcastHost()]);
});

afterEach(async () => {
  for (const id of subscribed.splice(0)) await context?.request.delete(`/api/v1/subscriptions/${id}`);
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.server.close(resolve));
});

type Episode = { id: string; title: string; playback_position: number | null };

/** Subscribes through the app's proxy, as the subscriptions page does, and answers the podcast's episode. */
async function subscribeToPodcast(page: Page, name: string): Promise<{ episode: Episode }> {
  const created = await page.request.post('/api/v1/subscriptions', { data: { url: `${host.origin}/feed.xml?name=${name}` } });
  expect(created.status()).toBe(201);
  const { subscription_id: subscriptionId } = (await created.json()) as { subscription_id: string };
  subscribed.push(subscriptionId);
  const listed = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}&item_type=episode`);
  const { data } = (await listed.json()) as { data: Episode[] };
  expect(data).toHaveLength(1);
  return { episode: data[0]! };
}

async function serverPosition(page: Page, id: string): Promise<number | null> {
  const answer = await page.request.get(`/api/v1/items/${id}`);
  return ((await answer.json()) as Episode).playback_position;
}

async function waitForServerPosition(page: Page, id: string, expected: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last: number | null = null;
  while (Date.now() < deadline) {
    last = await serverPosition(page, id);
    if (last === expected) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`The service kept position ${last}, not ${expected}.`);
}

describe.each<ViewportName>(['phone', 'desktop'])('the podcast player on a %s', (viewport) => {
  it('plays an episode, seeks, pauses, and keeps the position across a reload', async () => {
    context = await newAppContext(browser, viewport);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/inbox');
    const { episode } = await subscribeToPodcast(page, viewport);

    await page.goto(`/items/${episode.id}`);
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    await page.getByRole('button', { name: 'Play episode' }).click();

    // Real playback: the mini player's clock moves on.
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    const clock = player.locator('[data-player-time]');
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toMatch(/0:0[1-9] \/ 1:00/);
    // The reader's own button follows the player.
    expect(await page.getByRole('main').getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await player.getByRole('button', { name: 'Open the full player' }).click();
    const full = page.getByRole('dialog', { name: episode.title });
    await full.waitFor();
    await expectNoAxeViolations(page);
    const slider = full.getByRole('slider', { name: 'Position' });
    await slider.fill('40');
    await full.getByRole('button', { name: 'Pause', exact: true }).click();
    await full.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const kept = Number(await slider.inputValue());
    expect(kept).toBeGreaterThanOrEqual(40);
    expect(kept).toBeLessThan(43);
    expect(await slider.getAttribute('aria-valuetext')).toBe(`${kept} seconds of 1 minute`);
    await waitForServerPosition(page, episode.id, kept);
    await full.getByRole('button', { name: 'Close the full player' }).click();
    await full.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
    const restored = page.getByRole('region', { name: 'Podcast player' });
    await restored.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await restored.locator('[data-player-time]').textContent()).toBe(`· 0:${kept} / 1:00`);
    // Restored paused: nothing plays until asked.
    await page.waitForTimeout(1000);
    expect(await restored.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
    expect(await restored.locator('[data-player-time]').textContent()).toBe(`· 0:${kept} / 1:00`);
    expect(await serverPosition(page, episode.id)).toBe(kept);
    expect(await page.getByRole('button', { name: `Resume from 0:${kept}` }).count()).toBe(1);

    await restored.getByRole('button', { name: 'Open the full player' }).click();
    await page.getByRole('dialog', { name: episode.title }).waitFor();
    expect(await page.getByRole('slider', { name: 'Position' }).inputValue()).toBe(String(kept));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close the full player' }).click();

    // The episodes page lists it as in progress, with what is left and Resume, and nowhere else.
    await (await mainNavLink(page, 'Episodes')).click();
    await page.getByRole('heading', { level: 1, name: 'Episodes' }).waitFor();
    const section = page.getByRole('region', { name: 'In progress' });
    const row = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: episode.title, exact: true }) });
    await row.waitFor();
    expect(await row.getByText('under a minute left').count()).toBe(1);
    expect(await row.getByRole('button', { name: `Resume: ${episode.title}`, exact: true }).count()).toBe(1);
    expect(await page.getByRole('main').getByRole('link', { name: episode.title, exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});

/** The mini player's clock in seconds ("· 0:42 / 1:00" is 42). */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'Podcast player' }).locator('[data-player-time]').textContent()) ?? '';
  const match = /(\d+):(\d\d) \/ 1:00/.exec(text);
  if (!match) throw new Error(`No position in the player's clock: "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Opens the episode's page and starts playing it with the reader's Play button. */
async function playFromReader(page: Page, episode: Episode): Promise<void> {
  await page.goto(`/items/${episode.id}`);
  await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
  await page.getByRole('button', { name: 'Play episode' }).click();
  await page.getByRole('region', { name: 'Podcast player' }).getByRole('button', { name: 'Pause', exact: true }).waitFor();
}

type MediaActions = { mediaActions: Record<string, MediaSessionActionHandler | null> };

describe.each<ViewportName>(['phone', 'desktop'])('the podcast player and the system on a %s', (viewport) => {
  it('shows the episode on the lock screen and answers its play, pause and seek controls', async () => {
    context = await newAppContext(browser, viewport);
    // Keeps the handlers the page gives the Media Session, as the lock screen would, to press them later.
    await context.addInitScript(() => {
      const kept: MediaActions['mediaActions'] = {};
      (window as unknown as MediaActions).mediaActions = kept;
      const session = navigator.mediaSession;
      const set = session.setActionHandler.bind(session);
      session.setActionHandler = (action, handler) => {
        kept[action] = handler;
        set(action, handler);
      };
    });
    const page = await context.newPage();
    await page.goto('/inbox');
    const { episode } = await subscribeToPodcast(page, `${viewport}-lock`);
    await playFromReader(page, episode);
    const player = page.getByRole('region', { name: 'Podcast player' });

    const metadata = await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title, artist: navigator.mediaSession.metadata?.artist, state: navigator.mediaSession.playbackState,
    }));
    expect(metadata).toEqual({ title: episode.title, artist: `Quiet Hours ${viewport}-lock`, state: 'playing' });
    const actions = await page.evaluate(() => Object.entries((window as unknown as MediaActions).mediaActions)
      .filter(([, handler]) => typeof handler === 'function').map(([action]) => action).sort());
    expect(actions).toEqual(expect.arrayContaining(['pause', 'play', 'seekbackward', 'seekforward']));

    const press = (action: MediaSessionAction) => page.evaluate((name) => {
      (window as unknown as MediaActions).mediaActions[name]!({ action: name });
    }, action);
    const start = await playerSeconds(page);
    await press('seekforward');
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(start + 30);
    await press('pause');
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
    // Paused, the clock stands still: back 15 s is exactly 15 s less on it.
    const paused = await playerSeconds(page);
    await press('seekbackward');
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBe(paused - 15);
    await press('play');
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    // The button says Pause from the audio's "play" event on (loading); the system hears "playing" at its "playing" event.
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState), { timeout: 10_000 }).toBe('playing');
  });

  it('sends the position to the service every 15 seconds while playing, with no pause', async () => {
    context = await newAppContext(browser, viewport);
    const page = await context.newPage();
    // The page's timers run on a clock the test can move on; the audio itself plays in real time.
    await page.clock.install();
    await page.goto('/inbox');
    const { episode } = await subscribeToPodcast(page, `${viewport}-report`);
    const reports: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/playback-progress')) {
        reports.push((request.postDataJSON() as { position_seconds: number }).position_seconds);
      }
    });
    await playFromReader(page, episode);
    const player = page.getByRole('region', { name: 'Podcast player' });

    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(reports).toEqual([]);
    expect([null, 0]).toContain(await serverPosition(page, episode.id));
    await page.clock.fastForward('00:16');
    await expect.poll(() => serverPosition(page, episode.id), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const first = (await serverPosition(page, episode.id))!;
    await expect.poll(() => reports).toEqual([first]);

    // Fifteen seconds on, still playing, the next report moves it further.
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(first + 1);
    await page.clock.fastForward('00:15');
    await expect.poll(() => serverPosition(page, episode.id), { timeout: 10_000 }).toBeGreaterThan(first);
    const second = await serverPosition(page, episode.id);
    await expect.poll(() => reports).toEqual([first, second]);
    // Never paused: a pause would have sent a report of its own and shown Play.
    expect(await player.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
  });
});

describe('the mini player on a 320 px phone', () => {
  it('gives the title most of the bar and leaves the podcast’s name readable, and still opens the full player', async () => {
    context = await newAppContext(browser, 'phone');
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/inbox');
    const { episode } = await subscribeToPodcast(page, 'narrow');
    await playFromReader(page, episode);
    const player = page.getByRole('region', { name: 'Podcast player' });

    const widths = await player.evaluate((bar) => {
      const [title, name] = [...bar.querySelectorAll('p > span')] as HTMLElement[];
      const podcast = name!.firstElementChild as HTMLElement;
      return { title: title!.clientWidth, podcast: podcast.clientWidth, podcastNeeds: podcast.scrollWidth };
    });
    // Before, the title had 88 px and the podcast's name a letter; a long name may still end in an ellipsis.
    expect(widths.title).toBeGreaterThanOrEqual(140);
    expect(widths.podcast).toBeGreaterThanOrEqual(Math.min(96, widths.podcastNeeds));

    await player.getByRole('button', { name: 'Open the full player' }).click();
    await page.getByRole('dialog', { name: episode.title }).waitFor();
    await expectNoAxeViolations(page);
  });
});
