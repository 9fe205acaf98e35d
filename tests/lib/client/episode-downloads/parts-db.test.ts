import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { appendPart, beginDownload, markRemoval, partsDatabaseName, pendingDownloads, pendingRemovals, whenPartsDeleted } from '@/lib/client/episode-downloads/parts-db';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { clearOfflineData } from '@/lib/client/session';

/*
 * Downloads under way and put-off removals live in their own IndexedDB database: sign-out
 * must delete it with the rest, even while this tab holds it open mid-download.
 */

const episode: PlayerEpisode = {
  id: '11111111-2222-4333-8444-555555555555', title: 'Silence', feedTitle: 'Test Hours', subscriptionId: null,
  audioUrl: 'https://host.example/silence.wav', artworkUrl: null, durationSeconds: 3,
};

describe('downloads under way at sign-out', () => {
  it('are deleted by sign-out’s clearing, the open connection stepping aside and the downloads told to stop', async () => {
    await beginDownload(episode, new Date().toISOString());
    await appendPart(episode.id, new Uint8Array([1, 2, 3]).buffer);
    await markRemoval(episode.id, true);
    let told = false;
    whenPartsDeleted(() => {
      told = true;
    });

    await clearOfflineData();

    expect(told).toBe(true);
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(partsDatabaseName);
    expect(await pendingDownloads()).toEqual([]);
    expect(await pendingRemovals()).toEqual([]);
  });
});
