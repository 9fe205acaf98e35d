// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EpisodeLists } from '@/components/player/episode-lists';
import { callApi, configureApi } from '@/lib/client/api-client';
import { recordPlayback } from '@/lib/service/domain/items/playback';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

let local: LocalService;

afterEach(() => cleanup());

describe('the episodes page with played episodes', () => {
  beforeAll(async () => {
    local = await startLocalService();
    const [half, done, fresh, earlier] = local.addFeed('Harbour Hour', [
      { title: 'Half heard', item_type: 'episode', audio_url: 'https://example.com/1.mp3', duration_seconds: 1800 },
      { title: 'Heard to the end', item_type: 'episode', audio_url: 'https://example.com/2.mp3', duration_seconds: 600 },
      { title: 'Never played', item_type: 'episode', audio_url: 'https://example.com/3.mp3', duration_seconds: 600 },
      { title: 'Started last week', item_type: 'episode', audio_url: 'https://example.com/4.mp3', duration_seconds: 3600 },
    ], { sourceType: 'podcast' });
    const at = (minutesAgo: number) => Date.now() - minutesAgo * 60_000;
    await recordPlayback(local.service.store, local.user.id, earlier!, { position_seconds: 600 }, at(10_000));
    await recordPlayback(local.service.store, local.user.id, done!, { position_seconds: 600 }, at(30));
    await recordPlayback(local.service.store, local.user.id, half!, { position_seconds: 420 }, at(5));
    expect(fresh).toBeTruthy();
  });
  afterAll(() => local.close());

  it('lists the episodes in progress, last played first, with what is left and a resume button', async () => {
    renderApp(<EpisodeLists />);
    const section = screen.getByRole('region', { name: 'In progress' });
    expect(within(section).getByText('Loading in progress…')).toBeTruthy();

    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual(['Half heard', 'Started last week']);
    expect(rows[0]!.textContent).toContain('23 min left');
    expect(rows[1]!.textContent).toContain('50 min left');
    expect(within(rows[0]!).getByRole('link', { name: 'Half heard' }).getAttribute('href')).toMatch(/^\/items\/[0-9a-f-]{36}$/);
    expect(within(rows[0]!).getByRole('button', { name: 'Resume: Half heard' })).toBeTruthy();
  });

  it('lists the played episodes not in progress, finished ones, and leaves out the never played: none is listed twice', async () => {
    renderApp(<EpisodeLists />);
    const section = screen.getByRole('region', { name: 'Recently played' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual(['Heard to the end']);
    expect(rows[0]!.textContent).toContain('Finished');
    expect(within(rows[0]!).getByRole('button', { name: 'Play again: Heard to the end' })).toBeTruthy();
    const progress = await within(screen.getByRole('region', { name: 'In progress' })).findAllByRole('listitem');
    const everyRow = [...progress, ...rows].map((row) => row.getAttribute('data-item-id'));
    expect(new Set(everyRow).size).toBe(everyRow.length);
  });
});

describe('the episodes page before anything was played', () => {
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Quiet Show', [{ title: 'Pilot', item_type: 'episode', audio_url: 'https://example.com/p.mp3', duration_seconds: 600 }], { sourceType: 'podcast' });
  });
  afterAll(() => local.close());

  it('says so in each section and points to the episodes in the inbox', async () => {
    renderApp(<EpisodeLists />);
    const progress = screen.getByRole('region', { name: 'In progress' });
    const recent = screen.getByRole('region', { name: 'Recently played' });
    expect(await within(progress).findByText(/Nothing half-heard/)).toBeTruthy();
    expect(await within(recent).findByText(/No episodes played yet/)).toBeTruthy();
    expect(within(recent).getByRole('link', { name: 'Find an episode in the inbox' }).getAttribute('href')).toBe('/inbox?view=all&type=episode');
  });
});

describe('the episodes page of a person without podcasts', () => {
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Harbour Gazette', [{ title: 'Harbour reopens' }]);
  });
  afterAll(() => local.close());

  it('says no podcast is followed and leads to subscribing to one', async () => {
    renderApp(<EpisodeLists />);
    const note = await screen.findByRole('heading', { level: 2, name: 'No podcasts yet' });
    expect(note.parentElement!.textContent).toContain('you follow none so far');
    expect(within(note.parentElement!).getByRole('link', { name: 'Subscribe to a podcast' }).getAttribute('href')).toBe('/subscriptions?add=1');
  });

  it('says nothing of the kind once a podcast is followed', async () => {
    local.addFeed('Quiet Show', [{ title: 'Pilot', item_type: 'episode', audio_url: 'https://example.com/p.mp3', duration_seconds: 600 }], { sourceType: 'podcast' });
    // Watches (without replacing) the page's calls, to know when the check has answered.
    const fetches = vi.spyOn(globalThis, 'fetch');
    try {
      renderApp(<EpisodeLists />);
      await waitFor(() => expect(fetches.mock.calls.some(([url]) => String(url).includes('/v1/subscriptions/check'))).toBe(true));
      const index = fetches.mock.calls.findIndex(([url]) => String(url).includes('/v1/subscriptions/check'));
      await fetches.mock.results[index]!.value;
      expect(await callApi('GET', '/v1/subscriptions/check')).toEqual({ feed: true, podcast: true });
      expect(await within(screen.getByRole('region', { name: 'Recently played' })).findByText(/No episodes played yet/)).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('heading', { name: 'No podcasts yet' })).toBeNull();
    } finally {
      fetches.mockRestore();
    }
  });
});

describe('the episodes page when the service refuses', () => {
  beforeAll(async () => {
    local = await startLocalService();
    configureApi({ headers: { authorization: 'Bearer tid_live_not-a-key' } });
  });
  afterAll(() => local.close());

  it('shows what went wrong in each section', async () => {
    renderApp(<EpisodeLists />);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [progress, recent] = screen.getAllByRole('alert');
    expect(progress!.textContent).toContain('In progress could not be loaded');
    expect(recent!.textContent).toContain('Recently played could not be loaded');
  });
});
