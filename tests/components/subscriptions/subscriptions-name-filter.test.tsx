// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionsList } from '@/components/subscriptions/subscriptions-list';
import { SubscriptionsView } from '@/components/subscriptions/subscriptions-view';
import type { SubscriptionsSelection } from '@/lib/client/subscriptions-view';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

const everything: SubscriptionsSelection = { folder: 'all', sort: 'name', type: null };

function shownTitles(): string[] {
  const list = screen.getByRole('list', { name: 'Subscriptions' });
  return within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

/** The polite line under the filter box, once it has settled on `text`. */
async function matchNote(text: string) {
  const box = screen.getByRole('searchbox', { name: 'Filter by name or website' });
  const note = document.getElementById(box.getAttribute('aria-describedby')!)!;
  // Loading the pages a filter reaches for takes several requests.
  await waitFor(() => expect(note.textContent).toBe(text), { timeout: 5000 });
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('filtering the subscriptions list by name', () => {
  let local: LocalService;

  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Morning Post', [{}]);
    local.addFeed('Café Notes', [{}]);
    local.addFeed('Evening Post', [{}], { sourceType: 'newsletter' });
    local.addFeed('Tiny Podcast', [], { sourceType: 'podcast' });
    local.service.db.prepare('UPDATE feeds SET website = ? WHERE title = ?').run('https://harbour.example/', 'Tiny Podcast');
  });
  afterAll(() => local.close());

  it('narrows the list as one types, by title or website, ignoring case and accents, and says how many match', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />, { url: '/subscriptions' });
    await screen.findByRole('list', { name: 'Subscriptions' });
    const box = screen.getByRole('searchbox', { name: 'Filter by name or website' });

    await user.type(box, 'POST');
    expect(shownTitles()).toEqual(['Evening Post', 'Morning Post']);
    await matchNote('2 subscriptions match “POST”.');

    await user.clear(box);
    await user.type(box, 'cafe');
    expect(shownTitles()).toEqual(['Café Notes']);
    await matchNote('1 subscription matches “cafe”.');

    await user.clear(box);
    await user.type(box, 'harbour.example');
    expect(shownTitles()).toEqual(['Tiny Podcast']);
    // The heading still counts the whole list; the filter only narrows what is shown.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your subscriptions (4)');
  });

  it('says when nothing matches, and clearing from there shows everything with focus back in the box', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />, { url: '/subscriptions' });
    await screen.findByRole('list', { name: 'Subscriptions' });
    const box = screen.getByRole('searchbox', { name: 'Filter by name or website' });
    await user.type(box, 'zeppelin');

    expect(screen.getByText('No subscriptions match “zeppelin”')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Subscriptions' })).toBeNull();
    await matchNote('No subscriptions match “zeppelin”.');
    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(shownTitles()).toHaveLength(4);
    expect((box as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    await matchNote('');
  });

  it('selects only what is shown, and lets go of a selection the filter hides', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />, { url: '/subscriptions' });
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Tiny Podcast' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name or website' }), 'post');

    // Tiny Podcast is hidden now, so no bar acts on it unseen.
    expect(screen.queryByRole('group', { name: 'Selected subscriptions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    const bar = screen.getByRole('group', { name: 'Selected subscriptions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by name or website' }));
    expect(within(screen.getByRole('list', { name: 'Subscriptions' })).getByRole('checkbox', { name: 'Select Tiny Podcast' })).toHaveProperty('checked', false);
    expect(within(bar).getByText('2 selected')).toBeTruthy();
  });

  it('keeps the filter in the URL: the page starts from it, and choosing a kind keeps it', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SubscriptionsView />, { url: '/subscriptions?q=post' });
    await screen.findByRole('list', { name: 'Subscriptions' });
    const box = screen.getByRole('searchbox', { name: 'Filter by name or website' }) as HTMLInputElement;
    expect(box.value).toBe('post');
    await waitFor(() => expect(shownTitles()).toEqual(['Evening Post', 'Morning Post']));

    await user.type(box, 'x');
    expect(window.location.search).toBe('?q=postx');
    await user.clear(box);
    await user.type(box, 'post');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Newsletters');
    expect(app.url()).toBe('/subscriptions?type=newsletter&q=post');
    await waitFor(() => expect(shownTitles()).toEqual(['Evening Post']));
    expect((screen.getByRole('searchbox', { name: 'Filter by name or website' }) as HTMLInputElement).value).toBe('post');
  });
});

describe('filtering a list longer than one page', () => {
  let local: LocalService;

  beforeAll(async () => {
    local = await startLocalService();
    for (let index = 0; index < 60; index += 1) local.addFeed(`Filler ${String(index).padStart(2, '0')}`, []);
    local.addFeed('Zulu Quarterly', []);
  });
  afterAll(() => local.close());

  it('looks through the pages not loaded yet, not only the first', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />, { url: '/subscriptions' });
    await screen.findByRole('list', { name: 'Subscriptions' });
    expect(shownTitles()).toHaveLength(50);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name or website' }), 'zulu');

    await waitFor(() => expect(shownTitles()).toEqual(['Zulu Quarterly']));
    await matchNote('1 subscription matches “zulu”.');
  });
});

describe('filtering a list longer than a filter loads by itself', () => {
  let local: LocalService;

  beforeAll(async () => {
    local = await startLocalService();
    for (let index = 0; index < 520; index += 1) local.addFeed(`Filler ${String(index).padStart(3, '0')}`, []);
    local.addFeed('Zulu Quarterly', []);
  });
  afterAll(() => local.close());

  it('says its matches are among the first 500 only, and looks through the rest when asked', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />, { url: '/subscriptions' });
    await screen.findByRole('list', { name: 'Subscriptions' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name or website' }), 'zulu');

    await matchNote('No subscriptions match “zulu” among the first 500 of 521.');
    expect(screen.getByText(/Only part of the list is loaded/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Look through 21 subscriptions more' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Zulu Quarterly']));
    await matchNote('1 subscription matches “zulu”.');
    expect(screen.queryByRole('button', { name: /^Look through/ })).toBeNull();
  });
});
