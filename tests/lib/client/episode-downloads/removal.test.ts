import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingRemovals } from '@/lib/client/episode-downloads/parts-db';
import { carryOutRemovals, keepDownloadAfterAll, removeDownload } from '@/lib/client/episode-downloads/removal';
import { episodeDownload, setEpisodeDownload } from '@/lib/client/episode-downloads/store';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { resetPlayer, updatePlayer } from '@/lib/client/player/state';

/*
 * Removing a download while the player needs that episode (plays it, or holds it offline):
 * the file stays under the player until it lets go (paused online, another episode, closed,
 * or played to the end), then goes. Removals put off are kept in IndexedDB, so a reload
 * still carries them out.
 */

function setOnline(onLine: boolean): void {
  Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
}

function episodeNamed(id: string): PlayerEpisode {
  return { id, title: `Episode ${id.slice(0, 4)}`, feedTitle: 'Test Hours', subscriptionId: null, audioUrl: `https://host.example/${id}.mp3`, artworkUrl: null, durationSeconds: 60 };
}

const playing = episodeNamed('11111111-2222-4333-8444-555555555555');
const other = episodeNamed('22222222-2222-4333-8444-555555555555');

function downloaded(episode: PlayerEpisode): void {
  setEpisodeDownload(episode.id, { status: 'downloaded', download: { episode, bytes: 1000, downloadedAt: '2026-11-25T10:00:00.000Z' } });
}

async function settled(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(async () => {
  setOnline(true);
  resetPlayer();
  for (const id of await pendingRemovals()) await keepDownloadAfterAll(id);
  downloaded(playing);
  downloaded(other);
});

describe('removing a download', () => {
  it('removes an episode the player does not hold at once', async () => {
    updatePlayer({ episode: playing, status: 'playing', position: 5, duration: 60 });
    await removeDownload(other.id);
    expect(episodeDownload(other.id).status).toBe('none');
    expect(await pendingRemovals()).toEqual([]);
  });

  it('removes the episode the player holds paused while online (playing on streams it, as any episode)', async () => {
    updatePlayer({ episode: playing, status: 'paused', position: 5, duration: 60 });
    await removeDownload(playing.id);
    expect(episodeDownload(playing.id).status).toBe('none');
  });

  it('puts off removing the episode being played offline, says so, and removes it once the player closes', async () => {
    setOnline(false);
    updatePlayer({ episode: playing, status: 'playing', position: 5, duration: 60 });
    await removeDownload(playing.id);
    expect(episodeDownload(playing.id)).toMatchObject({ status: 'downloaded', removeLater: true });
    expect(await pendingRemovals()).toEqual([playing.id]);

    // Pausing offline is not letting go: the person may play on, and only the download can play.
    updatePlayer({ status: 'paused', position: 20 });
    await settled();
    expect(episodeDownload(playing.id).status).toBe('downloaded');

    resetPlayer();
    await settled();
    expect(episodeDownload(playing.id).status).toBe('none');
    expect(await pendingRemovals()).toEqual([]);
  });

  it('removes it once it has played to its end, or another episode is played', async () => {
    updatePlayer({ episode: playing, status: 'playing', position: 5, duration: 60 });
    await removeDownload(playing.id);
    updatePlayer({ status: 'paused', position: 60 });
    await settled();
    expect(episodeDownload(playing.id).status).toBe('none');

    downloaded(playing);
    updatePlayer({ episode: playing, status: 'playing', position: 5 });
    await removeDownload(playing.id);
    updatePlayer({ episode: other, position: 0 });
    await settled();
    expect(episodeDownload(playing.id).status).toBe('none');
    expect(episodeDownload(other.id).status).toBe('downloaded');
  });

  it('keeps the download when the person changes their mind before the player lets go', async () => {
    updatePlayer({ episode: playing, status: 'playing', position: 5, duration: 60 });
    await removeDownload(playing.id);
    await keepDownloadAfterAll(playing.id);
    expect(episodeDownload(playing.id)).toEqual({ status: 'downloaded', download: expect.objectContaining({ bytes: 1000 }) });
    resetPlayer();
    await settled();
    expect(episodeDownload(playing.id).status).toBe('downloaded');
  });

  it('carries out a removal put off before a reload once the player no longer holds the episode', async () => {
    updatePlayer({ episode: playing, status: 'playing', position: 5, duration: 60 });
    await removeDownload(playing.id);
    expect(await pendingRemovals()).toEqual([playing.id]);
    // As after a reload: the store read afresh from the cache, the player not restored yet holds nothing.
    downloaded(playing);
    resetPlayer();
    await carryOutRemovals();
    expect(episodeDownload(playing.id).status).toBe('none');
    expect(await pendingRemovals()).toEqual([]);
  });
});
