// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchView } from '@/components/search/search-view';
import { readListContext } from '@/lib/client/list-context';
import { SHORTCUTS_STORAGE_KEY } from '@/lib/client/shortcuts';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

/*
 * The item lists' keys in search results, as in the inbox: j/k move focus from title to title,
 * o opens, m and s toggle read and saved through the service, and `?` lists them.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** An item of a feed nobody here follows: part of the global corpus. */
function addUnfollowedItem(local: LocalService, title: string): void {
  const feedId = createFeed(local.service.db, { url: 'https://elsewhere.example/feed.xml', source_type: 'feed', title: 'Elsewhere Daily' });
  storeItems(local.service.db, feedId, [{
    guid: 'elsewhere-1', url: 'https://elsewhere.example/harbour', title, published_at: '2025-05-20T10:00:00.000Z', author: null,
    summary: title, content: `<p>${title}</p>`, item_type: 'article', media_url: null, audio_url: null, duration_seconds: null,
    episode_number: null, episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {},
  }]);
}

describe('keys in search results', () => {
  let local: LocalService;
  let ids: string[];

  beforeAll(async () => {
    local = await startLocalService({ plan: 'plus' });
    ids = local.addFeed('Morning Gazette', [
      { title: 'Harbour reopens after storm' },
      { title: 'Harbour market prices' },
      { title: 'Weather' },
    ]);
    addUnfollowedItem(local, 'Harbour festival announced');
  });
  afterAll(() => local.close());

  it('moves focus between results with j and k, and toggles read with m and saved with s, showing the new state', async () => {
    const user = userEvent.setup();
    renderRouted(<SearchView />, { url: '/search?q=harbour' });
    const results = await screen.findByRole('list', { name: 'Matching items' });

    await user.keyboard('j');
    expect(document.activeElement).toBe(within(results).getByRole('link', { name: 'Harbour reopens after storm' }));
    await user.keyboard('j');
    expect(document.activeElement).toBe(within(results).getByRole('link', { name: 'Harbour market prices' }));
    await user.keyboard('j');
    expect(document.activeElement?.textContent).toBe('Harbour market prices');
    await user.keyboard('k');
    const first = within(results).getByRole('link', { name: 'Harbour reopens after storm' });
    expect(document.activeElement).toBe(first);
    const row = first.closest('li')!;
    expect(within(row).getByText('Unread')).toBeTruthy();

    await user.keyboard('m');
    await waitFor(() => expect(local.stateOf(ids[0]!).is_read).toBe(1));
    await waitFor(() => expect(within(row).getByText('Read')).toBeTruthy());
    expect(screen.getByText('Marked read: Harbour reopens after storm').getAttribute('role')).toBe('status');
    // The row shows the change, so m again undoes it.
    await user.keyboard('m');
    await waitFor(() => expect(local.stateOf(ids[0]!).is_read).toBe(0));
    await waitFor(() => expect(within(row).getByText('Unread')).toBeTruthy());

    await user.keyboard('s');
    await waitFor(() => expect(local.stateOf(ids[0]!).is_saved).toBe(1));
    await waitFor(() => expect(within(row).getByText('Unread, saved')).toBeTruthy());
    await user.keyboard('s');
    await waitFor(() => expect(local.stateOf(ids[0]!).is_saved).toBe(0));
    // Focus stays on the item throughout.
    expect(document.activeElement).toBe(first);
  });

  it('opens the focused result with o, remembering the results for the reader’s next and previous', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour' });
    await screen.findByRole('list', { name: 'Matching items' });
    await user.keyboard('jjo');
    expect(app.visited).toEqual([`/items/${ids[1]}`]);
    expect(readListContext()?.items.map((entry) => entry.id)).toEqual([ids[0], ids[1]]);
  });

  it('goes from the results heading to the first result with j after a search', async () => {
    const user = userEvent.setup();
    renderRouted(<SearchView />, { url: '/search' });
    await user.type(screen.getByRole('searchbox', { name: 'Search for' }), 'harbour{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Items' })));
    const results = await screen.findByRole('list', { name: 'Matching items' });
    await user.keyboard('j');
    expect(document.activeElement).toBe(within(results).getByRole('link', { name: 'Harbour reopens after storm' }));
  });

  it('leaves letters typed into the search box alone', async () => {
    const user = userEvent.setup();
    renderRouted(<SearchView />, { url: '/search?q=harbour' });
    await screen.findByRole('list', { name: 'Matching items' });
    const box = screen.getByRole('searchbox', { name: 'Search for' });
    await user.click(box);
    await user.keyboard('jms');
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toContain('jms');
    expect(local.stateOf(ids[0]!)).toEqual({ is_read: 0, is_saved: 0 });
  });

  it('takes the keys remapped in settings, and ? lists them with the rest of the list keys', async () => {
    localStorage.setItem(SHORTCUTS_STORAGE_KEY, JSON.stringify({ next: 'n', toggleRead: 'r' }));
    const user = userEvent.setup();
    renderRouted(<SearchView />, { url: '/search?q=harbour' });
    const results = await screen.findByRole('list', { name: 'Matching items' });
    await user.keyboard('j');
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('n');
    expect(document.activeElement).toBe(within(results).getByRole('link', { name: 'Harbour reopens after storm' }));
    await user.keyboard('r');
    await waitFor(() => expect(local.stateOf(ids[0]!).is_read).toBe(1));

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const keysFor = (label: string) => within(dialog).getByText(label).previousElementSibling?.textContent;
    expect(keysFor('Next item')).toBe('n');
    expect(keysFor('Previous item')).toBe('k');
    expect(keysFor('Open the item')).toBe('oEnter');
    expect(keysFor('Mark read or unread')).toBe('r');
    expect(keysFor('Save or unsave')).toBe('s');
    expect(keysFor('Open the original in a new tab')).toBe('v');
    expect(keysFor('Search')).toBe('/');
  });

  it('steps onto a match from beyond the subscriptions, and says m cannot mark it', async () => {
    const user = userEvent.setup();
    renderRouted(<SearchView />, { url: '/search?q=harbour&global=1' });
    const results = await screen.findByRole('list', { name: 'Matching items' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(3));
    await user.keyboard('jjj');
    expect(document.activeElement).toBe(within(results).getByRole('link', { name: 'Harbour festival announced' }));
    await user.keyboard('m');
    expect(await screen.findByText(/Harbour festival announced is from beyond your subscriptions/)).toBeTruthy();
  });
});
