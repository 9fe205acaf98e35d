// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayerHost } from '@/components/player/player-host';
import { UpNext } from '@/components/player/up-next';
import { callApi } from '@/lib/client/api-client';
import { closePlayer } from '@/lib/client/player/controller';
import { sharedAudio } from '@/lib/client/player/launch';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';
import { arriveMetadata, installMediaStandIn } from './media-stand-in';

/*
 * Up Next against the real service: the queue newest first, moved with buttons (focus stays
 * on the moved episode), taken off and cleared, each change kept by the service; and the
 * player going on with the next queued episode when one ends.
 */

let local: LocalService;
let shows = 0;

/** A podcast of its own for each test, episodes newest first: "<show> 1" is the newest. */
function newShow(count = 3): { ids: string[]; titles: string[] } {
  shows += 1;
  const titles = Array.from({ length: count }, (_, index) => `Show ${shows} episode ${index + 1}`);
  const ids = local.addFeed(`Show ${shows}`, titles.map((title, index) => ({
    title, item_type: 'episode' as const, audio_url: `https://example.com/${shows}-${index + 1}.mp3`, duration_seconds: 600,
  })), { sourceType: 'podcast' });
  return { ids, titles };
}

async function serviceQueue(): Promise<string[]> {
  return (await callApi('GET', '/v1/up-next')).data.map((item) => item.title);
}

async function shownQueue(): Promise<string[]> {
  const section = screen.getByRole('region', { name: 'Up Next' });
  const rows = await within(section).findAllByRole('listitem');
  return rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent ?? '');
}

beforeAll(async () => {
  installMediaStandIn();
  local = await startLocalService();
});

afterEach(async () => {
  act(() => closePlayer());
  cleanup();
  localStorage.clear();
  // Each test starts from an empty queue.
  await callApi('DELETE', '/v1/up-next', { body: {} });
});

afterAll(() => local.close());

describe('Up Next', () => {
  it('lists the unplayed episodes newest first and moves one with the keyboard, keeping focus on it', async () => {
    const { titles: [first, second, third] } = newShow();
    renderRouted(<UpNext />, { url: '/episodes' });
    await waitFor(async () => expect(await shownQueue()).toEqual([first, second, third]));

    const moveDown = screen.getByRole('button', { name: `Move down: ${first}` });
    moveDown.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(async () => expect(await shownQueue()).toEqual([second, first, third]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: `Move down: ${first}` })));
    expect(screen.getByRole('status').textContent).toBe(`${first} moved to place 2 of 3.`);
    await waitFor(async () => expect(await serviceQueue()).toEqual([second, first, third]));

    await userEvent.click(screen.getByRole('button', { name: `Move up: ${third}` }));
    await waitFor(async () => expect(await serviceQueue()).toEqual([second, third, first]));
    expect(await shownQueue()).toEqual([second, third, first]);
    // The first cannot go higher, nor the last lower.
    expect((screen.getByRole('button', { name: `Move up: ${second}` }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: `Move down: ${first}` }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps a move on screen when an episode is taken off before the service answered the move', async () => {
    const { titles: [first, second, third] } = newShow();
    renderRouted(<UpNext />, { url: '/episodes' });
    await waitFor(async () => expect(await shownQueue()).toEqual([first, second, third]));
    // A slow link: the move is on its way when the removal is made.
    const slowMove = local.hold((request) => request.method === 'PUT' && new URL(request.url).pathname === '/v1/up-next');

    try {
      await userEvent.click(screen.getByRole('button', { name: `Move down: ${first}` }));
      await waitFor(async () => expect(await shownQueue()).toEqual([second, first, third]));
      await userEvent.click(screen.getByRole('button', { name: `Remove from Up Next: ${third}` }));
      await waitFor(async () => expect(await shownQueue()).toEqual([second, first]));
    } finally {
      await slowMove.release();
    }
    await waitFor(async () => expect(await serviceQueue()).toEqual([second, first]));
    expect(await shownQueue()).toEqual([second, first]);
  });

  it('takes an episode off, and clears the queue, in the service too', async () => {
    const { titles: [first, second, third] } = newShow();
    renderRouted(<UpNext />, { url: '/episodes' });
    await waitFor(async () => expect(await shownQueue()).toEqual([first, second, third]));

    await userEvent.click(screen.getByRole('button', { name: `Remove from Up Next: ${second}` }));
    await waitFor(async () => expect(await serviceQueue()).toEqual([first, third]));
    expect(await shownQueue()).toEqual([first, third]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText(/Nothing queued/)).toBeTruthy();
    // Shown at once; the service has it once the outbox has sent it.
    await waitFor(async () => expect(await serviceQueue()).toEqual([]));
  });

  it('goes on with the next queued episode when the one playing ends', async () => {
    const { ids, titles: [first, second, third] } = newShow();
    renderRouted(<><UpNext /><PlayerHost /></>, { url: '/episodes' });
    await waitFor(async () => expect(await shownQueue()).toEqual([first, second, third]));
    // Play the second: after it comes the third, as the queue was shown.
    await userEvent.click(screen.getByRole('button', { name: `Play: ${second}` }));
    const audio = sharedAudio();
    act(() => arriveMetadata(audio, 600));
    expect(audio.src).toBe(`https://example.com/${shows}-2.mp3`);
    // The queue is fetched again without the started episode.
    await waitFor(async () => expect(await shownQueue()).toEqual([first, third]));

    act(() => {
      audio.currentTime = 600;
      audio.pause();
      audio.dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(audio.src).toBe(`https://example.com/${shows}-3.mp3`));
    expect(audio.paused).toBe(false);
    // Heard to the end, the second is read; Up Next shows what comes after the third, now playing.
    await waitFor(async () => expect((await callApi('GET', '/v1/items/{item_id}', { params: { item_id: ids[1]! } })).is_read).toBe(true));
    await waitFor(async () => expect(await shownQueue()).toEqual([first]));
  });
});
