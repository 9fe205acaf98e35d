import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDownload } from '@/lib/client/episode-downloads/downloads-cache';
import { loadDownloads } from '@/lib/client/episode-downloads/downloads-list';
import { tellOtherTabs, type DownloadNews } from '@/lib/client/episode-downloads/other-tabs';
import { episodeDownload } from '@/lib/client/episode-downloads/store';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { resetWorkerCaches } from '../../sw/worker-globals';

/*
 * Downloads and the app's other tabs, over a real BroadcastChannel (Node's: a channel of the
 * same name is another tab): a tab tells the others of a download it finished even when it
 * has not started hearing them yet, and a tab that hears "progress" then "changed" ends with
 * the episode downloaded, though the progress waits for the runner's chunk to load.
 */

Object.defineProperty(globalThis, 'location', { value: new URL('http://127.0.0.1/'), configurable: true });
resetWorkerCaches();

const channelName = 'tidings-episode-downloads';
const episode: PlayerEpisode = {
  id: '11111111-2222-4333-8444-555555555555', title: 'Silence', audioUrl: 'https://host.example/silence.wav',
  feedTitle: 'Test Hours', artworkUrl: null, subscriptionId: null, durationSeconds: 3,
};

const otherTabs: BroadcastChannel[] = [];

/** Another tab of the app, on the downloads' channel. */
function otherTab(): BroadcastChannel {
  const channel = new BroadcastChannel(channelName);
  otherTabs.push(channel);
  return channel;
}

/** The next news `tab` hears, or 'nothing' within a second. */
function nextNews(tab: BroadcastChannel): Promise<DownloadNews | 'nothing'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('nothing'), 1000);
    tab.addEventListener('message', (event) => {
      clearTimeout(timer);
      resolve((event as MessageEvent).data as DownloadNews);
    }, { once: true });
  });
}

afterEach(() => {
  for (const channel of otherTabs.splice(0)) channel.close();
});

describe('downloads and the other tabs', () => {
  it('tells the other tabs of a finished download even before this tab hears them', async () => {
    const tab = otherTab();
    const heard = nextNews(tab);
    tellOtherTabs({ type: 'changed' });
    expect(await heard).toEqual({ type: 'changed' });
  });

  it('ends with the episode downloaded when it hears a progress and then "changed", though the progress is applied later', async () => {
    await loadDownloads();
    const tab = otherTab();
    tab.postMessage({ type: 'progress', id: episode.id, received: 100, total: 2000 } satisfies DownloadNews);
    await keepDownload(episode, new Response(new Uint8Array(2000), { headers: { 'content-type': 'audio/wav', 'content-length': '2000' } }), '2026-11-27T22:00:00.000Z');
    tab.postMessage({ type: 'changed' } satisfies DownloadNews);
    // The runner's chunk is in once this resolves; then every news heard has been applied.
    await import('@/lib/client/episode-downloads/download');
    await expect.poll(() => episodeDownload(episode.id).status).toBe('downloaded');
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(episodeDownload(episode.id)).toMatchObject({ status: 'downloaded', download: { bytes: 2000 } });
  });
});
