import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './browser';
import { mainNavLink } from './main-nav';
import { keptCopy, openEpisode, phonePerTest, playerSeconds, type Episode } from './episode-phone';

/*
 * Downloading an episode for listening offline, on a phone, in Chromium: subscribe to a podcast
 * on this machine, download its episode from its page, then lose the connection (the browser's
 * offline switch and a cut wire to the app, and the podcast's host gone too), and play it from
 * the downloads, seeking included; the position reaches the service once back online. Removing
 * the download of the episode playing offline waits until the player lets go of it.
 */

const phone = phonePerTest();

describe('episodes downloaded for offline listening, on a phone', () => {
  it('downloads an episode, plays and seeks it offline, reports the position once online, and removes it', async () => {
    const { page, errors, podcast, episode } = await phone.openSubscribed();
    // Another tab of the app, on the episodes page: it learns of the download, and later of its removal, without a reload.
    const otherTab = await phone.context!.newPage();
    await otherTab.goto('/episodes');
    await otherTab.getByRole('heading', { level: 1 }).waitFor();
    const otherTabDownloads = otherTab.getByRole('region', { name: 'Downloaded' });

    await openEpisode(page, episode);
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
    await (await mainNavLink(page, 'Episodes')).click();
    const downloads = page.getByRole('region', { name: 'Downloaded' });
    await downloads.getByRole('heading', { level: 3, name: episode.title }).waitFor();
    expect(await downloads.getByText('1 episode · 480 KB on this device').count()).toBe(1);
    await expectNoAxeViolations(page);

    // No connection at all: not to the app, not to the podcast's host.
    await podcast.close();
    await phone.setOffline(true);

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
    await full.getByRole('button', { name: 'Pause', exact: true }).click();
    await full.getByRole('button', { name: 'Play', exact: true }).waitFor();
    // Once paused: axe is slow on a loaded machine, and the episode must not play to its end meanwhile.
    await expectNoAxeViolations(page);
    const position = Number(await full.getByRole('slider', { name: 'Position' }).inputValue());
    // The position waits in the outbox, as any playback report made offline does.
    await page.getByRole('status').filter({ hasText: /change.? waiting to sync/ }).first().waitFor();
    await full.getByRole('button', { name: 'Close the full player' }).click();

    await phone.setOffline(false);
    await expect.poll(async () => {
      const answer = await page.request.get(`/api/v1/items/${episode.id}`);
      return ((await answer.json()) as Episode).playback_position;
    }, { timeout: 20_000 }).toBe(position);

    await downloads.getByRole('button', { name: `Remove download: ${episode.title}` }).click();
    await downloads.waitFor({ state: 'detached' });
    await otherTabDownloads.waitFor({ state: 'detached' });
    expect(await page.evaluate(async (id) => Boolean(await (await caches.open('tidings-episode-downloads')).match(`/api/episode-audio/${id}`)), episode.id)).toBe(false);
    expect(errors).toEqual([]);
  }, 120_000);

  it('says why a download failed when the device is offline, and keeps nothing', async () => {
    const { page, episode } = await phone.openSubscribed();
    await openEpisode(page, episode);

    await phone.setOffline(true);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Could not download: this device is offline.' });
    await failure.waitFor();
    // The control offers to try again beside its reason (other sections, cut off mid-load, may offer their own).
    expect(await failure.locator('xpath=..').getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(async () => (await (await caches.open('tidings-episode-downloads')).keys()).length)).toBe(0);

    await phone.setOffline(false);
  }, 90_000);

  it('keeps playing an episode whose download is removed while it plays offline, and removes it once the player closes', async () => {
    const { page, errors, podcast, episode } = await phone.openSubscribed();
    await openEpisode(page, episode);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Download for offline' }).click();
    await main.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 20_000 });
    // Everything the page asks for has arrived, so only the player's requests meet the cut.
    await main.getByText('Finding similar items…').waitFor({ state: 'detached' });

    await podcast.close();
    await phone.setOffline(true);
    // The episode may have been heard by an earlier test of the same feed's item.
    await main.getByRole('button', { name: /^(Play episode|Resume from .+|Play again)$/ }).click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    await main.getByRole('button', { name: 'Remove download' }).click();
    await main.getByRole('status').filter({ hasText: 'Removed once you stop listening to it.' }).waitFor();
    expect(await main.getByRole('button', { name: `Keep download: ${episode.title}` }).count()).toBe(1);
    await expectNoAxeViolations(page);
    // Seeking still works offline: the file is still there under the player.
    await player.getByRole('button', { name: 'Open the full player' }).click();
    const full = page.getByRole('dialog', { name: episode.title });
    expect(await full.getByRole('status').filter({ hasText: 'Removed once you stop listening to it.' }).count()).toBe(1);
    await full.getByRole('slider', { name: 'Position' }).fill('45');
    await expect.poll(() => playerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(46);
    expect(await full.getByRole('alert').count()).toBe(0);
    expect((await keptCopy(page, episode.id))?.bytes).toBe(480_044);
    await full.getByRole('button', { name: 'Close the full player' }).click();

    await player.getByRole('button', { name: 'Close the player' }).click();
    await main.getByRole('button', { name: 'Download for offline' }).waitFor();
    expect(await keptCopy(page, episode.id)).toBeNull();
    expect(errors).toEqual([]);

    await phone.setOffline(false);
  }, 90_000);
});
