import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations } from './browser';

/*
 * Up Next in Chromium on the demo content (`npm run seed:demo`, as the suite's server has it):
 * the episodes page leads with the queue, newest first, with no episode twice on the page; it is
 * reordered and the order kept; the demo audio plays, and when an episode ends the player goes on
 * with the next queued one; the full player's chapters jump; demo sources are not failing.
 */

type Entry = { id: string; title: string; published_at: string; audio_url: string | null };

const browserContext = contextPerTest();

async function serviceQueue(page: Page): Promise<Entry[]> {
  const answer = await page.request.get('/api/v1/up-next');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Entry[] }).data;
}

/** The titles Up Next shows, in order. */
async function shownQueue(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Up Next' });
  return section.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();
}

/** The player's clock in seconds ("· 0:07 / 0:20" is 7). */
async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('region', { name: 'Podcast player' }).locator('[data-player-time]').textContent()) ?? '';
  const match = /(\d+):(\d\d) \//.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
}

async function openEpisodes(page: Page): Promise<void> {
  await page.goto('/episodes');
  await page.getByRole('heading', { level: 1, name: 'Episodes' }).waitFor();
  await page.getByRole('region', { name: 'Up Next' }).getByRole('listitem').first().waitFor();
}

describe('Up Next on a phone', () => {
  it('leads the episodes page with the unplayed demo episodes, newest first, none listed twice', async () => {
    const page = await (await browserContext.open('phone')).newPage();
    await openEpisodes(page);
    expect(await page.getByRole('main').locator('h2').first().textContent()).toBe('Up Next');

    const queue = await serviceQueue(page);
    expect(queue.length).toBeGreaterThanOrEqual(2);
    const dates = queue.map((entry) => Date.parse(entry.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(await shownQueue(page)).toEqual(queue.map((entry) => entry.title));

    // Each episode once in each list, and once on the whole page.
    await page.getByRole('region', { name: 'Recently played' }).getByRole('listitem').first().waitFor();
    const ids = await page.getByRole('main').locator('li[data-item-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id')));
    expect(new Set(ids).size).toBe(ids.length);
    // The demo podcast's artwork is a real image, loaded.
    const artwork = page.getByRole('region', { name: 'Up Next' }).locator('img').first();
    await expect.poll(() => artwork.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // Demo sources (sites under .example) are never fetched, so none fails. Other files' podcasts on the
    // shared server, whose local feed servers have stopped, may fail: they are not the demo's.
    const subscriptions = await page.request.get('/api/v1/subscriptions?limit=100');
    const demo = new Set(((await subscriptions.json()) as { data: { id: string; website: string | null }[] }).data
      .filter((subscription) => subscription.website?.endsWith('.example')).map((subscription) => subscription.id));
    expect(demo.size).toBeGreaterThanOrEqual(2);
    const health = await page.request.get('/api/v1/feed-health');
    const failing = ((await health.json()) as { data: { subscription_id: string }[] }).data;
    expect(failing.filter((entry) => demo.has(entry.subscription_id))).toEqual([]);
  });
});

describe('Up Next on a desktop', () => {
  it('is reordered and kept, plays the demo audio, goes on with the next, and jumps to chapters', async () => {
    const page = await (await browserContext.open('desktop')).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openEpisodes(page);
    const queue = await serviceQueue(page);
    const before = queue.map((entry) => entry.title);
    // Two demo episodes one after the other, whose audio the app makes: other files' podcasts on the
    // shared server, newer and with their hosts stopped, may head the queue and would not play.
    const demo = (entry: Entry | undefined) => Boolean(entry?.audio_url?.includes('/api/demo-media/'));
    const at = queue.findIndex((entry, index) => demo(entry) && demo(queue[index + 1]));
    expect(at, 'two demo episodes queued one after the other').toBeGreaterThanOrEqual(0);
    const [first, second] = [before[at]!, before[at + 1]!];

    const moveDown = page.getByRole('button', { name: `Move down: ${first}`, exact: true });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    const moved = [...before.slice(0, at), second, first, ...before.slice(at + 2)];
    await expect.poll(() => shownQueue(page)).toEqual(moved);
    await expect.poll(async () => (await serviceQueue(page)).map((entry) => entry.title)).toEqual(moved);
    await page.reload();
    await page.getByRole('region', { name: 'Up Next' }).getByRole('listitem').first().waitFor();
    expect(await shownQueue(page)).toEqual(moved);

    // The demo audio plays (made by the app itself: no host to reach).
    await page.getByRole('region', { name: 'Up Next' }).getByRole('button', { name: `Play: ${second}`, exact: true }).click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => shownQueue(page)).toEqual(moved.filter((title) => title !== second));

    // Its chapters, in the full player: pressing one jumps there.
    await player.getByRole('button', { name: 'Open the full player' }).click();
    const full = page.getByRole('dialog', { name: second });
    const chapters = full.getByRole('region', { name: 'Chapters' });
    await chapters.getByRole('button').first().waitFor();
    expect(await chapters.getByRole('button').count()).toBe(5);
    await chapters.getByRole('button', { name: /Listener questions/ }).click();
    await expect.poll(async () => Number(await full.getByRole('slider', { name: 'Position' }).inputValue()), { timeout: 10_000 }).toBeGreaterThanOrEqual(12);
    expect(await chapters.getByRole('button', { name: /Listener questions/ }).getAttribute('aria-current')).toBe('true');
    // Paused while axe looks (slow on a loaded machine), so the 20 s episode does not end before the seek below.
    await full.getByRole('button', { name: 'Pause', exact: true }).click();
    await full.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // Played to its end, the player goes on with the next episode of the queue.
    await full.getByRole('slider', { name: 'Position' }).fill('18');
    await full.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('dialog', { name: first }).waitFor({ timeout: 20_000 });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Close the full player' }).click();
    expect(errors).toEqual([]);

    // Downloading the demo audio is answered by the app too, with the byte ranges downloads ask for.
    const audio = await page.request.get(`/api/episode-audio/${queue[at]!.id}`, { headers: { range: 'bytes=0-' } });
    expect(audio.status()).toBe(206);
    expect(audio.headers()['content-type']).toBe('audio/wav');
  });
});
