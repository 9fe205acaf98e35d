// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchView } from '@/components/search/search-view';
import { callApi, configureApi } from '@/lib/client/api-client';
import { setPlan } from '@/lib/service/domain/accounts';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { startLocalService, type LocalService, withUnavailableService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

/** An item of a feed nobody here follows: part of the global corpus. */
function addUnfollowedItem(local: LocalService, title: string, content: string): string {
  const feedId = createFeed(local.service.db, { url: 'https://elsewhere.example/feed.xml', source_type: 'feed', title: 'Elsewhere Daily' });
  return storeItems(local.service.db, feedId, [{
    guid: 'elsewhere-1', url: 'https://elsewhere.example/harbour', title, published_at: '2025-05-20T10:00:00.000Z', author: null,
    summary: content, content: `<p>${content}</p>`, item_type: 'article', media_url: null, audio_url: null, duration_seconds: null,
    episode_number: null, episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {},
  }]).added[0]!;
}

describe('searching', () => {
  let local: LocalService;
  let ids: string[];

  beforeAll(async () => {
    local = await startLocalService({ plan: 'plus' });
    ids = local.addFeed('Harbour Gazette', [
      { title: 'Harbour reopens after storm', summary: 'Boats return.', content: '<p>Boats return to the quay.</p>' },
      { title: 'Market prices', summary: 'Fish sold out.', content: '<p>Fish from the harbour sold out early.</p>' },
      { title: 'Weather', summary: 'Sunny.', content: '<p>Sunny.</p>' },
    ]);
    addUnfollowedItem(local, 'Harbour festival announced', 'A festival by the harbour.');
    await callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: ids[0]! }, body: { tags: ['harbour-life'] } });
    await callApi('POST', '/v1/folders', { body: { name: 'Harbour news' } });
  });
  afterAll(() => local.close());

  it('starts with an empty, focused search box and puts a submitted query in the URL', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SearchView />, { url: '/search' });
    const box = screen.getByRole('searchbox', { name: 'Search for' });
    expect(document.activeElement).toBe(box);
    expect(screen.getByText(/Search your items, feeds, folders, tags and saved searches/)).toBeTruthy();
    const savedList = await screen.findByRole('region', { name: 'Saved searches' });
    expect(savedList.textContent).toContain('None yet: search your items, then save the search to find it here.');
    await user.type(box, 'harbour{Enter}');
    expect(app.url()).toBe('/search?q=harbour');
    // Focus lands on the results, not on <body>.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Items' })));
    const results = await screen.findByRole('list', { name: 'Matching items' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('navigation', { name: 'What to search' })).getByRole('link', { name: 'Items' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a loading state, then the count and each item linking to the reader', async () => {
    renderRouted(<SearchView />, { url: '/search?q=harbour' });
    expect(screen.getByText('Searching items…')).toBeTruthy();
    expect(await screen.findByText('2 items match “harbour”.')).toBeTruthy();
    const results = screen.getByRole('list', { name: 'Matching items' });
    expect(within(results).getByRole('link', { name: 'Harbour reopens after storm' }).getAttribute('href')).toBe(`/items/${ids[0]}`);
    expect(within(results).queryByText('Beyond your subscriptions')).toBeNull();
  });

  it('marks the words the search matched in each result’s title', async () => {
    renderRouted(<SearchView />, { url: '/search?q=HARBOUR' });
    const results = await screen.findByRole('list', { name: 'Matching items' });
    const title = within(results).getByRole('link', { name: 'Harbour reopens after storm' });
    expect([...title.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Harbour']);
  });

  it('searches titles only when article text is left out', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour' });
    await screen.findByRole('list', { name: 'Matching items' });
    await user.click(screen.getByRole('checkbox', { name: 'Search article text too, not only titles' }));
    expect(app.url()).toBe('/search?q=harbour&body=0');
    expect(await screen.findByText('1 item matches “harbour”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Harbour reopens after storm' })).toBeTruthy();
  });

  it('on Plus, adds matches beyond the subscriptions, each marked and opening the original', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour' });
    const global = await screen.findByRole('checkbox', { name: 'Include items beyond your subscriptions' });
    await user.click(global);
    expect(app.url()).toBe('/search?q=harbour&global=1');
    const results = await screen.findByRole('list', { name: 'Matching items' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(3));
    const festival = within(results).getByRole('link', { name: 'Harbour festival announced' });
    expect(festival.getAttribute('href')).toBe('https://elsewhere.example/harbour');
    expect(festival.getAttribute('target')).toBe('_blank');
    expect(within(festival.closest('li')!).getByText('Beyond your subscriptions')).toBeTruthy();
    expect(within(results).getAllByText('Beyond your subscriptions')).toHaveLength(1);
  });

  it('offers no global search on a plan without it', async () => {
    await setPlan(local.service.store, local.user.id, 'pro');
    try {
      renderRouted(<SearchView />, { url: '/search?q=harbour' });
      await screen.findByRole('list', { name: 'Matching items' });
      await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Search article text too, not only titles' })).toBeTruthy());
      expect(screen.queryByRole('checkbox', { name: 'Include items beyond your subscriptions' })).toBeNull();
    } finally {
      await setPlan(local.service.store, local.user.id, 'plus');
    }
  });

  it('says when nothing matches', async () => {
    renderRouted(<SearchView />, { url: '/search?q=zeppelin' });
    expect(await screen.findByText('No items match “zeppelin”.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Matching items' })).toBeNull();
  });

  it('switches tabs through the URL: feeds, folders, tags', async () => {
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour' });
    await screen.findByRole('list', { name: 'Matching items' });
    const tabs = screen.getByRole('navigation', { name: 'What to search' });
    expect(within(tabs).getByRole('link', { name: 'Feeds' }).getAttribute('href')).toBe('/search?q=harbour&tab=feeds');

    app.navigate('/search?q=harbour&tab=feeds');
    const feeds = await screen.findByRole('list', { name: 'Matching feeds' });
    expect(within(feeds).getByRole('link', { name: 'Harbour Gazette' }).getAttribute('href')).toMatch(/^\/subscriptions\/[0-9a-f-]{36}$/);
    expect(within(tabs).getByRole('link', { name: 'Feeds' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Feeds');

    app.navigate('/search?q=harbour&tab=folders');
    const folders = await screen.findByRole('list', { name: 'Matching folders' });
    expect(within(folders).getByRole('link', { name: 'Harbour news' }).getAttribute('href')).toMatch(/^\/subscriptions\?folder=/);

    app.navigate('/search?q=harbour&tab=tags');
    const tags = await screen.findByRole('list', { name: 'Matching tags' });
    // jsdom has no stylesheet to make <mark> inline, so its accessible name puts a space after it.
    const tag = within(tags).getByRole('link', { name: /^harbour ?-life$/ });
    expect(tag.textContent).toBe('harbour-life');
    expect(tag.querySelector('mark')!.textContent).toBe('harbour');
    expect(tag.closest('li')!.textContent).toContain('1 item');
  });

  it('ranks the person’s own items by how well they match on the best matches tab', async () => {
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour' });
    await screen.findByRole('list', { name: 'Matching items' });
    const tab = within(screen.getByRole('navigation', { name: 'What to search' })).getByRole('link', { name: 'Best matches' });
    expect(tab.getAttribute('href')).toBe('/search?q=harbour&tab=best');

    app.navigate('/search?q=harbour&tab=best');
    expect(screen.getByText('Searching best matches…')).toBeTruthy();
    const best = await screen.findByRole('list', { name: 'Best matching items' });
    expect(screen.getByText('2 items match “harbour”, best first.')).toBeTruthy();
    // A title match outranks a word in the text; items beyond the subscriptions are not searched here.
    const links = within(best).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Harbour reopens after storm', 'Market prices']);
    expect(links[0]!.getAttribute('href')).toBe(`/items/${ids[0]}`);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Best matches');
  });

  it('says when nothing matches best', async () => {
    renderRouted(<SearchView />, { url: '/search?q=zeppelin&tab=best' });
    expect(await screen.findByText('No items match “zeppelin”.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Best matching items' })).toBeNull();
  });

  it('filters feeds by kind', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour&tab=feeds' });
    await screen.findByRole('list', { name: 'Matching feeds' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Podcasts');
    expect(app.url()).toBe('/search?q=harbour&tab=feeds&type=podcast');
    expect(await screen.findByText('No feeds match “harbour”.')).toBeTruthy();
  });

  it('saves the items search, which the saved searches tab then finds and runs again', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SearchView />, { url: '/search?q=harbour&body=0' });
    const name = await screen.findByRole('textbox', { name: 'Save this search as' });
    expect((name as HTMLInputElement).value).toBe('harbour');
    await user.clear(name);
    await user.type(name, 'Harbour headlines');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Saved as “Harbour headlines”.')).toBeTruthy();

    // Saving under the same name again, or under no name, says why nothing was saved.
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('That name is taken: A saved search named "Harbour headlines" already exists. Choose another name.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Give the search a name; spaces alone are not one.')).toBeTruthy();
    expect((await callApi('GET', '/v1/saved-searches')).data.map((entry) => entry.name)).toEqual(['Harbour headlines']);

    app.navigate('/search?q=headlines&tab=saved');
    const saved = await screen.findByRole('list', { name: 'Matching saved searches' });
    expect(within(saved).getByRole('link', { name: 'Harbour headlines' }).getAttribute('href')).toBe('/search?q=harbour&body=0');
    expect(saved.textContent).toContain('Searches for “harbour”');
  });

  it('lists every saved search, pinned first, before anything is typed; each runs again', async () => {
    const pinned = await callApi('POST', '/v1/saved-searches', { body: { name: 'Weather watch', query_data: { q: 'weather' }, is_pinned: true } });
    try {
      const app = renderRouted(<SearchView />, { url: '/search' });
      const section = await screen.findByRole('region', { name: 'Saved searches' });
      const links = await within(section).findAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(['Weather watch', 'Harbour headlines']);
      expect(links[0]!.closest('li')!.textContent).toContain('Searches for “weather” · pinned');
      expect(links[1]!.getAttribute('href')).toBe('/search?q=harbour&body=0');
      app.navigate(links[0]!.getAttribute('href')!);
      expect(await screen.findByText('1 item matches “weather”.')).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Saved searches' })).toBeNull();
    } finally {
      await callApi('DELETE', '/v1/saved-searches/{saved_search_id}', { params: { saved_search_id: pinned.id } });
    }
  });

  it('offers no saved searches list against a hosted service, which lacks the operation', async () => {
    renderRouted(<SearchView />, { url: '/search', mode: 'remote' });
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Saved searches' })).toBeNull();
  });
});

describe('a search that fails', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free' });
  });
  afterAll(() => local.close());
  afterEach(() => configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } }));

  it('explains a plan without global search (402) when the URL asks for it', async () => {
    renderRouted(<SearchView />, { url: '/search?q=harbour&global=1' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Not included in your plan' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'See your plan' })).toBeTruthy();
  });

  it('asks to sign in again on 401', async () => {
    configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    renderRouted(<SearchView />, { url: '/search?q=harbour&tab=tags' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Please sign in again' })).toBeTruthy();
  });

  it('offers a retry when the service is unavailable (503)', async () => {
    await withUnavailableService('Busy.', async () => {
      renderRouted(<SearchView />, { url: '/search?q=harbour&tab=folders' });
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'The service is unavailable' })).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });
});
