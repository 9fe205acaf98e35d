// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadButton } from '@/components/player/download-button';
import { removeDownload } from '@/lib/client/episode-downloads/removal';
import { setEpisodeDownload } from '@/lib/client/episode-downloads/store';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { resetPlayer, updatePlayer } from '@/lib/client/player/state';

/*
 * The download control's new states, by role: a download waiting for the connection (with
 * its progress kept and a way to cancel), and a removal put off while the episode plays.
 */

const episode: PlayerEpisode = {
  id: '11111111-2222-4333-8444-555555555555', title: 'Harbour news', feedTitle: 'Harbour Hour', subscriptionId: null,
  audioUrl: 'https://example.com/1.mp3', artworkUrl: null, durationSeconds: 600,
};

afterEach(() => {
  cleanup();
  act(() => {
    resetPlayer();
    setEpisodeDownload(episode.id, { status: 'none' });
  });
});

describe('the download control', () => {
  it('says a download waits for a connection, shows how far it got and can still be cancelled', () => {
    setEpisodeDownload(episode.id, { status: 'waiting', received: 120_000, total: 480_000 });
    render(<DownloadButton episode={episode} />);
    expect(screen.getByRole('status').textContent).toBe('Waiting for a connection to carry on downloading…');
    expect(screen.getByRole('progressbar', { name: 'Download of Harbour news' }).getAttribute('value')).toBe('25');
    expect(screen.getByRole('button', { name: 'Cancel download: Harbour news' })).toBeTruthy();
  });

  it('says a download removed while it plays goes once the player lets go, and keeps it on Keep download', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    setEpisodeDownload(episode.id, { status: 'downloaded', download: { episode, bytes: 480_000, downloadedAt: '2026-11-25T10:00:00.000Z' } });
    updatePlayer({ episode, status: 'playing', position: 30, duration: 600 });
    render(<DownloadButton episode={episode} />);

    await act(() => removeDownload(episode.id));
    expect(screen.getByText('Removed once you stop listening to it.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Remove download: Harbour news' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Keep download: Harbour news' }));
    expect(await screen.findByRole('button', { name: 'Remove download: Harbour news' })).toBeTruthy();
    expect(screen.queryByText('Removed once you stop listening to it.')).toBeNull();
  });
});
