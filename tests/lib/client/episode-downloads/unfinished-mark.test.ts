// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { startDownloads } from '@/lib/client/episode-downloads/download';
import { beginDownload, forgetDownload, markRemoval } from '@/lib/client/episode-downloads/parts-db';
import { clearUnfinished, mayBeUnfinished } from '@/lib/client/episode-downloads/unfinished-mark';
import type { PlayerEpisode } from '@/lib/client/player/episode';

/*
 * Pages load the download runner, and open its database, only while the mark says a download
 * or a removal may wait: set by what leaves work behind, cleared by a runner that found none.
 */

const episode: PlayerEpisode = {
  id: '11111111-2222-4333-8444-666666666666', title: 'Silence', feedTitle: 'Test Hours', subscriptionId: null,
  audioUrl: 'https://host.example/silence.wav', artworkUrl: null, durationSeconds: 3,
};

describe('the mark of unfinished downloads', () => {
  it('is set by a download begun and by a removal put off', async () => {
    clearUnfinished();
    await beginDownload(episode, new Date().toISOString());
    expect(mayBeUnfinished()).toBe(true);

    clearUnfinished();
    await markRemoval(episode.id, true);
    expect(mayBeUnfinished()).toBe(true);
    await markRemoval(episode.id, false);
    await forgetDownload(episode.id);
  });

  it('is cleared by the runner once it finds no download or removal waiting', async () => {
    localStorage.setItem('tidings:downloads-unfinished', '1');
    expect(mayBeUnfinished()).toBe(true);
    startDownloads();
    await expect.poll(() => mayBeUnfinished()).toBe(false);
  });
});
