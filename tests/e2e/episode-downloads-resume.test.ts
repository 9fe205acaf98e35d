import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './browser';
import { keptCopy, leftInProgress, openEpisode, phonePerTest, playerSeconds } from './episode-phone';

/*
 * Downloads that outlive the page, on a phone: the podcast's host serves the file slowly, the
 * page is reloaded (or the connection lost) mid-download, and the download carries on from the
 * bytes kept in IndexedDB, asking the host only for the rest; a cancelled one never comes back.
 */

const phone = phonePerTest();

describe('episode downloads interrupted, on a phone', () => {
  it('carries on a download a reload interrupted, from the bytes kept, and plays it offline', async () => {
    // 480 KB at 40 KB/s: twelve seconds, time enough to reload in the middle.
    const { page, errors, podcast, episode } = await phone.openSubscribed({ bytesPerSecond: 40_000 });
    await openEpisode(page, episode);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const main = page.getByRole('main');
    const progress = main.getByRole('progressbar', { name: `Download of ${episode.title}` });
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThanOrEqual(25);

    await page.reload();
    await main.getByRole('status').filter({ hasText: 'Downloading…' }).waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThanOrEqual(10);
    await expectNoAxeViolations(page);
    // Resumed: the slowness has done its part, so the rest comes quickly.
    podcast.setBytesPerSecond(400_000);
    await main.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 30_000 });
    // Two download requests to the host: from the start, then only the rest of it (a request without
    // a range is the page's audio element, not the download).
    expect(podcast.ranges.filter(Boolean)).toHaveLength(2);
    expect(podcast.ranges.filter(Boolean)[0]).toBe('bytes=0-');
    // From what was kept (a part a second), not from zero.
    const resumedFrom = Number(/^bytes=(\d+)-$/.exec(podcast.ranges.filter(Boolean)[1]!)?.[1]);
    expect(resumedFrom).toBeGreaterThanOrEqual(40_000);
    expect(resumedFrom).toBeLessThan(480_044);
    expect(await keptCopy(page, episode.id)).toEqual({ bytes: 480_044, wrong: 0 });
    expect(await leftInProgress(page)).toEqual({ downloads: 0, parts: 0 });

    // Everything the page asks for has arrived, so only the player's requests meet the cut.
    await main.getByText('Finding similar items…').waitFor({ state: 'detached' });
    await podcast.close();
    await phone.setOffline(true);
    await main.getByRole('button', { name: /^(Play episode|Resume from .+|Play again)$/ }).click();
    await page.getByRole('region', { name: 'Podcast player' }).getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(errors).toEqual([]);

    await phone.setOffline(false);
  }, 90_000);

  it('does not carry on a download the person cancelled', async () => {
    const { page, podcast, episode } = await phone.openSubscribed({ bytesPerSecond: 40_000 });
    await openEpisode(page, episode);
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
    // Only the download's ranged requests count; the page's audio element may ask plainly ('').
    expect(podcast.ranges.filter(Boolean)).toHaveLength(1);
    expect(await keptCopy(page, episode.id)).toBeNull();
  }, 90_000);

  it('waits for a connection lost mid-download, says so across a reload offline, and carries on once it is back', async () => {
    const { page, podcast, episode } = await phone.openSubscribed({ bytesPerSecond: 40_000 });
    await openEpisode(page, episode);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const main = page.getByRole('main');
    const progress = main.getByRole('progressbar', { name: `Download of ${episode.title}` });
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThanOrEqual(25);

    await phone.setOffline(true);
    const waiting = main.getByRole('status').filter({ hasText: 'Waiting for a connection to carry on downloading…' });
    await waiting.waitFor();
    await expectNoAxeViolations(page);
    // The app reopened offline: the download still waits, with what it kept.
    await page.reload();
    await waiting.waitFor();
    expect(Number(await progress.getAttribute('value'))).toBeGreaterThanOrEqual(8);
    expect(await main.getByRole('alert').count()).toBe(0);

    // The rest comes quickly once the connection is back: only the wait offline needed a slow host.
    podcast.setBytesPerSecond(400_000);
    await phone.setOffline(false);
    await main.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 30_000 });
    expect(podcast.ranges.filter(Boolean)).toHaveLength(2);
    expect(Number(/^bytes=(\d+)-$/.exec(podcast.ranges.filter(Boolean)[1]!)?.[1])).toBeGreaterThanOrEqual(40_000);
    expect(await keptCopy(page, episode.id)).toEqual({ bytes: 480_044, wrong: 0 });
    expect(await leftInProgress(page)).toEqual({ downloads: 0, parts: 0 });
  }, 90_000);
});
