// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayerHost } from '@/components/player/player-host';
import { callApi } from '@/lib/client/api-client';
import { closePlayer } from '@/lib/client/player/controller';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { sharedAudio } from '@/lib/client/player/launch';
import { PLAYER_STORAGE_KEY, readSavedPlayer, type SavedPlayer } from '@/lib/client/player/saved-player';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { arriveMetadata, installMediaStandIn } from './media-stand-in';
import { eventually, storedPlayback } from './stored-playback';

/*
 * After a reload (or the phone killing the app) the mini player comes back from
 * localStorage: the same episode at the same place, paused, and a position the service
 * never got goes out with the time it was taken.
 */

let local: LocalService;
let episode: PlayerEpisode;

function keep(saved: Partial<SavedPlayer>): void {
  localStorage.setItem(PLAYER_STORAGE_KEY, JSON.stringify({ episode, position: 0, rate: 1, savedAt: new Date().toISOString(), unsent: false, ...saved }));
}

beforeAll(async () => {
  installMediaStandIn();
  local = await startLocalService();
  const [id] = local.addFeed('Harbour Hour', [{ title: 'Tide tables', item_type: 'episode', audio_url: 'https://example.com/tides.mp3', duration_seconds: 1800 }], { sourceType: 'podcast' });
  const item = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: id! } });
  episode = {
    id: item.id, title: item.title, feedTitle: 'Harbour Hour', subscriptionId: item.feeds[0]!.id,
    audioUrl: item.audio_url!, artworkUrl: null, durationSeconds: 1800,
  };
});

afterEach(() => {
  act(() => closePlayer());
  cleanup();
  localStorage.clear();
});

afterAll(() => local.close());

describe('the player after a reload', () => {
  it('comes back paused at the kept position and sends a position the service never got', async () => {
    const savedAt = new Date(Date.now() - 60_000).toISOString();
    keep({ position: 125.4, savedAt, unsent: true });
    renderApp(<PlayerHost />);

    const player = await screen.findByRole('region', { name: 'Podcast player' });
    expect(player.textContent).toContain('Tide tables');
    expect(player.textContent).toContain('2:05 / 30:00');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    const audio = sharedAudio();
    expect(audio.getAttribute('src')).toBe('https://example.com/tides.mp3');
    expect(audio.paused).toBe(true);
    act(() => arriveMetadata(audio, 1800));
    expect(audio.currentTime).toBe(125.4);
    expect(audio.paused).toBe(true);

    await eventually(() => expect(storedPlayback(local, episode.id)).toEqual({ playback_position: 125, playback_client_ms: Date.parse(savedAt) }));
    await eventually(() => expect(readSavedPlayer()?.unsent).toBe(false));
  });

  it('moves to a newer position another device reported meanwhile', async () => {
    keep({ position: 60, savedAt: new Date(Date.now() - 3_600_000).toISOString() });
    await callApi('POST', '/v1/items/{item_id}/playback-progress', { params: { item_id: episode.id }, body: { position_seconds: 400, client_timestamp: new Date().toISOString() } });
    renderApp(<PlayerHost />);

    const player = await screen.findByRole('region', { name: 'Podcast player' });
    await eventually(() => expect(player.textContent).toContain('6:40 / 30:00'));
    act(() => arriveMetadata(sharedAudio(), 1800));
    expect(sharedAudio().currentTime).toBe(400);
    expect(readSavedPlayer()).toMatchObject({ position: 400, unsent: false });
  });

  it('shows nothing when no episode was kept', async () => {
    renderApp(<PlayerHost />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Podcast player' })).toBeNull();
    expect(document.body.textContent).toBe('');
  });
});
