// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxView } from '@/components/inbox/inbox-view';
import { SeededSWR } from '@/components/shell/seeded-swr';
import { callApi } from '@/lib/client/api-client';
import { filtersFor, readInboxSelection } from '@/lib/client/inbox-view';
import { filtersKey, itemsListKey, itemsPageQuery, type ItemsPage } from '@/lib/client/item-cache';
import { foldersKey } from '@/lib/client/use-folders';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

/*
 * The inbox narrowed to a folder, a subscription or a tag, as the sidebar links it
 * (`/inbox?folder=<id>`): only that source's items, its name as a heading, the views and
 * mark-all kept to it, and a plain state for a source that does not exist.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

type Ids = { folder: string; tag: string; bakery: string; world: string[]; tech: string[]; others: string[] };

/** World and Tech in the folder News, Bakery and Weekly without one; the first World item tagged "later". */
async function seed(local: LocalService): Promise<Ids> {
  const world = local.addFeed('World', [{}, {}, {}]);
  const tech = local.addFeed('Tech', [{}, {}]);
  const bakery = local.addFeed('Bakery', [{}]);
  const weekly = local.addFeed('Weekly', [{}, {}]);
  const subscriptions = (await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data;
  const id = (title: string) => subscriptions.find((entry) => entry.title === title)!.id;
  const folder = await callApi('POST', '/v1/folders', { body: { name: 'News' } });
  for (const title of ['World', 'Tech']) {
    await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: id(title) }, body: { folder_id: folder.id } });
  }
  const tagged = await callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: world[0]! }, body: { tags: ['later'] } });
  return { folder: folder.id, tag: tagged.tags[0]!.id, bakery: id('Bakery'), world, tech, others: [...bakery, ...weekly] };
}

function isRead(local: LocalService, id: string): number {
  return (local.service.db.prepare('SELECT is_read FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as { is_read: number }).is_read;
}

function titles(list: HTMLElement): string[] {
  return within(list).getAllByRole('link').filter((link) => link.hasAttribute('data-item-link')).map((link) => link.textContent ?? '');
}

describe('the inbox narrowed to a source', () => {
  let local: LocalService;
  let ids: Ids;
  beforeAll(async () => {
    local = await startLocalService();
    ids = await seed(local);
  });
  afterAll(() => local.close());

  it('lists only a folder’s items, under the folder’s name', async () => {
    renderRouted(<InboxView />, { url: `/inbox?folder=${ids.folder}` });
    const list = await screen.findByRole('list', { name: 'Unread items in News' }, { timeout: 5000 });
    expect(titles(list)).toEqual(['World item 0', 'World item 1', 'World item 2', 'Tech item 0', 'Tech item 1']);
    expect(screen.getByRole('heading', { level: 2, name: 'Folder: News' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show every source' }).getAttribute('href')).toBe('/inbox');
  });

  it('lists only a subscription’s items, and only a tag’s', async () => {
    renderRouted(<InboxView />, { url: `/inbox?subscription=${ids.bakery}` });
    expect(titles(await screen.findByRole('list', { name: 'Unread items in Bakery' }))).toEqual(['Bakery item 0']);
    expect(screen.getByRole('heading', { level: 2, name: 'Subscription: Bakery' })).toBeTruthy();
    cleanup();

    renderRouted(<InboxView />, { url: `/inbox?tag=${ids.tag}` });
    expect(titles(await screen.findByRole('list', { name: 'Unread items in later' }))).toEqual(['World item 0']);
    expect(screen.getByRole('heading', { level: 2, name: 'Tag: later' })).toBeTruthy();
  });

  it('keeps the source when switching views and types', async () => {
    local.setState([ids.tech[0]!], { is_read: true });
    try {
      const app = renderRouted(<InboxView />, { url: `/inbox?folder=${ids.folder}` });
      const unread = await screen.findByRole('list', { name: 'Unread items in News' });
      expect(titles(unread)).not.toContain('Tech item 0');

      const all = within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', { name: 'All' }).getAttribute('href')!;
      expect(all).toBe(`/inbox?view=all&folder=${ids.folder}`);
      app.navigate(all);
      const list = await screen.findByRole('list', { name: 'Items in News' });
      expect(titles(list)).toEqual(['World item 0', 'World item 1', 'World item 2', 'Tech item 0', 'Tech item 1']);

      const episodes = within(screen.getByRole('navigation', { name: 'Item types' })).getByRole('link', { name: 'Episodes' }).getAttribute('href')!;
      expect(episodes).toBe(`/inbox?view=all&type=episode&folder=${ids.folder}`);
      app.navigate(episodes);
      expect(await screen.findByRole('heading', { name: 'No episodes in News yet' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'Folder: News' })).toBeTruthy();
    } finally {
      local.setState([ids.tech[0]!], { is_read: false });
    }
  });

  it('says a source that does not exist was not found, with the way back to every source', async () => {
    renderRouted(<InboxView />, { url: '/inbox?view=all&folder=00000000-0000-4000-8000-000000000000' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Folder not found' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Show every source' }).getAttribute('href')).toBe('/inbox?view=all');
    expect(screen.queryByRole('list', { name: /items/i })).toBeNull();
  });

  it('renders a source seeded on the server under the hooks’ own keys, name included, with no loading state', async () => {
    const url = `/inbox?folder=${ids.folder}`;
    const filters = filtersFor(readInboxSelection(new URL(url, 'http://app.local').searchParams));
    const key = filtersKey(filters);
    const list = await callApi('GET', '/v1/items', { query: itemsPageQuery(key, null) });
    const folders = await callApi('GET', '/v1/folders');
    const page: ItemsPage = { ...list, filters: key, loadedAt: new Date().toISOString() };
    renderRouted(<SeededSWR seed={{ [itemsListKey(filters)]: [page], [foldersKey]: folders.data }}><InboxView /></SeededSWR>, { url });
    expect(screen.queryByText('Loading items…')).toBeNull();
    expect(titles(screen.getByRole('list', { name: 'Unread items in News' }))).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 2, name: 'Folder: News' })).toBeTruthy();
  });
});

describe('mark all as read in a source', () => {
  let local: LocalService;
  let ids: Ids;
  beforeAll(async () => {
    local = await startLocalService();
    ids = await seed(local);
  });
  afterAll(() => local.close());

  it('marks read only the folder’s items and then says the folder is caught up', async () => {
    const user = userEvent.setup();
    renderRouted(<InboxView />, { url: `/inbox?folder=${ids.folder}` });
    await screen.findByRole('list', { name: 'Unread items in News' });

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    // The question is fetched when the button is first pressed.
    expect(await screen.findByText(/^Mark 5 unread items in News, as of .*, as read\?$/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('5 items marked read.'));
    expect([...ids.world, ...ids.tech].map((id) => isRead(local, id))).toEqual([1, 1, 1, 1, 1]);
    expect(ids.others.map((id) => isRead(local, id))).toEqual([0, 0, 0]);
    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeTruthy();
    expect(screen.getByText('There are no unread items in News.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See everything in News' }).getAttribute('href')).toBe(`/inbox?view=all&folder=${ids.folder}`);
  });
});

describe('mark below as read in a source', () => {
  let local: LocalService;
  afterAll(() => local.close());

  it('marks the rows below and the folder’s items not loaded yet, and nothing outside the folder', async () => {
    local = await startLocalService();
    const long = local.addFeed('Long', Array.from({ length: 35 }, () => ({})));
    const outside = local.addFeed('Outside', [{}, {}]);
    const subscriptions = (await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data;
    const folder = await callApi('POST', '/v1/folders', { body: { name: 'Archive' } });
    const longId = subscriptions.find((entry) => entry.title === 'Long')!.id;
    await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: longId }, body: { folder_id: folder.id } });
    const user = userEvent.setup();
    renderRouted(<InboxView />, { url: `/inbox?folder=${folder.id}` });
    const list = await screen.findByRole('list', { name: 'Unread items in Archive' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);

    const row = within(within(list).getByRole('link', { name: 'Long item 1' }).closest('li')!);
    await user.click(row.getByRole('button', { name: /^More actions: / }));
    // The menu is fetched when one first opens.
    await user.click(await row.findByRole('button', { name: 'Mark items below as read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Items below marked read.'));
    expect(long.map((id) => isRead(local, id))).toEqual([0, 0, ...Array(33).fill(1)]);
    expect(outside.map((id) => isRead(local, id))).toEqual([0, 0]);
  });
});
