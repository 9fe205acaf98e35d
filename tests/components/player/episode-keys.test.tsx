// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeLists } from '@/components/player/episode-lists';
import { readListContext } from '@/lib/client/list-context';
import { recordPlayback } from '@/lib/service/domain/items/playback';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

/*
 * The item lists' keys on the episodes page: j/k go through the episodes in progress and then
 * those played lately, o opens one, m and s toggle read and saved as in the inbox.
 */

let local: LocalService;
let half: string;
let done: string;
let earlier: string;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('keys on the episodes page', () => {
  beforeAll(async () => {
    local = await startLocalService();
    [half, done, , earlier] = local.addFeed('Harbour Hour', [
      { title: 'Half heard', item_type: 'episode', audio_url: 'https://example.com/1.mp3', duration_seconds: 1800 },
      { title: 'Heard to the end', item_type: 'episode', audio_url: 'https://example.com/2.mp3', duration_seconds: 600 },
      { title: 'Never played', item_type: 'episode', audio_url: 'https://example.com/3.mp3', duration_seconds: 600 },
      { title: 'Started last week', item_type: 'episode', audio_url: 'https://example.com/4.mp3', duration_seconds: 3600 },
    ], { sourceType: 'podcast' }) as [string, string, string, string];
    const at = (minutesAgo: number) => Date.now() - minutesAgo * 60_000;
    await recordPlayback(local.service.store, local.user.id, earlier, { position_seconds: 600 }, at(10_000));
    await recordPlayback(local.service.store, local.user.id, done, { position_seconds: 600 }, at(30));
    await recordPlayback(local.service.store, local.user.id, half, { position_seconds: 420 }, at(5));
  });
  afterAll(() => local.close());

  it('moves with j and k through the episodes in progress and on into those played lately', async () => {
    const user = userEvent.setup();
    renderApp(<EpisodeLists />);
    const progress = screen.getByRole('region', { name: 'In progress' });
    const recent = screen.getByRole('region', { name: 'Recently played' });
    await within(progress).findByRole('link', { name: 'Started last week' });
    await within(recent).findByRole('link', { name: 'Heard to the end' });

    await user.keyboard('j');
    expect(document.activeElement).toBe(within(progress).getByRole('link', { name: 'Half heard' }));
    // The episodes in progress are not listed again among those played lately.
    await user.keyboard('jj');
    expect(document.activeElement).toBe(within(recent).getByRole('link', { name: 'Heard to the end' }));
    await user.keyboard('k');
    expect(document.activeElement).toBe(within(progress).getByRole('link', { name: 'Started last week' }));
  });

  it('saves with s (the row says so) and marks read with m, saying what it did', async () => {
    const user = userEvent.setup();
    renderApp(<EpisodeLists />);
    const progress = screen.getByRole('region', { name: 'In progress' });
    const link = await within(progress).findByRole('link', { name: 'Started last week' });
    await user.keyboard('jj');
    expect(document.activeElement).toBe(link);
    const row = link.closest('li')!;
    const before = local.stateOf(earlier);

    await user.keyboard('s');
    await waitFor(() => expect(local.stateOf(earlier).is_saved).toBe(before.is_saved ? 0 : 1));
    await waitFor(() => expect(row.textContent?.includes('· saved')).toBe(!before.is_saved));
    await user.keyboard('m');
    await waitFor(() => expect(local.stateOf(earlier).is_read).toBe(before.is_read ? 0 : 1));
    expect(await screen.findByText(`Marked ${before.is_read ? 'unread' : 'read'}: Started last week`)).toBeTruthy();
    expect(document.activeElement).toBe(link);
  });

  it('opens the focused episode with o, remembering its list for the reader', async () => {
    const user = userEvent.setup();
    const app = renderApp(<EpisodeLists />);
    const recent = screen.getByRole('region', { name: 'Recently played' });
    await within(recent).findByRole('link', { name: 'Heard to the end' });
    await within(screen.getByRole('region', { name: 'In progress' })).findByRole('link', { name: 'Half heard' });
    await user.keyboard('jjjo');
    expect(app.visited).toEqual([`/items/${done}`]);
    expect(readListContext()?.items.map((entry) => entry.id)).toEqual([done]);
  });
});
