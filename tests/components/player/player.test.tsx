// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlayEpisodeButton } from '@/components/player/play-episode-button';
import { PlayerHost } from '@/components/player/player-host';
import { callApi } from '@/lib/client/api-client';
import { adoptEpisode, closePlayer } from '@/lib/client/player/controller';
import { sharedAudio } from '@/lib/client/player/launch';
import { playInOneTabAtATime } from '@/lib/client/player/other-tabs';
import { PLAYER_STORAGE_KEY, readSavedPlayer } from '@/lib/client/player/saved-player';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { arriveMetadata, failToLoad, installMediaStandIn, playFor } from './media-stand-in';
import { eventually, storedPlayback } from './stored-playback';

/*
 * The player against the real service: Play buttons, the mini and full player, progress
 * reports, speed, keyboard and lock-screen controls. jsdom plays no audio, so the browser's
 * part of the audio element (and of the Media Session API) is stood in for.
 */

type Handler = (details: { seekOffset?: number; seekTime?: number }) => void;
const lockScreen = {
  handlers: new Map<string, Handler>(),
  metadata: null as { title: string; artist: string; artwork: { src: string }[] } | null,
  playbackState: 'none',
  position: null as { duration: number; position: number; playbackRate: number } | null,
};

function installMediaSessionStandIn(): void {
  Object.defineProperty(navigator, 'mediaSession', {
    configurable: true,
    value: {
      setActionHandler: (action: string, handler: Handler) => lockScreen.handlers.set(action, handler),
      setPositionState: (state: typeof lockScreen.position) => { lockScreen.position = state; },
      set metadata(value: typeof lockScreen.metadata) { lockScreen.metadata = value; },
      get metadata() { return lockScreen.metadata; },
      set playbackState(value: string) { lockScreen.playbackState = value; },
      get playbackState() { return lockScreen.playbackState; },
    },
  });
  vi.stubGlobal('MediaMetadata', class {
    constructor(init: object) {
      Object.assign(this, init);
    }
  });
}

let local: LocalService;
let shows = 0;

/** A podcast of its own for each test (what the player remembers about an episode outlives a test). */
async function newShow(): Promise<{ episodeId: string; secondId: string; subscriptionId: string; title: string; feedTitle: string }> {
  shows += 1;
  const title = `Episode ${shows}`;
  const feedTitle = `Night Radio ${shows}`;
  const [episodeId, secondId] = local.addFeed(feedTitle, [
    { title, item_type: 'episode', audio_url: 'https://example.com/1.mp3', duration_seconds: 600, artwork_url: 'https://example.com/art.jpg' },
    { title: `${title}, part two`, item_type: 'episode', audio_url: 'https://example.com/2.mp3', duration_seconds: 900 },
  ], { sourceType: 'podcast' });
  const item = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: episodeId! } });
  return { episodeId: episodeId!, secondId: secondId!, subscriptionId: item.feeds[0]!.id, title, feedTitle };
}

async function renderEpisode(id: string) {
  const item = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: id } });
  return renderApp(<><PlayEpisodeButton item={item} /><PlayerHost /></>);
}

async function startPlaying(id: string, name: string) {
  await renderEpisode(id);
  await userEvent.click(screen.getByRole('button', { name }));
  const player = await screen.findByRole('region', { name: 'Podcast player' });
  act(() => arriveMetadata(sharedAudio(), 600));
  await screen.findByRole('button', { name: 'Pause' });
  return player;
}

beforeAll(async () => {
  installMediaStandIn();
  installMediaSessionStandIn();
  local = await startLocalService();
});

afterEach(() => {
  act(() => closePlayer());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

afterAll(() => local.close());

describe('the podcast player', () => {
  it('resumes an episode from the service’s position at the subscription’s speed, in a mini player that names it', async () => {
    const show = await newShow();
    await callApi('POST', '/v1/items/{item_id}/playback-progress', { params: { item_id: show.episodeId }, body: { position_seconds: 125, client_timestamp: new Date().toISOString() } });
    await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: show.subscriptionId }, body: { playback_speed: 1.5 } });
    const player = await startPlaying(show.episodeId, `Resume: ${show.title}`);

    const audio = sharedAudio();
    expect(audio.src).toBe('https://example.com/1.mp3');
    expect(audio.paused).toBe(false);
    expect(audio.currentTime).toBe(125);
    await waitFor(() => expect(audio.playbackRate).toBe(1.5));
    expect(player.textContent).toContain(show.title);
    expect(player.textContent).toContain(show.feedTitle);
    expect(player.textContent).toContain('2:05 / 10:00');
    expect(screen.getByRole('button', { name: `Pause: ${show.title}` })).toBeTruthy();
  });

  it('reports the position every 15 seconds while playing, on pause and once a seek settles', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    const audio = sharedAudio();

    act(() => playFor(audio, 20));
    act(() => vi.advanceTimersByTime(15_000));
    await eventually(() => expect(storedPlayback(local, show.episodeId).playback_position).toBe(20));

    act(() => playFor(audio, 7));
    await userEvent.click(within(screen.getByRole('region', { name: 'Podcast player' })).getByRole('button', { name: 'Pause' }));
    await eventually(() => expect(storedPlayback(local, show.episodeId).playback_position).toBe(27));
    expect(screen.getByRole('button', { name: `Resume: ${show.title}` })).toBeTruthy();

    // A run of skips is one seek: one report, a second after the last.
    await userEvent.click(screen.getByRole('button', { name: 'Open the full player' }));
    const forward = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Forward 30 seconds' });
    await userEvent.click(forward);
    await userEvent.click(forward);
    expect(audio.currentTime).toBe(87);
    await eventually(() => expect(storedPlayback(local, show.episodeId).playback_position).toBe(87));
    // The service stores the position before its answer reaches the player, which then marks it sent.
    await eventually(() => expect(readSavedPlayer()).toMatchObject({ position: 87, unsent: false }));
  });

  it('seeks with a slider that speaks the position, skips, and changes speed for the whole podcast', async () => {
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    const audio = sharedAudio();
    await userEvent.click(screen.getByRole('button', { name: 'Open the full player' }));
    const dialog = await screen.findByRole('dialog', { name: show.title });

    const slider = within(dialog).getByRole('slider', { name: 'Position' });
    fireEvent.change(slider, { target: { value: '365' } });
    expect(audio.currentTime).toBe(365);
    expect(slider.getAttribute('aria-valuetext')).toBe('6 minutes 5 seconds of 10 minutes');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Back 15 seconds' }));
    expect(audio.currentTime).toBe(350);
    expect(slider.getAttribute('aria-valuetext')).toBe('5 minutes 50 seconds of 10 minutes');

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Speed' }), '2');
    expect(audio.playbackRate).toBe(2);
    const speed = () => local.service.db.prepare('SELECT playback_speed FROM subscriptions WHERE id = ?').pluck().get(show.subscriptionId);
    await eventually(() => expect(speed()).toBe(2));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the full player' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('answers space, k, j and l while focus is in the player, before the page’s own shortcuts', async () => {
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    const audio = sharedAudio();
    const pageKeys = vi.fn();
    const onPage = (event: KeyboardEvent) => {
      if (!event.defaultPrevented) pageKeys(event.key);
    };
    document.addEventListener('keydown', onPage);
    await userEvent.click(screen.getByRole('button', { name: 'Open the full player' }));
    const slider = await screen.findByRole('slider', { name: 'Position' });
    fireEvent.change(slider, { target: { value: '100' } });
    slider.focus();

    await userEvent.keyboard('k');
    expect(audio.paused).toBe(true);
    await userEvent.keyboard(' ');
    expect(audio.paused).toBe(false);
    await userEvent.keyboard('j');
    expect(audio.currentTime).toBe(85);
    await userEvent.keyboard('l');
    expect(audio.currentTime).toBe(115);
    document.removeEventListener('keydown', onPage);
    expect(pageKeys).not.toHaveBeenCalled();
  });

  it('shows the episode on the lock screen and follows its controls', async () => {
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    const audio = sharedAudio();
    expect(lockScreen.metadata).toMatchObject({ title: show.title, artist: show.feedTitle });
    // The feed says nothing of the art's size, so neither does the player.
    expect(lockScreen.metadata!.artwork).toEqual([{ src: 'https://example.com/art.jpg' }]);
    expect(lockScreen.playbackState).toBe('playing');
    expect(lockScreen.position).toMatchObject({ duration: 600, playbackRate: 1 });

    act(() => lockScreen.handlers.get('seekforward')!({}));
    expect(audio.currentTime).toBe(30);
    act(() => lockScreen.handlers.get('seekbackward')!({ seekOffset: 10 }));
    expect(audio.currentTime).toBe(20);
    act(() => lockScreen.handlers.get('seekto')!({ seekTime: 300 }));
    expect(audio.currentTime).toBe(300);
    act(() => lockScreen.handlers.get('pause')!({}));
    expect(audio.paused).toBe(true);
    expect(lockScreen.playbackState).toBe('paused');
    await eventually(() => expect(storedPlayback(local, show.episodeId).playback_position).toBe(300));
  });

  it('shows playing on the lock screen when the audio started before the player loaded, as on the first Play of a visit', async () => {
    const show = await newShow();
    // launch.ts starts the audio inside the click; it may be playing before the controller's chunk arrives.
    const audio = sharedAudio();
    audio.src = 'https://example.com/1.mp3';
    void audio.play();
    arriveMetadata(audio, 600);
    playFor(audio, 2);
    lockScreen.playbackState = 'none';
    lockScreen.position = null;

    act(() => adoptEpisode({
      id: show.episodeId, title: show.title, feedTitle: show.feedTitle, subscriptionId: show.subscriptionId,
      audioUrl: 'https://example.com/1.mp3', artworkUrl: null, durationSeconds: 600,
    }, 0));
    expect(lockScreen.metadata).toMatchObject({ title: show.title, artist: show.feedTitle });
    expect(lockScreen.playbackState).toBe('playing');
    expect(lockScreen.position).toMatchObject({ duration: 600, playbackRate: 1, position: 2 });
  });

  it('keeps the episode and position on this device until the player is closed', async () => {
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    act(() => playFor(sharedAudio(), 42));
    act(() => sharedAudio().pause());
    await eventually(() => expect(readSavedPlayer()).toMatchObject({ episode: { id: show.episodeId, title: show.title }, position: 42, unsent: false }));

    await userEvent.click(screen.getByRole('button', { name: 'Close the player' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Podcast player' })).toBeNull());
    expect(localStorage.getItem(PLAYER_STORAGE_KEY)).toBeNull();
    expect(sharedAudio().getAttribute('src')).toBeNull();
    // The button's item was loaded before playing; it still resumes where the episode stopped.
    await userEvent.click(screen.getByRole('button', { name: `Resume: ${show.title}` }));
    act(() => arriveMetadata(sharedAudio(), 600));
    expect(sharedAudio().currentTime).toBe(42);
  });

  it('pauses when another tab of the app starts playing, and pauses that tab when played again here', async () => {
    const show = await newShow();
    const player = await startPlaying(show.episodeId, `Play: ${show.title}`);
    const audio = sharedAudio();
    act(() => playFor(audio, 33));
    // Another tab: its own audio element, joined to the app's other tabs as every tab's is.
    const otherTab = new Audio();
    playInOneTabAtATime(otherTab);
    otherTab.src = 'https://example.com/2.mp3';
    void otherTab.play();

    await eventually(() => expect(audio.paused).toBe(true));
    expect(await within(player).findByRole('button', { name: 'Play' })).toBeTruthy();
    await eventually(() => expect(storedPlayback(local, show.episodeId).playback_position).toBe(33));
    expect(otherTab.paused).toBe(false);

    await userEvent.click(within(player).getByRole('button', { name: 'Play' }));
    await eventually(() => expect(otherTab.paused).toBe(true));
    expect(audio.paused).toBe(false);
  });

  it('closed while playing, leaves the lock screen empty and focus on the main content', async () => {
    const show = await newShow();
    const item = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: show.episodeId } });
    renderApp(<><main id="main" tabIndex={-1}><PlayEpisodeButton item={item} /></main><PlayerHost /></>);
    await userEvent.click(screen.getByRole('button', { name: `Play: ${show.title}` }));
    act(() => arriveMetadata(sharedAudio(), 600));
    await screen.findByRole('button', { name: 'Pause' });
    expect(lockScreen.playbackState).toBe('playing');

    await userEvent.click(screen.getByRole('button', { name: 'Close the player' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Podcast player' })).toBeNull());
    expect(lockScreen.playbackState).toBe('none');
    expect(lockScreen.metadata).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('says the audio could not be loaded, and why when the device is offline, rather than that the browser cannot play it', async () => {
    const show = await newShow();
    await renderEpisode(show.episodeId);
    await userEvent.click(screen.getByRole('button', { name: `Play: ${show.title}` }));
    const player = await screen.findByRole('region', { name: 'Podcast player' });
    // Chromium reports a download that failed as code 4, the code for an unsupported source.
    act(() => failToLoad(sharedAudio(), 4, 'MEDIA_ELEMENT_ERROR: Format error'));
    expect(within(player).getByRole('alert').textContent).toBe('The episode’s audio could not be loaded. Press Play to try again.');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(within(player).getByRole('button', { name: 'Play' }));
    act(() => failToLoad(sharedAudio(), 4, 'MEDIA_ELEMENT_ERROR: Format error'));
    expect(within(player).getByRole('alert').textContent).toBe('The episode’s audio could not be loaded because this device is offline.');
  });

  it('offers a finished episode the player still holds as Play again, which starts it over', async () => {
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    const audio = sharedAudio();
    act(() => playFor(audio, 590));
    act(() => audio.pause());

    await userEvent.click(await screen.findByRole('button', { name: `Play again: ${show.title}` }));
    expect(audio.currentTime).toBe(0);
    expect(audio.paused).toBe(false);
  });

  it('switches episodes, reporting where the first one stopped', async () => {
    const show = await newShow();
    await startPlaying(show.episodeId, `Play: ${show.title}`);
    act(() => playFor(sharedAudio(), 50));
    cleanup();
    await renderEpisode(show.secondId);
    await userEvent.click(screen.getByRole('button', { name: `Play: ${show.title}, part two` }));
    expect(sharedAudio().src).toBe('https://example.com/2.mp3');
    expect(sharedAudio().currentTime).toBe(0);
    await eventually(() => expect(storedPlayback(local, show.episodeId).playback_position).toBe(50));
    expect((await screen.findByRole('region', { name: 'Podcast player' })).textContent).toContain(`${show.title}, part two`);
  });
});
