// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayEpisodeButton } from '@/components/player/play-episode-button';
import { PlayerHost } from '@/components/player/player-host';
import { callApi } from '@/lib/client/api-client';
import { closePlayer } from '@/lib/client/player/controller';
import { sharedAudio } from '@/lib/client/player/launch';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';
import { arriveMetadata, installMediaStandIn, playFor } from './media-stand-in';

/*
 * Chapters in the full player against the real service: listed when it opens, the one
 * playing marked, a press jumps there.
 */

let local: LocalService;

beforeAll(async () => {
  installMediaStandIn();
  local = await startLocalService();
});

afterEach(() => {
  act(() => closePlayer());
  cleanup();
  localStorage.clear();
});

afterAll(() => local.close());

async function openFullPlayer(itemId: string, title: string) {
  const item = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: itemId } });
  renderRouted(<><PlayEpisodeButton item={item} /><PlayerHost /></>, { url: '/episodes' });
  await userEvent.click(screen.getByRole('button', { name: `Play: ${title}` }));
  act(() => arriveMetadata(sharedAudio(), 900));
  await userEvent.click(await screen.findByRole('button', { name: 'Open the full player' }));
  return screen.findByRole('dialog', { name: title });
}

describe('chapters in the full player', () => {
  it('lists the episode’s chapters, marks the one playing and jumps to one pressed', async () => {
    const [id] = local.addFeed('Chaptered Show', [{
      title: 'With chapters', item_type: 'episode', audio_url: 'https://example.com/c.mp3', duration_seconds: 900,
      platform_metadata: { chapters: [{ start: 0, title: 'Welcome' }, { start: 300, title: 'Interview' }, { start: 750, title: 'Goodbye' }] },
    }], { sourceType: 'podcast' });
    const dialog = await openFullPlayer(id!, 'With chapters');
    const chapters = within(await within(dialog).findByRole('region', { name: 'Chapters' })).getAllByRole('button');
    expect(chapters.map((button) => button.textContent)).toEqual(['0:00Welcome', '5:00Interview', '12:30Goodbye']);
    expect(chapters[0]!.getAttribute('aria-current')).toBe('true');

    await userEvent.click(chapters[1]!);
    expect(sharedAudio().currentTime).toBe(300);
    await waitFor(() => expect(chapters[1]!.getAttribute('aria-current')).toBe('true'));
    expect(chapters[0]!.getAttribute('aria-current')).toBeNull();
    act(() => playFor(sharedAudio(), 460));
    await waitFor(() => expect(chapters[2]!.getAttribute('aria-current')).toBe('true'));
  });

  it('shows no chapters section for an episode without chapters', async () => {
    const [id] = local.addFeed('Plain Show', [{ title: 'No chapters', item_type: 'episode', audio_url: 'https://example.com/p.mp3', duration_seconds: 900 }], { sourceType: 'podcast' });
    const dialog = await openFullPlayer(id!, 'No chapters');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(dialog).queryByRole('region', { name: 'Chapters' })).toBeNull();
  });
});
